import { Box, Button, Checkbox, FormControlLabel, MenuItem, TextField, Typography } from '@mui/material';
import { entryForWireId } from '@svp/domain';
import { useState } from 'react';
import { useNotify, useUpdate } from 'react-admin';
import { useEditionSettings } from '../../common/useEditionSettings';
import type { ApplicationRecord } from '../types';

export const STATUS_UPDATED = 'Updated application status';

/** The processing-status select, offering only the moves the lifecycle allows now, and Update. */
export function StatusUpdate({ record }: { record: ApplicationRecord }) {
  const notify = useNotify();
  const settings = useEditionSettings();
  const [update, { isPending }] = useUpdate<ApplicationRecord>();
  const [statusId, setStatusId] = useState<number | ''>('');
  const [grantTeamLeader, setGrantTeamLeader] = useState(false);

  const target = statusId === '' || !settings ? null : entryForWireId(settings.statusCatalogue, statusId);
  // Offering a place to a team-leader applicant can grant the role in the same step (docs/decisions.md).
  const canGrant = record.teamLeader && target?.state === 'offered';

  const submit = () => {
    if (statusId === '') return;
    update(
      'applications',
      { id: record.id, data: { statusId, ...(canGrant ? { grantTeamLeader } : {}) }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setStatusId('');
          notify(STATUS_UPDATED, { type: 'success' });
        },
        onError: (error) => notify(error instanceof Error ? error.message : 'Unable to update the status', { type: 'error' }),
      },
    );
  };

  if (!record.completed) {
    return <Typography color="text.secondary">Only submitted applications can be decided.</Typography>;
  }
  if (record.allowedStatuses.length === 0) {
    return <Typography color="text.secondary">No further status change is possible from {record.status}.</Typography>;
  }
  return (
    <Box
      component="form"
      onSubmit={(e) => (e.preventDefault(), submit())}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        select
        size="small"
        label="Processing status"
        value={statusId}
        onChange={(e) => setStatusId(e.target.value === '' ? '' : Number(e.target.value))}
        helperText={`Now: ${record.status}`}
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 280 }, m: 0 }}
      >
        {record.allowedStatuses.map((status) => (
          <MenuItem key={String(status.id)} value={status.id ?? 0}>
            {status.label}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={statusId === '' || isPending} sx={{ mt: 0.5 }}>
        Update
      </Button>
      {canGrant && (
        <FormControlLabel
          control={<Checkbox checked={grantTeamLeader} onChange={(e) => setGrantTeamLeader(e.target.checked)} />}
          label="Also grant the Team-Leader role"
        />
      )}
    </Box>
  );
}
