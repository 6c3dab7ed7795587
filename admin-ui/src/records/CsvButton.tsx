import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { requestExport, saveFile } from '../applications/exportCsv';
import { getToken } from '../authProvider';
import { requestError } from '../common/contactEmail';

/** The reports' CSV files: one address each under /api/admin/reports. */
export const REPORTS_API = '/api/admin/reports';

/**
 * A button that downloads one of the reports' CSV files with the administrator's token (the same
 * request and save as the applications' export); a refusal tells the server's message.
 */
export function CsvButton({ url, fileName, label = 'Export to CSV', ariaLabel, disabled = false }: { url: string; fileName: string; label?: string; ariaLabel?: string; disabled?: boolean }) {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [running, setRunning] = useState(false);

  const download = async () => {
    setRunning(true);
    try {
      const response = await requestExport(url, getToken(), new AbortController().signal);
      saveFile(await response.blob(), fileName);
      notify(`Exported ${fileName}`, { type: 'success' });
    } catch (error) {
      if (await logoutIfAccessDenied(error)) return;
      const shown = requestError(error);
      notify(shown instanceof Error ? shown.message : 'The export failed.', { type: 'error' });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={running || disabled} aria-label={ariaLabel}>
      {running ? 'Exporting...' : label}
    </Button>
  );
}
