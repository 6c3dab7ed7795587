import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useAlerts } from '../../state/AlertsContext';
import { useSettings } from '../../state/SettingsContext';
import { RetentionPeriodsList } from '../privacy/RetentionPeriodsList';
import { type DataExportView, type MyData, downloadMyData, myData, requestMyData } from './myDataApi';

/** How often the panel looks again while an archive is being prepared (the email says so too). */
export const MY_DATA_POLL_MS = 5_000;

export const MY_DATA_TEXTS = {
  intro:
    'Download everything the portal holds about you: your profile, your applications of every year with their statuses, ' +
    'confirmation forms, files, where your references stand, shifts, check-ins and hours, messages, calendar links and ' +
    'the agreements below. It is one ZIP file: my-data.json and your files.',
  ask: 'Prepare my data',
  asking: 'Asking...',
  preparing: 'Your archive is being prepared. We will email you when it is ready; you can also wait here.',
  noConsents: 'No agreements recorded yet: they are recorded when you submit an application.',
} as const;

const when = (instant: string) =>
  new Date(instant).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

const size = (bytes: number | null) =>
  bytes === null ? '' : bytes < 1_000_000 ? ` · ${Math.max(1, Math.round(bytes / 1000))} kB` : ` · ${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * "My data" on the profile page (docs/api.md, 'Personal data'): the archive of everything the portal
 * holds about the person, asked for here, prepared in the background and downloaded here until it
 * expires; the agreements they gave; and how long the portal keeps each kind of sensitive data.
 */
export function MyDataPanel() {
  const { showError } = useAlerts();
  const { settings } = useSettings();
  const [data, setData] = useState<MyData | null>(null);
  const [asking, setAsking] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await myData());
    } catch (error) {
      showError(error);
    }
  }, [showError]);

  useEffect(() => {
    void load();
  }, [load]);

  const preparing = data?.exports.some((archive) => archive.state === 'preparing') ?? false;
  useEffect(() => {
    if (!preparing) return;
    const timer = setTimeout(() => void load(), MY_DATA_POLL_MS);
    return () => clearTimeout(timer);
  }, [preparing, data, load]);

  const ask = async () => {
    setAsking(true);
    try {
      const archive = await requestMyData();
      setData((current) => current && { ...current, exports: [archive, ...current.exports.filter((a) => a.id !== archive.id)] });
    } catch (error) {
      showError(error);
    } finally {
      setAsking(false);
    }
  };

  const download = async (archive: DataExportView) => {
    setDownloading(archive.id);
    try {
      await downloadMyData(archive);
    } catch (error) {
      showError(error);
      void load();
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Paper component="section" id="my-data" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }} data-testid="my-data">
      <Typography variant="h6" component="h2" gutterBottom>
        My data
      </Typography>
      <Typography sx={{ mb: 2 }}>{MY_DATA_TEXTS.intro}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        What your referees wrote is not included: a reference belongs to the referee who gave it. The archive says who was asked and where
        each reference stands.
      </Typography>
      {preparing && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {MY_DATA_TEXTS.preparing}
        </Alert>
      )}
      <Button variant="contained" onClick={() => void ask()} disabled={!data || asking || preparing}>
        {asking ? MY_DATA_TEXTS.asking : MY_DATA_TEXTS.ask}
      </Button>

      {data && data.exports.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3">
            Your archives
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Each can be downloaded for {data.validDays} days after it is ready, then it is deleted.
          </Typography>
          <List dense aria-label="Your archives">
            {data.exports.map((archive) => (
              <ListItem key={archive.id} disableGutters>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: '100%', alignItems: { sm: 'center' } }}>
                  <ListItemText primary={`Asked for ${when(archive.requestedAt)}`} secondary={describe(archive)} />
                  {archive.state === 'ready' && (
                    <Button
                      variant="outlined"
                      startIcon={<DownloadIcon />}
                      onClick={() => void download(archive)}
                      disabled={downloading === archive.id}
                    >
                      {downloading === archive.id ? 'Downloading...' : 'Download my data'}
                    </Button>
                  )}
                </Stack>
              </ListItem>
            ))}
          </List>
        </Box>
      )}

      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        What you agreed to
      </Typography>
      {data && !data.consents.length && <Typography variant="body2">{MY_DATA_TEXTS.noConsents}</Typography>}
      {data && data.consents.length > 0 && (
        <List dense aria-label="What you agreed to">
          {data.consents.map((consent, index) => (
            <ListItem key={index} disableGutters>
              <ListItemText
                primary={`${consent.title}, version ${consent.version}`}
                secondary={`${when(consent.agreedAt)}${consent.edition ? ` · ${consent.edition}` : ''} · ${consent.sourceText}`}
              />
            </ListItem>
          ))}
        </List>
      )}

      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        How long sensitive data is kept
      </Typography>
      <Typography variant="body2" color="text.secondary">
        After each year&apos;s conference ends, the portal removes these, each when its time comes:
      </Typography>
      <RetentionPeriodsList retention={settings.retention} />
    </Paper>
  );
}

function describe(archive: DataExportView): string {
  switch (archive.state) {
    case 'preparing':
      return 'Being prepared';
    case 'ready':
      return `Ready until ${when(archive.expiresAt!)}${size(archive.size)}`;
    case 'expired':
      return 'Deleted after its time: ask for a new one';
    case 'failed':
      return archive.message ?? 'It could not be prepared: ask for a new one';
  }
}
