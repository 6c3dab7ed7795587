import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { formatWorkedHours } from '@svp/domain';
import { useCallback, useEffect, useState } from 'react';
import { useAlerts } from '../../state/AlertsContext';
import { useSettings } from '../../state/SettingsContext';
import { DashboardCard } from '../dashboard/DashboardLayout';
import { type CertificateStatus, certificateStatus, downloadCertificate } from './certificateApi';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; status: CertificateStatus };

/**
 * The dashboard's 'Certificate of Service' card, once the conference is over, for
 * confirmed volunteers and team leaders: the hours worked and the PDF to download, or the server's
 * sentence saying why there is none (no worked hours on record).
 */
export default function CertificateCard() {
  const { settings } = useSettings();
  const { showError, showMessage } = useAlerts();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    let active = true;
    setLoad({ state: 'loading' });
    certificateStatus().then(
      (status) => active && setLoad({ state: 'loaded', status }),
      () => active && setLoad({ state: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const download = useCallback(
    async (status: CertificateStatus) => {
      setDownloading(true);
      try {
        await downloadCertificate(status.fileName);
        showMessage(`Your certificate was saved as ${status.fileName}.`);
      } catch (error) {
        showError(error);
      } finally {
        setDownloading(false);
      }
    },
    [showError, showMessage],
  );

  const status = load.state === 'loaded' ? load.status : null;
  const actions = status?.available ? (
    <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => void download(status)} disabled={downloading}>
      {downloading ? 'Downloading...' : 'Download certificate (PDF)'}
    </Button>
  ) : load.state === 'failed' ? (
    <Button variant="outlined" onClick={() => setAttempt((n) => n + 1)}>
      Try again
    </Button>
  ) : undefined;

  return (
    <DashboardCard title="Certificate of Service" actions={actions} data-testid="certificate-card">
      {load.state === 'loading' && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>Checking your certificate...</Typography>
        </Box>
      )}
      {load.state === 'failed' && <Typography>Your certificate could not be checked right now.</Typography>}
      {status?.available && (
        <Typography>
          Thank you for volunteering at {settings.conference.name}. Your certificate of service, signed by the Student Volunteer Program,
          records <strong>{formatWorkedHours(status.workedHours)}</strong> worked.
        </Typography>
      )}
      {status && !status.available && <Typography>{status.message}</Typography>}
    </DashboardCard>
  );
}
