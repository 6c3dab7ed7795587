import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { type CatalogueName, statusLabel } from '@svp/domain';
import { useEditionSettings } from '../../common/useEditionSettings';
import { EmailText } from '../../common/EmailText';
import { formatUtc } from '../../common/utcDates';
import type { StatusHistoryEntry } from '../types';

type Step = StatusHistoryEntry['from'];

function label(catalogue: CatalogueName | undefined, step: Step): string {
  if (!step) return '—';
  return catalogue ? statusLabel(catalogue, step.state, step.tag) : step.state;
}

/** Every processing-status change of this application: when, by whom, from what to what. */
export function StatusHistory({ history }: { history: StatusHistoryEntry[] }) {
  const catalogue = useEditionSettings()?.statusCatalogue;
  if (history.length === 0) return <Typography color="text.secondary">The status has not changed since submission.</Typography>;
  return (
    <Table size="small" aria-label="Status history">
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>Who</TableCell>
          <TableCell>Change</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {history.map((entry, i) => (
          <TableRow key={`${entry.at}-${i}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatUtc(entry.at)}</TableCell>
            <TableCell>{entry.actorName ?? (entry.actor ? <EmailText email={entry.actor} /> : 'System')}</TableCell>
            <TableCell>
              {label(catalogue, entry.from)} → {label(catalogue, entry.to)}
              {entry.to?.reason && entry.to.reason !== 'admin' ? ` (${entry.to.reason})` : ''}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
