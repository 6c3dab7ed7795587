import { REPORT_FILES } from '@svp/domain';
import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatShiftDay } from '@svp/domain';
import { LastUpdated } from '../common/LastUpdated';
import { ScrollBox } from '../common/ScrollBox';
import { useAdminQuery } from '../common/useAdminQuery';
import { AppBarTitle } from './AppBarTitle';
import { CsvButton } from '../common/CsvButton';
import { REPORTS_API } from './types';
import { hours, percent } from './format';
import { QueryStates } from './QueryStates';
import type { VenueReportRow } from './types';

export const VENUES_CSV = REPORT_FILES.venues;

function VenueTable({ rows }: { rows: VenueReportRow[] }) {
  if (!rows.length) return <Typography>No shift is scheduled yet, so no venue has a day to report.</Typography>;
  return (
    <ScrollBox label="Venue report, scrolls sideways">
      <Table size="small" aria-label="Venue report">
        <TableHead>
          <TableRow>
            <TableCell>Venue</TableCell>
            <TableCell>Day</TableCell>
            <TableCell align="right">Slots</TableCell>
            <TableCell align="right">Filled</TableCell>
            <TableCell align="right">Coverage</TableCell>
            <TableCell align="right">Planned Hours</TableCell>
            <TableCell align="right">Worked Hours</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{row.venueName}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShiftDay(row.day)}</TableCell>
              <TableCell align="right">{row.slots}</TableCell>
              <TableCell align="right">{row.filledSlots}</TableCell>
              <TableCell align="right">{percent(row.coverage)}</TableCell>
              <TableCell align="right">{hours(row.plannedHours)}</TableCell>
              <TableCell align="right">{hours(row.workedHours)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollBox>
  );
}

/** Each venue on each Pacific day of shifts: slots filled against slots, and the hours planned against those worked. */
export function VenueReportPage() {
  const report = useAdminQuery((api) => api.venueReport(), 'venue-report');
  return (
    <Card sx={{ mt: 2 }}>
      <AppBarTitle text="Venue report" />
      <CardContent>
        <Typography variant="h6" component="h1">
          Venue report
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Coverage is the share of slots with a volunteer assigned. Planned hours are each shift's length times the volunteers assigned;
          worked hours count the shifts with both a check-in and a check-out.
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <LastUpdated at={report.loadedAt} onRefresh={report.refetch} refreshing={report.isPending} />
          <CsvButton
            url={`${REPORTS_API}/venues.csv`}
            fileName={VENUES_CSV}
            ariaLabel="Export the venue report to CSV"
            disabled={!report.data?.length}
          />
        </Box>
        <QueryStates query={report} loading="Loading the venue report...">
          {(rows) => <VenueTable rows={rows} />}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
