import { Alert, AlertTitle, Link, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { endpoints } from '../../api/endpoints';
import type { ReceivedMessage } from '../../api/types';
import { messagePath } from '../../components/navigation';

export const DISMISS_FAILED = 'This notice could not be hidden just now. Please try again in a moment.';

/** A message shows as a banner until its `bannerUntil` (the browser's clock: the server's is not known here), unless dismissed. */
const showsAsBanner = (message: ReceivedMessage, now: number): boolean =>
  !message.dismissed && message.bannerUntil !== null && Date.parse(message.bannerUntil) > now;

function withId(ids: ReadonlySet<number>, id: number, present: boolean): ReadonlySet<number> {
  const next = new Set(ids);
  if (present) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * The dashboard's banners: each message sent with a banner still running, with its
 * subject and the way to read it. Dismissing hides it at once; when the server could not record
 * that, it comes back with a word saying so. Messages that cannot be loaded leave no trace: the
 * dashboard works without them.
 */
export function MessageBanners() {
  const [banners, setBanners] = useState<ReceivedMessage[]>([]);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [notHidden, setNotHidden] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    let active = true;
    // Called inside the promise, so that even a call that throws at once only means no banners.
    Promise.resolve()
      .then(() => endpoints.receivedMessages())
      .then(({ messages }) => {
        const now = Date.now();
        if (active) setBanners(messages.filter((message) => showsAsBanner(message, now)));
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);

  const dismiss = (messageId: number) => {
    setHidden((ids) => withId(ids, messageId, true));
    setNotHidden((ids) => withId(ids, messageId, false));
    endpoints.dismissMessage(messageId).catch(() => {
      setHidden((ids) => withId(ids, messageId, false));
      setNotHidden((ids) => withId(ids, messageId, true));
    });
  };

  const shown = banners.filter((banner) => !hidden.has(banner.id));
  if (!shown.length) return null;
  return (
    <Stack component="section" aria-label="Notices from the organisers and team leaders" spacing={1} sx={{ mb: 3 }}>
      {shown.map((message) => {
        const subjectId = `banner-${message.id}-subject`;
        return (
          <Alert
            key={message.id}
            severity="info"
            role="status"
            onClose={() => dismiss(message.id)}
            closeText={`Dismiss: ${message.subject}`}
            sx={{ overflowWrap: 'anywhere' }}
          >
            <AlertTitle id={subjectId}>{message.subject}</AlertTitle>
            <Link component={RouterLink} to={messagePath(message.id)} aria-describedby={subjectId}>
              Read the message
            </Link>
            {notHidden.has(message.id) && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {DISMISS_FAILED}
              </Typography>
            )}
          </Alert>
        );
      })}
    </Stack>
  );
}
