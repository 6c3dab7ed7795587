import { Card, CardContent, CardHeader, Chip, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { TIMELINE_KEYS, TIMELINE_LABELS } from '@svp/domain';
import type { PublicSettings } from '../dataProvider';
import { formatUtc } from '../common/utcDates';

/** The edition's deadlines, marking those already past on the server's clock. */
export function EditionTimeline({ settings }: { settings: PublicSettings }) {
  const now = Date.parse(settings.now);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title="Timeline" subheader={settings.conference.name} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Table size="small" aria-label="Timeline">
          <TableBody>
            {TIMELINE_KEYS.map((key) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row">
                  {TIMELINE_LABELS[key]}
                </TableCell>
                <TableCell>{formatUtc(settings.timeline[key])}</TableCell>
                <TableCell align="right">{Date.parse(settings.timeline[key]) <= now && <Chip size="small" label="passed" />}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
