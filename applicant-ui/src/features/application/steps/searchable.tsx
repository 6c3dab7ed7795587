import { type ComponentProps, use } from 'react';

type SearchableFields = typeof import('./searchableFields');

/**
 * The wizard's tabs with a searchable field (Academic Information: the country; SIGGRAPH Experience: the years; Financial Aid: the
 * situations). Their code (searchableFields.ts) is a chunk of its own, loaded before such a tab is drawn: the wizard waits for it
 * when it opens on one of them or moves to one, and asks for it once the browser is idle, so a tab's fields are always drawn at once,
 * never one at a time.
 */
export const TABS_WITH_SEARCH: readonly number[] = [1, 3, 6];

let loaded: SearchableFields | undefined;
let loading: Promise<SearchableFields> | undefined;

/** Loads the searchable fields' code (once; a failed download is asked for again next time). */
export function loadSearchableFields(): Promise<SearchableFields> {
  loading ??= import('./searchableFields').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Resolves once the code for `tab` is there: at once for a tab without a searchable field. */
export function readyForTab(tab: number): Promise<unknown> {
  return readyToDraw(tab) ? Promise.resolve() : loadSearchableFields();
}

/** Whether `tab` can be drawn at once: it has no searchable field, or their code is there. */
export function readyToDraw(tab: number): boolean {
  return !!loaded || !TABS_WITH_SEARCH.includes(tab);
}

/** Asks for the code once the browser has nothing else to do (after the first screen is drawn). */
export function loadSearchableFieldsWhenIdle(): () => void {
  if (loaded) return () => undefined;
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => void loadSearchableFields().catch(() => undefined), { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(() => void loadSearchableFields().catch(() => undefined), 2000);
  return () => clearTimeout(timer);
}

/** The years (or situations) picker, drawn from the loaded code (a page drawn on such a tab waits for it first: readyToDraw). */
export function MultiSelectField(props: ComponentProps<SearchableFields['MultiSelectInput']>) {
  const { MultiSelectInput } = loaded ?? use(loadSearchableFields());
  return <MultiSelectInput {...props} />;
}

/** The country picker, drawn from the loaded code. */
export function CountryField(props: ComponentProps<SearchableFields['CountryInput']>) {
  const { CountryInput } = loaded ?? use(loadSearchableFields());
  return <CountryInput {...props} />;
}
