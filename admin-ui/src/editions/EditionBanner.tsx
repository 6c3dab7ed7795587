import { Alert, Button, Stack } from '@mui/material';
import { useEditionChoice, useEditionList } from './EditionContext';

/** Atop every page: which earlier edition is being read, and the server's refusal of a change to an edition that is over. */
export function EditionBanner() {
  const { reading, choose } = useEditionChoice();
  const { refusal, dismissRefusal } = useEditionList();
  if (!reading && !refusal) return null;
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {reading && (
        <Alert
          severity="warning"
          role="status"
          action={
            <Button color="inherit" size="small" onClick={() => choose(null)}>
              Back to the current edition
            </Button>
          }
        >
          You are reading {reading.name}, which is over: nothing can be changed.
        </Alert>
      )}
      {refusal && (
        <Alert severity="error" onClose={dismissRefusal}>
          {refusal}
        </Alert>
      )}
    </Stack>
  );
}
