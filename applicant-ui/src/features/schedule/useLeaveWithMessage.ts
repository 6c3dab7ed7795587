import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAlerts } from '../../state/AlertsContext';

/**
 * Goes to another page and shows a message there. The route guard clears the alerts after each
 * navigation, so the message is shown once this page has left and the next one is in place.
 */
export function useLeaveWithMessage(): (to: string, message: string) => void {
  const navigate = useNavigate();
  const { showMessage } = useAlerts();
  const message = useRef<string | null>(null);

  useEffect(
    () => () => {
      const text = message.current;
      if (text) setTimeout(() => showMessage(text), 0);
    },
    [showMessage],
  );

  return useCallback(
    (to: string, text: string) => {
      message.current = text;
      navigate(to);
    },
    [navigate],
  );
}
