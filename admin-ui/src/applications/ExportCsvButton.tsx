import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useListContext, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { getToken } from '../authProvider';
import { requestError } from '../common/contactEmail';
import {
  EXPORT_FILE_NAME,
  type ExportOptions,
  type ExportProgress,
  exportUrl,
  isAbortError,
  readCsvExport,
  requestExport,
  saveFile,
} from './exportCsv';

type Phase = { name: 'options' } | { name: 'running'; progress: ExportProgress } | { name: 'failed'; message: string };

/**
 * 'Export to CSV' for the list's current filter: options in a dialog, then the streamed file
 * with rows done against the total and a Cancel that stops the download (docs/product.md, 'CSV export').
 */
export function ExportCsvButton() {
  const { filterValues, total } = useListContext();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<ExportOptions>({ withData: false, withScores: false, withHistory: false });
  const [phase, setPhase] = useState<Phase>({ name: 'options' });
  const abort = useRef<AbortController | null>(null);

  // Closing while running is the Cancel: the download is aborted and nothing is saved.
  const close = () => {
    abort.current?.abort();
    setOpen(false);
    setPhase({ name: 'options' });
  };

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ name: 'running', progress: { done: 0, total: null } });
    try {
      const response = await requestExport(exportUrl(filterValues, options), getToken(), controller.signal);
      const { blob, rows } = await readCsvExport(response, (progress) => setPhase({ name: 'running', progress }));
      saveFile(blob, EXPORT_FILE_NAME);
      notify(`Exported ${rows} ${rows === 1 ? 'application' : 'applications'} to ${EXPORT_FILE_NAME}`, { type: 'success' });
      abort.current = null;
      setOpen(false);
      setPhase({ name: 'options' });
    } catch (error) {
      abort.current = null;
      if (isAbortError(error)) {
        notify('Export cancelled', { type: 'info' });
        return;
      }
      if (await logoutIfAccessDenied(error)) return;
      // The request, or the file streaming in, may be cut off by the network.
      const shown = requestError(error);
      setPhase({ name: 'failed', message: shown instanceof Error ? shown.message : 'The export failed.' });
    }
  };

  const running = phase.name === 'running' ? phase.progress : null;
  const percent = running?.total ? Math.min(100, (running.done / running.total) * 100) : running?.total === 0 ? 100 : undefined;

  return (
    <>
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => setOpen(true)} disabled={total === 0}>
        Export to CSV
      </Button>
      <Dialog open={open} onClose={running ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>Export to CSV</DialogTitle>
        <DialogContent>
          {running ? (
            <Box role="status" aria-live="polite">
              <Typography gutterBottom>Exporting {EXPORT_FILE_NAME}…</Typography>
              <LinearProgress
                variant={percent === undefined ? 'indeterminate' : 'determinate'}
                value={percent}
                aria-label="Export progress"
                sx={{ height: 8, borderRadius: 1 }}
              />
              <Typography variant="body2" sx={{ mt: 1 }} data-testid="export-progress">
                {running.done} rows done of {running.total ?? '…'}
              </Typography>
            </Box>
          ) : (
            <>
              <DialogContentText>
                Exports the {total ?? ''} applications of the current filter, sorted by average essay score.
              </DialogContentText>
              <FormGroup sx={{ mt: 1 }}>
                <FormControlLabel
                  control={<Checkbox checked={options.withData} onChange={(e) => setOptions({ ...options, withData: e.target.checked })} />}
                  label="With App Data"
                />
                <FormControlLabel
                  control={
                    <Checkbox checked={options.withScores} onChange={(e) => setOptions({ ...options, withScores: e.target.checked })} />
                  }
                  label="With Essay Score Averages"
                />
                <FormControlLabel
                  control={
                    <Checkbox checked={options.withHistory} onChange={(e) => setOptions({ ...options, withHistory: e.target.checked })} />
                  }
                  label="Include earlier editions"
                />
              </FormGroup>
              {phase.name === 'failed' && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {phase.message}
                </Alert>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          {running ? (
            <Button onClick={close}>Cancel</Button>
          ) : (
            <>
              <Button onClick={close}>Close</Button>
              <Button variant="contained" startIcon={<DownloadIcon />} onClick={start}>
                Export
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
