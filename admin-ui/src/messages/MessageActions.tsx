import BlockIcon from '@mui/icons-material/Block';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box } from '@mui/material';
import type { ComponentProps } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton';
import type { AdminDataProvider } from '../dataProvider';
import { messageOf } from './compose';
import { plural } from './labels';
import type { MessageDetail } from './types';

/** A button that asks first; the dialog's way out says 'Go back', since one of the actions is itself a cancel. */
const ActionButton = (props: Omit<ComponentProps<typeof ConfirmButton>, 'variant' | 'dismissLabel'>) => (
  <ConfirmButton {...props} variant="outlined" dismissLabel="Go back" />
);

/**
 * Cancel (while some are queued), Resume (when some were cancelled), Retry failed and Retry
 * interrupted: each asks first, then says what the server did, and the page reads the message again.
 */
export function MessageActions({ message }: { message: MessageDetail }) {
  const api = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { counts } = message;
  // Left 'sending' by a server that stopped: the server counts those claimed over two minutes ago.
  const interrupted = message.interrupted;

  const act = (call: () => Promise<{ data: MessageDetail }>, done: (answer: MessageDetail) => string) => async () => {
    try {
      const { data } = await call();
      notify(done(data), { type: 'success' });
    } catch (error) {
      // 409: the queue moved on meanwhile (finished, nothing left to resume or retry); the page shows how it stands.
      notify(messageOf(error), { type: 'error' });
    } finally {
      refresh();
    }
  };

  if (!counts.queued && !counts.cancelled && !counts.failed && !interrupted) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {counts.queued > 0 && (
        <ActionButton
          label="Cancel sending"
          title={`Cancel the ${plural(counts.queued, 'email')} still queued?`}
          text={
            'Those already sent stay sent, and an email being handed to the mail server now may still go out. ' +
            'You can resume the cancelled ones later.'
          }
          confirmLabel="Cancel the queued emails"
          pendingLabel="Cancelling..."
          color="error"
          startIcon={<BlockIcon />}
          run={act(
            () => api.cancelMessage(message.id),
            (answer) => `Sending stopped: ${plural(answer.counts.cancelled, 'recipient')} cancelled.`,
          )}
        />
      )}
      {counts.cancelled > 0 && (
        <ActionButton
          label="Resume"
          title={`Queue the ${plural(counts.cancelled, 'cancelled recipient')} again?`}
          text="They get the message as it was written, in turn after the messages already queued."
          confirmLabel="Resume sending"
          pendingLabel="Resuming..."
          startIcon={<PlayArrowIcon />}
          run={act(
            () => api.resumeMessage(message.id),
            (answer) => `Sending resumed: ${plural(answer.counts.queued, 'recipient')} queued.`,
          )}
        />
      )}
      {counts.failed > 0 && (
        <ActionButton
          label={`Retry failed (${counts.failed.toLocaleString('en-US')})`}
          title={`Try the ${plural(counts.failed, 'failed recipient')} again?`}
          text={
            'Their emails are queued again. The mail server refused them before, for good: ' +
            'check the answers in the table (a mistyped address fails again).'
          }
          confirmLabel="Retry failed"
          pendingLabel="Queueing..."
          startIcon={<ReplayIcon />}
          run={act(
            () => api.retryMessage(message.id, ['failed']),
            (answer) => `${plural(answer.counts.queued, 'recipient')} queued again.`,
          )}
        />
      )}
      {interrupted > 0 && (
        <ActionButton
          label={`Retry interrupted (${interrupted.toLocaleString('en-US')})`}
          title={`Send again to the ${plural(interrupted, 'recipient')} left being sent?`}
          text={
            <>
              A server stopped while it was handing {interrupted === 1 ? 'this email' : 'these emails'} to the mail server, so{' '}
              {interrupted === 1 ? 'it' : 'they'} <strong>may already have been received</strong>: sending again may give those people a
              second copy.
            </>
          }
          confirmLabel="Send again"
          pendingLabel="Queueing..."
          color="warning"
          startIcon={<ReplayIcon />}
          run={act(
            () => api.retryMessage(message.id, ['sending']),
            (answer) => `${plural(answer.counts.queued, 'recipient')} queued again.`,
          )}
        />
      )}
    </Box>
  );
}
