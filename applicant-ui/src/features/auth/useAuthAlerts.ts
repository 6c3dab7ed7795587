import { useMemo } from 'react';
import { useAlerts } from '../../state/AlertsContext';

/**
 * The shell's alerts, brought into view when shown: on a phone the panel sits below the notices,
 * far from the alerts at the top of the page.
 */
export function useAuthAlerts() {
  const alerts = useAlerts();
  return useMemo(
    () => ({
      ...alerts,
      showError: (error: unknown) => {
        alerts.showError(error);
        window.scrollTo({ top: 0, behavior: 'smooth' });
      },
      showMessage: (message: string) => {
        alerts.showMessage(message);
        window.scrollTo({ top: 0, behavior: 'smooth' });
      },
    }),
    [alerts],
  );
}
