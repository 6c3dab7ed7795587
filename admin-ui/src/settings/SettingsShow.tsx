import { Card, CardContent, CardHeader, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { TIMELINE_KEYS, TIMELINE_LABELS, type EditionSettings } from '@svp/domain';
import { useEffect, useState } from 'react';
import { Loading, Title, useDataProvider } from 'react-admin';

/** The edition settings as stored (GET /api/admin/settings). */
export function SettingsShow() {
  const dataProvider = useDataProvider();
  const [settings, setSettings] = useState<EditionSettings | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    dataProvider
      .getOne<EditionSettings & { id: string }>('settings', { id: 'edition' })
      .then(({ data }) => setSettings(data), (e: Error) => setError(e.message));
  }, [dataProvider]);

  if (error) return <Card><CardContent role="alert">{error}</CardContent></Card>;
  if (!settings) return <Loading />;
  const rows: [string, string][] = [
    ...TIMELINE_KEYS.map((key): [string, string] => [TIMELINE_LABELS[key], new Date(settings.timeline[key]).toUTCString()]),
    ['Status catalogue', settings.statusCatalogue],
    ['Shift swaps online', settings.swapsEnabled ? 'On' : 'Off (notice page)'],
    ['Contact email', settings.contactEmail],
    ['Team leader results', settings.resultTexts.teamLeaderResults],
    ['Student volunteer results', settings.resultTexts.studentVolunteerResults],
  ];
  return (
    <Card>
      <Title title="Settings" />
      <CardHeader title="Edition settings" subheader={settings.conference.name} />
      <CardContent>
        <Table size="small" aria-label="Edition settings">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">{label}</TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
