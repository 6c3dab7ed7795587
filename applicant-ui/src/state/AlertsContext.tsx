import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { unableToCompleteRequest } from '@svp/domain';
import { FETCH_FAILED } from '../api/client';

interface Alerts {
  error: string | null;
  message: string | null;
  /** Shows an error in the danger alert; a network failure becomes the kept sentence with the contact address. */
  showError: (error: unknown) => void;
  showMessage: (message: string) => void;
  clearError: () => void;
  clearMessage: () => void;
  clearAll: () => void;
}

const AlertsContext = createContext<Alerts | null>(null);

/** The words to show for a failed call: its message, and for a network failure the kept sentence with the contact address. */
export function errorText(error: unknown, contactEmail: string): string {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong.';
  return text === FETCH_FAILED ? unableToCompleteRequest(contactEmail) : text;
}

export function AlertsProvider({ contactEmail, children }: { contactEmail: string; children: ReactNode }) {
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const showError = useCallback((e: unknown) => setError(errorText(e, contactEmail)), [contactEmail]);
  const value = useMemo<Alerts>(
    () => ({
      error,
      message,
      showError,
      showMessage: setMessage,
      clearError: () => setError(null),
      clearMessage: () => setMessage(null),
      clearAll: () => {
        setError(null);
        setMessage(null);
      },
    }),
    [error, message, showError],
  );
  return <AlertsContext.Provider value={value}>{children}</AlertsContext.Provider>;
}

export function useAlerts(): Alerts {
  const alerts = useContext(AlertsContext);
  if (!alerts) throw new Error('useAlerts needs an AlertsProvider');
  return alerts;
}
