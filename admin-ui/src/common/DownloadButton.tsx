import { Button } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { requestExport, saveFile } from '../applications/exportCsv';
import { getToken } from '../authProvider';
import { requestError } from './contactEmail';

export interface DownloadButtonProps {
  url: string;
  fileName: string;
  label: string;
  icon: ReactNode;
  ariaLabel?: string;
  disabled?: boolean;
  /** The words while it runs, after it, and when it fails: 'Exporting...', 'Exported', 'The export failed.' */
  words?: { busy: string; done: string; failed: string };
}

const DOWNLOAD_WORDS = { busy: 'Downloading...', done: 'Downloaded', failed: 'The download failed.' };

/**
 * A button that downloads a file of the panel with the administrator's token (the same request and
 * save as the applications' export) and saves it under its name; a refusal tells the server's message.
 */
export function DownloadButton({ url, fileName, label, icon, ariaLabel, disabled = false, words = DOWNLOAD_WORDS }: DownloadButtonProps) {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [running, setRunning] = useState(false);

  const download = async () => {
    setRunning(true);
    try {
      const response = await requestExport(url, getToken(), new AbortController().signal);
      saveFile(await response.blob(), fileName);
      notify(`${words.done} ${fileName}`, { type: 'success' });
    } catch (error) {
      if (await logoutIfAccessDenied(error)) return;
      const shown = requestError(error);
      notify(shown instanceof Error ? shown.message : words.failed, { type: 'error' });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button size="small" startIcon={icon} onClick={() => void download()} disabled={running || disabled} aria-label={ariaLabel}>
      {running ? words.busy : label}
    </Button>
  );
}
