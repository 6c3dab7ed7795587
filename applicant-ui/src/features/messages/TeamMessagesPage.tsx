import { Box, Button, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { endpoints } from '../../api/endpoints';
import { MESSAGES_PATH } from '../../components/navigation';
import { useSession } from '../../state/SessionContext';
import { LoadingText } from '../application/LoadingText';
import { LoadFailed } from '../schedule/LoadFailed';
import { ScheduleRefusal } from '../schedule/ScheduleRefusal';
import { useScheduleLoad } from '../schedule/useScheduleLoad';
import { SENDING_REFRESH_MS, SentMessages } from './SentMessages';
import { TeamMessageForm } from './TeamMessageForm';

const loadTeamMessages = () => endpoints.teamMessages().then((answer) => answer.messages);

/**
 * /messages/team: a team leader writes to the volunteers of a venue they lead (all of
 * them, one day's or one shift's), then follows their messages going out; the list is asked again
 * every few seconds while one is still being sent. Anyone else is sent to their own messages.
 */
export default function TeamMessagesPage() {
  const { isTeamLeader } = useSession();
  const venues = useScheduleLoad(isTeamLeader ? 'team-message-venues' : null, endpoints.teamMessageVenues, { cache: false });
  const sent = useScheduleLoad(isTeamLeader ? 'team-messages' : null, loadTeamMessages, { cache: false });
  const sending = sent.data?.some((message) => message.state === 'sending') ?? false;
  const reloadSent = sent.reload;
  useEffect(() => {
    if (!sending) return undefined;
    const timer = window.setInterval(reloadSent, SENDING_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [sending, reloadSent]);
  if (!isTeamLeader) return <Navigate to={MESSAGES_PATH} replace />;

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Write to my volunteers
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Write to the volunteers of a venue you lead: all of them, those of one day or those of one shift. They get it by email and find it
        under Messages in the portal.
      </Typography>
      {venues.refused && (
        <ScheduleRefusal
          title="You cannot write to volunteers"
          message={venues.refused}
          back={{ to: MESSAGES_PATH, label: 'Back to Messages' }}
        />
      )}
      {venues.loading && <LoadingText text="Loading your venues..." />}
      {venues.failed && !venues.data && <LoadFailed what="Your venues" onRetry={venues.reload} />}
      {venues.data &&
        (venues.data.venues.length === 0 ? (
          <Typography sx={{ mb: 3 }}>You do not lead a venue yet, so there is nobody to write to.</Typography>
        ) : (
          <TeamMessageForm venues={venues.data.venues} onSent={reloadSent} />
        ))}

      {!venues.refused && (
        <Box component="section" aria-labelledby="sent-messages-title" sx={{ mt: 4 }}>
          <Typography id="sent-messages-title" variant="h5" component="h2" gutterBottom>
            Messages you sent
          </Typography>
          {sent.loading && <LoadingText text="Loading your messages..." />}
          {sent.failed && !sent.data && <LoadFailed what="Your messages" onRetry={reloadSent} />}
          {sent.refused && <Typography>{sent.refused}</Typography>}
          {sent.data && <SentMessages messages={sent.data} />}
        </Box>
      )}

      <Button variant="outlined" component={RouterLink} to={MESSAGES_PATH} sx={{ mt: 3 }}>
        Back to Messages
      </Button>
    </Box>
  );
}
