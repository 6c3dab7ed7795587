import { Alert, Box, Button } from '@mui/material';
import { Title } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LoadingText } from '../common/LoadingText';
import { useAdminQuery } from '../common/useAdminQuery';
import { ApplicationShow } from './ApplicationShow';

/**
 * /application/{username} of the earlier portal (its ViewApp): the application of
 * that user, in the panel's own view; a new username loads again.
 */
export function ApplicationByUsername() {
  const { username = '' } = useParams();
  const lookup = useAdminQuery((api) => api.applicationIdByUsername(username), `application-of-${username}`);
  // While a new username loads, the previous user's application is not shown as if it were this one's.
  if (lookup.isPending) return <LoadingText>Loading App...</LoadingText>;
  if (lookup.error || !lookup.data) {
    return (
      <Box sx={{ py: 2, display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Title title="Application" />
        <Alert severity="error">{lookup.error?.message ?? 'Unable to load application'}</Alert>
        <Button component={RouterLink} to="/application/search">
          Search by user
        </Button>
      </Box>
    );
  }
  return <ApplicationShow key={lookup.data.id} id={lookup.data.id} />;
}
