import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { endpoints } from '../../api/endpoints';
import type { ReceivedMessage } from '../../api/types';
import { TEAM_MESSAGES_PATH, messageAnchor } from '../../components/navigation';
import { useSession } from '../../state/SessionContext';
import { LoadingText } from '../application/LoadingText';
import { formatDateTime } from '../home/dateText';
import { LoadFailed } from '../schedule/LoadFailed';
import { ScheduleRefusal } from '../schedule/ScheduleRefusal';
import { useScheduleLoad } from '../schedule/useScheduleLoad';

export const NO_MESSAGES =
  'No messages yet. When the organisers or your team leaders write to you, their messages appear here and in your email.';

const loadMessages = () => endpoints.receivedMessages().then((answer) => answer.messages);

/** The server's HTML of a message, kept inside the page's width on a phone (long links, images, code, tables). */
const messageBodySx = {
  overflowWrap: 'anywhere',
  // Space between the blocks of the body, none around them.
  '& > *': { my: 0 },
  '& > * + *': { mt: 2 },
  '& img': { maxWidth: '100%', height: 'auto' },
  '& pre': { overflowX: 'auto', whiteSpace: 'pre-wrap' },
  '& table': { display: 'block', overflowX: 'auto' },
} as const;

function MessageItem({ message }: { message: ReceivedMessage }) {
  const anchor = messageAnchor(message.id);
  return (
    <Paper
      component="article"
      variant="outlined"
      id={anchor}
      aria-labelledby={`${anchor}-subject`}
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 16 }}
    >
      <Typography id={`${anchor}-subject`} variant="h6" component="h2" tabIndex={-1} sx={{ overflowWrap: 'anywhere', outline: 'none' }}>
        {message.subject}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        From {message.from} · {formatDateTime(message.sentAt)}
      </Typography>
      {/* The server makes this HTML from the Markdown it was sent and escapes any raw HTML in it (docs/api.md),
          so it holds no markup of the author's own. */}
      <Box sx={messageBodySx} dangerouslySetInnerHTML={{ __html: message.html }} />
    </Paper>
  );
}

/**
 * /messages: the messages the organisers and team leaders sent to the signed-in user,
 * newest first as the server lists them. A link from a dashboard banner (#message-<id>) opens at
 * that message. Team leaders also find the way to write to their volunteers here.
 */
export default function MessagesPage() {
  const { isTeamLeader } = useSession();
  const { hash } = useLocation();
  const { data, loading, failed, refused, reload } = useScheduleLoad('messages', loadMessages, { cache: false });

  // The page opens at the top; a link to one message goes on to it once the list is in.
  useEffect(() => {
    if (!data || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView?.();
    target?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [data, hash]);

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Messages
      </Typography>
      {isTeamLeader && (
        <Button variant="outlined" component={RouterLink} to={TEAM_MESSAGES_PATH} sx={{ mb: 3 }}>
          Write to my volunteers
        </Button>
      )}
      {refused && (
        <ScheduleRefusal title="Your messages cannot be shown" message={refused} back={{ to: '/dashboard', label: 'Back to Dashboard' }} />
      )}
      {loading && <LoadingText text="Loading your messages..." />}
      {failed && !data && <LoadFailed what="Your messages" onRetry={reload} />}
      {data && data.length === 0 && <Typography>{NO_MESSAGES}</Typography>}
      {data && data.length > 0 && (
        <Stack spacing={2}>
          {data.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
