import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useListContext, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { requestExport, saveFile } from '../applications/exportCsv';
import { getToken } from '../authProvider';
import { requestError } from '../common/contactEmail';

export const PREFERENCES_FILE_NAME = 'volunteer-preferences.csv';

/** The export address for the list's current filter. */
export const preferencesExportUrl = (filter: Record<string, unknown>) =>
  `/api/admin/volunteer-preferences/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

/** 'Export to CSV': the rows of the current filter, every page of them, as the server writes them. */
export function ExportPreferencesButton() {
  const { filterValues, total } = useListContext();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [running, setRunning] = useState(false);

  const exportCsv = async () => {
    setRunning(true);
    try {
      const response = await requestExport(preferencesExportUrl(filterValues), getToken(), new AbortController().signal);
      saveFile(await response.blob(), PREFERENCES_FILE_NAME);
      notify(`Exported ${PREFERENCES_FILE_NAME}`, { type: 'success' });
    } catch (error) {
      if (await logoutIfAccessDenied(error)) return;
      const shown = requestError(error);
      notify(shown instanceof Error ? shown.message : 'The export failed.', { type: 'error' });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={() => void exportCsv()} disabled={running || total === 0}>
      {running ? 'Exporting...' : 'Export to CSV'}
    </Button>
  );
}
