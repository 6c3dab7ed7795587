import { Card, CardContent, CardHeader, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { TIMELINE_KEYS, TIMELINE_LABELS, type Gates, type Timeline } from '@svp/domain';
import { useEffect, useState } from 'react';
import { Loading, Title } from 'react-admin';

interface PublicSettings {
  now: string;
  timeline: Timeline;
  gates: Gates;
  conference: { name: string };
}

/** The edition at a glance: its timeline and which gates are open on the server's clock. */
export function Dashboard() {
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetch('/api/settings')
      .then((r) => r.json())
      .then((body) => (body.success ? setSettings(body.data) : setError(body.data?.message ?? 'Unable to load settings')))
      .catch((e: Error) => setError(e.message));
  }, []);

  if (error) return <Card><CardContent role="alert">{error}</CardContent></Card>;
  if (!settings) return <Loading />;
  return (
    <Card>
      <Title title="Dashboard" />
      <CardHeader title={settings.conference.name} subheader={`Server time ${settings.now}`} />
      <CardContent>
        <Table size="small" aria-label="Timeline">
          <TableBody>
            {TIMELINE_KEYS.map((key) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row">{TIMELINE_LABELS[key]}</TableCell>
                <TableCell>{new Date(settings.timeline[key]).toUTCString()}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <p data-testid="open-gates">
          Open now:{' '}
          {Object.entries(settings.gates)
            .filter(([, on]) => on)
            .map(([gate]) => gate)
            .join(', ') || 'nothing'}
        </p>
      </CardContent>
    </Card>
  );
}
