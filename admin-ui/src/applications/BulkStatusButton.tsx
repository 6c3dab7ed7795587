import PublishedWithChangesIcon from '@mui/icons-material/PublishedWithChanges';
import {
  Alert,
  Box,
  Button as MuiButton,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  type Theme,
  useMediaQuery,
} from '@mui/material';
import { entryForWireId } from '@svp/domain';
import { useId, useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import { statusChoices, useEditionSettings } from '../common/useEditionSettings';
import type { AdminDataProvider } from '../dataProvider';
import type { BulkStatusResult } from './types';

const applications = (n: number) => `${n} application${n === 1 ? '' : 's'}`;

type Phase = { name: 'choosing' } | { name: 'running' } | { name: 'done'; result: BulkStatusResult };

/**
 * 'Change status' for the applications picked in the list: one processing status for all, after a
 * confirmation; each moves only as the lifecycle allows (one audit entry each), and the dialog then
 * lists what changed and what was refused, with the reason.
 */
export function BulkStatusButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const api = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const settings = useEditionSettings();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [statusId, setStatusId] = useState<number | ''>('');
  const [grantTeamLeader, setGrantTeamLeader] = useState(false);
  const [phase, setPhase] = useState<Phase>({ name: 'choosing' });

  const target = statusId === '' || !settings ? null : entryForWireId(settings.statusCatalogue, statusId);
  const count = selectedIds.length;

  const close = () => {
    if (phase.name === 'done') {
      onUnselectItems();
      refresh();
    }
    setOpen(false);
    setPhase({ name: 'choosing' });
    setStatusId('');
    setGrantTeamLeader(false);
  };

  const confirm = async () => {
    if (statusId === '') return;
    setPhase({ name: 'running' });
    try {
      const { data } = await api.setStatusOfMany({
        ids: selectedIds.map(Number),
        statusId,
        ...(target?.state === 'offered' ? { grantTeamLeader } : {}),
      });
      setPhase({ name: 'done', result: data });
    } catch (error) {
      setPhase({ name: 'choosing' });
      notify(error instanceof Error ? error.message : 'The statuses could not be changed.', { type: 'error' });
    }
  };

  const refused = phase.name === 'done' ? phase.result.results.filter((r) => r.outcome === 'refused') : [];

  return (
    <>
      <Button label="Change status" onClick={() => setOpen(true)}>
        <PublishedWithChangesIcon />
      </Button>
      <Dialog
        open={open}
        onClose={phase.name === 'running' ? undefined : close}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
        fullScreen={isSmall}
      >
        <DialogTitle id={titleId}>Change the status of {applications(count)}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {phase.name === 'done' ? (
            <Box role="status">
              <Alert severity={refused.length ? 'warning' : 'success'}>
                {phase.result.changed
                  ? `${applications(phase.result.changed)} changed to ${target?.label ?? 'the new status'}.`
                  : 'No application changed.'}{' '}
                {refused.length > 0 && `${applications(refused.length)} could not change:`}
              </Alert>
              {refused.length > 0 && (
                <List dense aria-label="Applications not changed">
                  {refused.map((outcome) => (
                    <ListItem key={outcome.id} disableGutters>
                      <ListItemText
                        primary={outcome.name ?? `Application ${outcome.id}`}
                        secondary={outcome.outcome === 'refused' ? outcome.message : ''}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          ) : (
            <>
              <DialogContentText>
                Each of the {applications(count)} picked moves to the new status if its lifecycle allows it; the others stay as they are and
                are listed with the reason. Every change is recorded in the audit log.
              </DialogContentText>
              <TextField
                select
                label="New processing status"
                value={statusId}
                onChange={(e) => setStatusId(e.target.value === '' ? '' : Number(e.target.value))}
                disabled={phase.name === 'running'}
                sx={{ mt: 1 }}
              >
                {statusChoices(settings).map((choice) => (
                  <MenuItem key={choice.id} value={choice.id}>
                    {choice.name}
                  </MenuItem>
                ))}
              </TextField>
              {target?.state === 'offered' && (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={grantTeamLeader}
                      onChange={(e) => setGrantTeamLeader(e.target.checked)}
                      disabled={phase.name === 'running'}
                    />
                  }
                  label="Also grant the Team-Leader role to those who applied as team leaders"
                />
              )}
              {phase.name === 'running' && <LinearProgress aria-label="Changing the statuses" />}
            </>
          )}
        </DialogContent>
        <DialogActions>
          {phase.name === 'done' ? (
            <MuiButton variant="contained" onClick={close}>
              Close
            </MuiButton>
          ) : (
            <>
              <MuiButton onClick={close} disabled={phase.name === 'running'}>
                Cancel
              </MuiButton>
              <MuiButton variant="contained" onClick={confirm} disabled={!target || phase.name === 'running'}>
                {target ? `Set ${applications(count)} to ${target.label}` : 'Pick a status'}
              </MuiButton>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
