import { type ReactNode, createContext, useContext } from 'react';

const RequiredFieldsContext = createContext<ReadonlySet<string>>(new Set());

/**
 * Marks the named fields inside as required, with the asterisk the profile's fields carry: a form
 * whose required answers follow a rule (some only under conditions) names them once here, rather
 * than field by field.
 */
export function RequiredFields({ names, children }: { names: Iterable<string>; children: ReactNode }) {
  return <RequiredFieldsContext.Provider value={new Set(names)}>{children}</RequiredFieldsContext.Provider>;
}

/** Whether a field is required: as its own `required` prop says, else as the surrounding RequiredFields say. */
export function useRequired(name: string, required?: boolean): boolean {
  const names = useContext(RequiredFieldsContext);
  return required ?? names.has(name);
}
