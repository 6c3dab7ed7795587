import { Button, type ButtonProps, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';

interface ConfirmButtonProps {
  label: string;
  /** The dialog's question and what follows from a yes. */
  title: string;
  text: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  run: () => Promise<void>;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  startIcon?: ReactNode;
  disabled?: boolean;
  /** The dialog's way out; 'Go back' where the action itself is a cancel. */
  dismissLabel?: string;
}

/** A button that asks first, then runs, with the dialog open and its buttons held until the answer comes. */
export function ConfirmButton({
  label,
  title,
  text,
  confirmLabel,
  pendingLabel,
  run,
  color = 'primary',
  variant = 'contained',
  startIcon,
  disabled,
  dismissLabel = 'Cancel',
}: ConfirmButtonProps) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await run();
    } finally {
      setPending(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button
        color={color}
        variant={variant}
        startIcon={startIcon}
        onClick={() => setOpen(true)}
        disabled={disabled}
        aria-haspopup="dialog"
      >
        {label}
      </Button>
      <Dialog open={open} onClose={pending ? undefined : () => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText component="div">{text}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={pending}>
            {dismissLabel}
          </Button>
          <Button color={color} variant="contained" onClick={() => void confirm()} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
