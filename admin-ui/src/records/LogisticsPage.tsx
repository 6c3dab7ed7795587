import { REPORT_FILES } from '@svp/domain';
import {
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { LastUpdated } from '../common/LastUpdated';
import { ScrollBox, scrollX } from '../common/ScrollBox';
import { useAdminQuery } from '../common/useAdminQuery';
import { AppBarTitle } from './AppBarTitle';
import { CsvButton } from '../common/CsvButton';
import { REPORTS_API } from './types';
import { QueryStates } from './QueryStates';
import type { LogisticsReport, LogisticsTotal } from './types';

export const LOGISTICS_CSV = REPORT_FILES.logistics;

/** The CSV behind one count, or the totals without a key; saved under the name the server gives it ('shirt:M' → logistics-shirt-M.csv). */
export const logisticsCsvUrl = (key?: string): string => `${REPORTS_API}/logistics.csv${key ? `?${new URLSearchParams({ key })}` : ''}`;
export const logisticsListFileName = REPORT_FILES.logisticsList;

/** The people behind one count, with the detail the form gave (a dietary restriction, a special request). */
function PeopleDialog({ total, onClose }: { total: LogisticsTotal; onClose: () => void }) {
  const titleId = useId();
  const people = total.people.length === 1 ? '1 person' : `${total.people.length} people`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{total.label}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {total.count === total.people.length ? people : `${total.count}, for ${people}`}
        </Typography>
        {total.people.length === 0 ? (
          <Typography>Nobody is on this list.</Typography>
        ) : (
          <ScrollBox label={`${total.label}, scrolls sideways`}>
            <Table size="small" aria-label={`People: ${total.label}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>SV ID</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Detail</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {total.people.map((person) => (
                  <TableRow key={person.id}>
                    <TableCell>{person.name}</TableCell>
                    <TableCell>{person.svid ?? '—'}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{person.email}</TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-wrap', minWidth: 180 }}>{person.detail || '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollBox>
        )}
      </DialogContent>
      <DialogActions>
        <CsvButton
          url={logisticsCsvUrl(total.key)}
          fileName={logisticsListFileName(total.key)}
          ariaLabel={`Export the list for ${total.label} to CSV`}
          disabled={!total.people.length}
        />
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function TotalsTable({ report }: { report: LogisticsReport }) {
  const [open, setOpen] = useState<LogisticsTotal | null>(null);
  if (report.confirmed === 0) return <Typography>No volunteer has confirmed yet, so there is nothing to count.</Typography>;
  return (
    <>
      <Typography sx={{ mb: 1 }}>{`${report.confirmed} confirmed, ${report.inPerson} in person.`}</Typography>
      <Box sx={scrollX}>
        <Table size="small" aria-label="Logistics totals">
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell align="right">Count</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.totals.map((total) => (
              <TableRow key={total.key}>
                <TableCell>{total.label}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    onClick={() => setOpen(total)}
                    aria-label={`${total.count}: show the list for ${total.label}`}
                    aria-haspopup="dialog"
                  >
                    {total.count}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {open && <PeopleDialog total={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** What to order and prepare, counted from the confirmation forms of confirmed volunteers and team leaders; each count opens who is behind
 * it. */
export function LogisticsPage() {
  const report = useAdminQuery((api) => api.logisticsReport(), 'logistics');
  return (
    <Card sx={{ mt: 2 }}>
      <AppBarTitle text="Logistics" />
      <CardContent>
        <Typography variant="h6" component="h1">
          Logistics
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Counted from the confirmation forms of confirmed volunteers and team leaders. T-shirts are two per volunteer attending in person.
          Choose a count to see who is behind it.
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <LastUpdated at={report.loadedAt} onRefresh={report.refetch} refreshing={report.isPending} />
          <CsvButton url={logisticsCsvUrl()} fileName={LOGISTICS_CSV} label="Export totals to CSV" disabled={!report.data?.confirmed} />
        </Box>
        <QueryStates query={report} loading="Loading the logistics totals...">
          {(data) => <TotalsTable report={data} />}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
