import { Box, Card, CardContent, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { LoadingText } from '../common/LoadingText';
import { ApplicationBadges } from './show/ApplicationBadges';
import { ApplicationTabs } from './show/ApplicationTabs';
import { statusChangesOf } from './show/editionHistory';
import { StatusHistory } from './show/StatusHistory';
import { StatusUpdate } from './show/StatusUpdate';
import type { ApplicationRecord } from './types';

function ApplicationTitle() {
  const record = useRecordContext<ApplicationRecord>();
  return <span>{record ? `Application of ${record.firstName} ${record.lastName}` : 'Application'}</span>;
}

const Actions = () => (
  <TopToolbar>
    <ListButton label="Back to applications" />
  </TopToolbar>
);

// A row from the list is shown at once while the full record (answers, allowed moves, history) loads.
const isComplete = (record: Partial<ApplicationRecord>): record is ApplicationRecord =>
  record.application !== undefined && Array.isArray(record.allowedStatuses) && Array.isArray(record.history);

function ApplicationDetail() {
  const record = useRecordContext<ApplicationRecord>();
  if (!record) return <LoadingText>Loading App...</LoadingText>;
  const complete = isComplete(record);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Box>
            <Typography component="h1" variant="h5">
              {record.firstName} {record.lastName}
            </Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              SV ID <strong data-testid="svid">{record.svid}</strong> · {record.email}
            </Typography>
          </Box>
          <ApplicationBadges record={record} />
          {complete && <StatusUpdate record={record} />}
        </CardContent>
      </Card>
      {complete ? (
        <>
          <Card variant="outlined">
            <CardContent>
              <ApplicationTabs record={record} />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography component="h2" variant="h6" gutterBottom>
                Status history
              </Typography>
              <StatusHistory history={statusChangesOf(record)} />
            </CardContent>
          </Card>
        </>
      ) : (
        <LoadingText>Loading App...</LoadingText>
      )}
    </Box>
  );
}

/**
 * One application, its processing status and its history (docs/product.md, "The admin panel's pages");
 * by default the one of the address, or the one given (the lookup by username).
 */
export function ApplicationShow({ id }: { id?: number }) {
  return (
    <Show
      resource="applications"
      id={id}
      title={<ApplicationTitle />}
      actions={<Actions />}
      loading={<LoadingText>Loading App...</LoadingText>}
      component="div"
    >
      <ApplicationDetail />
    </Show>
  );
}
