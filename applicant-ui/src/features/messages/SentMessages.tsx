import { Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { MessageSummary } from '../../api/types';
import { formatDateTime } from '../home/dateText';

/** How often the list is asked again while a message is still being sent. */
export const SENDING_REFRESH_MS = 5_000;

const STATE_TEXT: Record<MessageSummary['state'], string> = {
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Stopped by the organisers',
};

/** '12 sent · 1 failed · 3 queued, of 16': those handed to the mail server and not answered yet count as queued. */
function deliveryText({ counts, recipients }: MessageSummary): string {
  const queued = counts.queued + counts.sending;
  const parts = [
    `${counts.sent} sent`,
    `${counts.failed} failed`,
    `${queued} queued`,
    ...(counts.cancelled ? [`${counts.cancelled} not sent`] : []),
  ];
  return `${parts.join(' · ')}, of ${recipients}`;
}

function SentMessage({ message }: { message: MessageSummary }) {
  const titleId = `sent-message-${message.id}`;
  const done = message.counts.sent + message.counts.failed;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 'bold', overflowWrap: 'anywhere' }}>
        {message.subject}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        To {message.audience} · {formatDateTime(message.createdAt)}
      </Typography>
      {message.bannerUntil && (
        <Typography variant="body2" color="text.secondary">
          On their dashboards until {formatDateTime(message.bannerUntil)}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'baseline', mt: 1 }}>
        <Typography sx={{ fontWeight: 'bold' }}>{STATE_TEXT[message.state]}</Typography>
        <Typography variant="body2">{deliveryText(message)}</Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={message.recipients ? Math.round((100 * done) / message.recipients) : 100}
        aria-label={`Delivery of ${message.subject}`}
        sx={{ mt: 1, height: 8, borderRadius: 1 }}
      />
    </Paper>
  );
}

/** The team leader's own messages, newest first, with how far each has gone. */
export function SentMessages({ messages }: { messages: readonly MessageSummary[] }) {
  if (!messages.length) return <Typography>You have not sent a message yet.</Typography>;
  // The contract does not say in which order the server lists them.
  const newestFirst = [...messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Stack spacing={2}>
      {newestFirst.map((message) => (
        <SentMessage key={message.id} message={message} />
      ))}
    </Stack>
  );
}
