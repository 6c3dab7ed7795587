import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { formatUtcDateTime } from '@svp/domain';
import { useCallback, useEffect, useId, useState } from 'react';
import { useAlerts } from '../../../state/AlertsContext';
import { type CalendarFeedLink, type CalendarFeedStatus, calendarFeedApi } from './calendarFeedApi';
import { downloadCalendar } from './downloadCalendar';

type Busy = 'download' | 'subscribe' | 'rotate' | 'turnOff' | null;

/** Buttons side by side from the sm breakpoint, stacked full width on a phone. */
const buttonRow = {
  direction: { xs: 'column', sm: 'row' },
  spacing: 1,
  sx: { alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap' },
} as const;

/**
 * "Add your shifts to your calendar": a one-off .ics download, and a personal link a calendar app
 * subscribes to (made, replaced or turned off here). Shown on the volunteer and team-leader schedules.
 */
export function CalendarFeedPanel({ userId }: { userId: number }) {
  const { showError, showMessage, clearAll } = useAlerts();
  const [status, setStatus] = useState<CalendarFeedStatus | null>(null);
  // Until the status is known the buttons that depend on it wait; if it cannot be read, Subscribe is offered.
  const [checking, setChecking] = useState(true);
  const [link, setLink] = useState<CalendarFeedLink | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const controller = new AbortController();
    calendarFeedApi
      .status(userId, controller.signal)
      .then(setStatus)
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') showError(error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setChecking(false);
      });
    return () => controller.abort();
  }, [userId, showError]);

  /** Runs one action at a time, showing its failure in the page's danger alert. */
  const run = useCallback(
    async (kind: Exclude<Busy, null>, action: () => Promise<void>) => {
      setBusy(kind);
      clearAll();
      try {
        await action();
      } catch (error) {
        showError(error);
      } finally {
        setBusy(null);
      }
    },
    [clearAll, showError],
  );

  const download = () =>
    run('download', async () => {
      await downloadCalendar(userId);
    });

  const makeLink = (kind: 'subscribe' | 'rotate') =>
    run(kind, async () => {
      const created = await calendarFeedApi.subscribe(userId);
      setLink(created);
      setStatus({ active: true, created_at: created.created_at, last_used_at: null });
      if (kind === 'rotate')
        showMessage('Your new calendar link is ready. The old link no longer works: subscribe again with the new one.');
    });

  const turnOff = () =>
    run('turnOff', async () => {
      const result = await calendarFeedApi.turnOff(userId);
      setLink(null);
      setStatus({ active: false, created_at: null, last_used_at: null });
      showMessage(result.message);
    }).finally(() => setConfirmOff(false));

  const active = status?.active ?? false;

  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId} data-testid="calendar-feed-panel">
      <CardContent>
        <Typography variant="h6" component="h2" id={titleId} gutterBottom>
          Add your shifts to your calendar
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Download your shifts once, or subscribe so your calendar app keeps them up to date. Times are Pacific time (America/Los_Angeles).
        </Typography>

        <Stack {...buttonRow}>
          <Button variant="outlined" onClick={() => void download()} disabled={busy !== null}>
            {busy === 'download' ? 'Downloading...' : 'Download (.ics)'}
          </Button>
          {!active && !checking && (
            <Button variant="contained" onClick={() => void makeLink('subscribe')} disabled={busy !== null}>
              {busy === 'subscribe' ? 'Creating your link...' : 'Subscribe'}
            </Button>
          )}
          {checking && (
            <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CircularProgress size={16} aria-hidden />
              <Typography variant="body2">Checking your calendar link...</Typography>
            </Box>
          )}
        </Stack>

        {link && (
          <Box sx={{ mt: 2 }} data-testid="calendar-feed-links">
            <Alert severity="info" sx={{ mb: 2 }}>
              This link is personal: anyone who has it can see your shifts, so do not share it.
            </Alert>
            <CopyableLink label="Calendar link" value={link.url} />
            <CopyableLink label="Calendar app link (webcal)" value={link.webcal_url} />
            <Button variant="contained" href={link.webcal_url} sx={{ width: { xs: '100%', sm: 'auto' } }}>
              Open in your calendar app
            </Button>
          </Box>
        )}

        {active && status && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" data-testid="calendar-feed-status">
              Your calendar link is on (made {status.created_at ? formatUtcDateTime(status.created_at) : 'earlier'};{' '}
              {status.last_used_at ? `last read by a calendar ${formatUtcDateTime(status.last_used_at)}` : 'not read by a calendar yet'}).
            </Typography>
            {!link && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                For your privacy the link is shown only when it is made. Get a new link to see one again; the old link then stops working.
              </Typography>
            )}
            <Stack {...buttonRow} sx={{ ...buttonRow.sx, mt: 1 }}>
              <Button variant="outlined" onClick={() => void makeLink('rotate')} disabled={busy !== null}>
                {busy === 'rotate' ? 'Creating your link...' : 'Get a new link'}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setConfirmOff(true)} disabled={busy !== null}>
                Turn off link
              </Button>
            </Stack>
          </Box>
        )}
      </CardContent>

      <Dialog
        open={confirmOff}
        onClose={busy === 'turnOff' ? undefined : () => setConfirmOff(false)}
        aria-labelledby={`${titleId}-off`}
        aria-describedby={`${titleId}-off-text`}
      >
        <DialogTitle id={`${titleId}-off`}>Turn off your calendar link?</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${titleId}-off-text`}>
            Calendars subscribed to it will stop updating, and anyone holding the link can no longer see your shifts. You can get a new link
            at any time.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="error" variant="contained" onClick={() => void turnOff()} disabled={busy === 'turnOff'}>
            {busy === 'turnOff' ? 'Turning off...' : 'Turn off link'}
          </Button>
          <Button onClick={() => setConfirmOff(false)} disabled={busy === 'turnOff'} autoFocus>
            Keep it
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

/** A link shown in full (wrapping on a phone) with a Copy button. */
function CopyableLink({ label, value }: { label: string; value: string }) {
  const { showError } = useAlerts();
  const [copied, setCopied] = useState(false);
  const labelId = useId();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      showError('The link could not be copied here: select it and copy it by hand.');
    }
  };

  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="subtitle2" id={labelId}>
        {label}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
        <Typography
          component="code"
          aria-labelledby={labelId}
          sx={{
            flex: 1,
            minWidth: 0,
            overflowWrap: 'anywhere',
            fontFamily: 'monospace',
            fontSize: '0.85rem',
            bgcolor: 'action.hover',
            px: 1,
            py: 0.5,
            borderRadius: 1,
            userSelect: 'all',
          }}
        >
          {value}
        </Typography>
        <Button variant="outlined" size="small" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </Stack>
    </Box>
  );
}
