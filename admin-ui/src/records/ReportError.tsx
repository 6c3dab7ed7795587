import { Alert, Button } from '@mui/material';
import { useListContext } from 'react-admin';

/** A list report that could not be loaded: the server's message and 'Try again', in place of the rows. */
export function ListReportError() {
  const { error, refetch } = useListContext();
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          Try again
        </Button>
      }
    >
      {error?.message || 'The report could not be loaded.'}
    </Alert>
  );
}
