import { Alert } from '@mui/material';
import { useEffect, useRef } from 'react';

/**
 * The server's refusal of a swap call, shown where the volunteer acted (in the row, or in the
 * confirmation modal) and focused, which scrolls it into view and has screen readers read it.
 */
export function SwapRefusal({ message, onClose }: { message: string; onClose?: () => void }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    alert.current?.focus();
    alert.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  return (
    <Alert ref={alert} severity="error" tabIndex={-1} onClose={onClose} data-testid="swap-refusal" sx={{ mt: 2 }}>
      {message}
    </Alert>
  );
}
