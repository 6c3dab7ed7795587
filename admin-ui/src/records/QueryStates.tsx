import { Alert, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { LoadingText } from '../common/LoadingText';
import type { AdminQuery } from '../common/useAdminQuery';

/**
 * What a report shows before its figures: the loading text, or the server's message with 'Try
 * again' when nothing could be loaded. A failed reload over figures already shown keeps them, with
 * the message above them, so nobody reads an old figure as a fresh one.
 */
export function QueryStates<T>({ query, loading, children }: { query: AdminQuery<T>; loading: string; children: (data: T) => ReactNode }) {
  const failure = query.error && !query.isPending && (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={query.refetch}>
          Try again
        </Button>
      }
    >
      {query.error.message || 'The report could not be loaded.'}
    </Alert>
  );
  if (query.data === undefined) return failure || <LoadingText>{loading}</LoadingText>;
  return (
    <>
      {failure}
      {children(query.data)}
    </>
  );
}
