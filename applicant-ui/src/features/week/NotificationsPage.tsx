import { Alert, Box, Button, Card, CardContent, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import type {
  NotificationSettings,
  NotificationSettingsBody,
  NotificationSettingsView,
  PushDeviceBody,
  PushDeviceSaved,
  RemovePushDeviceBody,
} from '@svp/domain';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError, api } from '../../api/client';
import { LoadingText } from '../application/LoadingText';

const KINDS: { key: keyof Omit<NotificationSettings, 'reminderMinutes' | 'texts'>; label: string }[] = [
  { key: 'shiftChanges', label: 'A shift added to or taken from my schedule, or moved' },
  { key: 'swaps', label: 'A swap asked of me, and the answer to mine' },
  { key: 'reminders', label: 'A reminder before each of my shifts' },
  { key: 'urgent', label: 'Urgent messages from the organisers' },
];
const REMINDER_CHOICES = [15, 30, 60, 120, 180];

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

type PhoneState = 'unsupported' | 'denied' | 'off' | 'on' | 'unknown';

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * /notifications: what reaches this person's phone during the week, each kind on or off (changes to
 * their shifts, swaps, a reminder before each shift, the organisers' urgent messages, urgent messages
 * as texts), and whether this phone receives them.
 */
export default function NotificationsPage() {
  const [view, setView] = useState<NotificationSettingsView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [phone, setPhone] = useState<PhoneState>('unknown');

  useEffect(() => {
    api<NotificationSettingsView>('/notifications/settings').then(setView, (error: unknown) =>
      setProblem(error instanceof ApiError ? error.message : 'Your choices could not be read.'),
    );
    const supported = typeof window !== 'undefined' && 'Notification' in window && 'PushManager' in window && 'serviceWorker' in navigator;
    if (!supported) return setPhone('unsupported');
    if (Notification.permission === 'denied') return setPhone('denied');
    void currentSubscription().then((s) => setPhone(s ? 'on' : 'off'));
  }, []);

  const save = async (change: Partial<NotificationSettings>) => {
    if (!view) return;
    const settings: NotificationSettingsBody = { ...view.settings, ...change };
    setView({ ...view, settings });
    setSaved(false);
    try {
      setView(await api<NotificationSettingsView>('/notifications/settings', { method: 'PUT', body: settings }));
      setProblem(null);
      setSaved(true);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'Your choice could not be saved.');
    }
  };

  const turnOn = async () => {
    if (!view?.push.publicKey) return;
    try {
      if ((await Notification.requestPermission()) !== 'granted') return setPhone('denied');
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(view.push.publicKey) }));
      const json = subscription.toJSON();
      // A subscription without its keys is refused by the portal with the field to blame, like any other bad body.
      const device: PushDeviceBody = {
        endpoint: json.endpoint ?? '',
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      };
      const answer = await api<PushDeviceSaved>('/notifications/devices', { method: 'POST', body: device });
      setView({ ...view, push: { ...view.push, devices: answer.devices } });
      setPhone('on');
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'This phone could not be set up for notifications.');
    }
  };

  const turnOff = async () => {
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        const device: RemovePushDeviceBody = { endpoint: subscription.endpoint };
        await api('/notifications/devices', { method: 'DELETE', body: device });
        await subscription.unsubscribe();
      }
      setPhone('off');
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'This phone could not be turned off.');
    }
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Notifications
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        What reaches your phone during the conference week. Emails still come as before.
      </Typography>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {!view && !problem && <LoadingText text="Loading your choices..." />}
      {view && (
        <Stack spacing={2}>
          <Card variant="outlined" component="section" aria-labelledby="this-phone">
            <CardContent>
              <Typography id="this-phone" variant="h6" component="h2" gutterBottom>
                This phone
              </Typography>
              {!view.push.publicKey && <Typography>This portal does not send notifications to phones.</Typography>}
              {view.push.publicKey && phone === 'unsupported' && (
                <Typography>This browser cannot receive notifications. On an iPhone, add the portal to the Home Screen first.</Typography>
              )}
              {view.push.publicKey && phone === 'denied' && (
                <Typography>Notifications are blocked for this site: allow them in the browser&apos;s settings.</Typography>
              )}
              {view.push.publicKey && phone === 'off' && (
                <Button variant="contained" onClick={() => void turnOn()}>
                  Get notifications on this phone
                </Button>
              )}
              {view.push.publicKey && phone === 'on' && (
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography>This phone receives notifications.</Typography>
                  <Button variant="outlined" onClick={() => void turnOff()}>
                    Stop on this phone
                  </Button>
                </Stack>
              )}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {view.push.devices === 1 ? 'One phone or browser receives them.' : `${view.push.devices} phones or browsers receive them.`}
              </Typography>
            </CardContent>
          </Card>
          <Card variant="outlined" component="section" aria-labelledby="kinds">
            <CardContent>
              <Typography id="kinds" variant="h6" component="h2" gutterBottom>
                What to send
              </Typography>
              <Stack>
                {KINDS.map(({ key, label }) => (
                  <FormControlLabel
                    key={key}
                    control={<Switch checked={view.settings[key]} onChange={(event) => void save({ [key]: event.target.checked })} />}
                    label={label}
                  />
                ))}
                <TextField
                  select
                  size="small"
                  label="Remind me before a shift"
                  value={view.settings.reminderMinutes}
                  onChange={(event) => void save({ reminderMinutes: Number(event.target.value) })}
                  disabled={!view.settings.reminders}
                  sx={{ maxWidth: 260, mt: 1 }}
                >
                  {[...new Set([...REMINDER_CHOICES, view.settings.reminderMinutes])]
                    .sort((a, b) => a - b)
                    .map((minutes) => (
                      <MenuItem key={minutes} value={minutes}>
                        {minutes < 60 ? `${minutes} minutes` : minutes === 60 ? 'One hour' : `${minutes / 60} hours`}
                      </MenuItem>
                    ))}
                </TextField>
                <FormControlLabel
                  sx={{ mt: 1 }}
                  control={
                    <Switch
                      checked={view.settings.texts}
                      disabled={!view.texts.available || !view.texts.consented}
                      onChange={(event) => void save({ texts: event.target.checked })}
                    />
                  }
                  label="Urgent messages also as a text message"
                />
                {view.texts.available && !view.texts.consented && (
                  <Typography variant="body2" color="text.secondary">
                    Texts need a phone number and your consent to texts in your <RouterLink to="/profile">profile</RouterLink>.
                  </Typography>
                )}
                {!view.texts.available && (
                  <Typography variant="body2" color="text.secondary">
                    This portal does not send text messages.
                  </Typography>
                )}
              </Stack>
              {saved && (
                <Typography role="status" variant="body2" sx={{ mt: 1 }}>
                  Saved.
                </Typography>
              )}
            </CardContent>
          </Card>
        </Stack>
      )}
    </Box>
  );
}
