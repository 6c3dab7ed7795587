import { useEffect } from 'react';
import { useNotify } from 'react-admin';

/** A failed load tells the server's message once, as react-admin's notifications do for the resources. */
export function useNotifyError(error: Error | null): void {
  const notify = useNotify();
  useEffect(() => {
    if (error) notify(error.message, { type: 'error' });
  }, [error, notify]);
}
