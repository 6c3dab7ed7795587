import { useListContext } from 'react-admin';
import { CsvButton } from '../common/CsvButton';

export const PREFERENCES_FILE_NAME = 'volunteer-preferences.csv';

/** The export address for the list's current filter. */
export const preferencesExportUrl = (filter: Record<string, unknown>) =>
  `/api/admin/volunteer-preferences/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

/** 'Export to CSV': the rows of the current filter, every page of them, as the server writes them. */
export function ExportPreferencesButton() {
  const { filterValues, total } = useListContext();
  return <CsvButton url={preferencesExportUrl(filterValues)} fileName={PREFERENCES_FILE_NAME} disabled={total === 0} />;
}
