import { REPORT_FILES } from '@svp/domain';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { BooleanInput, DataTable, List, SearchInput, TopToolbar, useListContext } from 'react-admin';
import { DownloadAllCertificatesButton } from '../certificates/CertificateButtons';
import { ListLastUpdated } from '../common/ListLastUpdated';
import { scrollX } from '../common/ScrollBox';
import { appBarTitle } from './AppBarTitle';
import { CsvButton } from '../common/CsvButton';
import { REPORTS_API } from './types';
import { hours } from './format';
import { ListReportError } from './ReportError';
import type { VolunteerReportRow } from './types';

export const VOLUNTEERS_CSV = REPORT_FILES.volunteers;

/** The list's resource: ra-data-simple-rest asks /api/admin/reports/volunteers. */
export const VOLUNTEER_REPORT = 'reports/volunteers';

/** The CSV of the report: the rows the page shows (its filter), in its order. */
export function volunteersCsvUrl(filter: Record<string, unknown>, sort: { field: string; order: string }): string {
  const query = new URLSearchParams({ filter: JSON.stringify(filter), sort: JSON.stringify([sort.field, sort.order]) });
  return `${REPORTS_API}/volunteers.csv?${query}`;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or SV ID" />,
  // Ticked: only those under their expected hours (underExpected: true); unticked: no filter at all, not 'false'.
  <BooleanInput
    key="underExpected"
    source="underExpected"
    label="Under expected hours"
    alwaysOn
    parse={(checked: boolean) => (checked ? true : null)}
    format={(value: unknown) => value === true}
  />,
];

function ExportVolunteers() {
  const { filterValues, sort, total } = useListContext();
  return (
    <CsvButton
      url={volunteersCsvUrl(filterValues, sort)}
      fileName={VOLUNTEERS_CSV}
      ariaLabel="Export the volunteer report to CSV"
      disabled={total === 0}
    />
  );
}

const Actions = () => (
  <TopToolbar>
    <ExportVolunteers />
    <DownloadAllCertificatesButton />
  </TopToolbar>
);

function ScheduledHours({ row }: { row: VolunteerReportRow }) {
  return (
    <>
      {hours(row.scheduledHours)}
      {row.scheduledHours < row.expectedHours && (
        <Typography variant="caption" component="div" color="warning.dark">
          Under expected
        </Typography>
      )}
    </>
  );
}

function Notes({ row }: { row: VolunteerReportRow }) {
  if (!row.notes.length) return <>—</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {row.notes.map((note, index) => (
        <li key={`${note.shiftId}-${index}`}>
          <Typography variant="caption" component="span" color="text.secondary">
            {`${note.shiftLabel}: `}
          </Typography>
          {note.note}
        </li>
      ))}
    </Box>
  );
}

const Empty = () => (
  <Card sx={{ mt: 2 }}>
    <CardContent>
      <Typography>No confirmed volunteer yet, so there are no hours to report.</Typography>
    </CardContent>
  </Card>
);

/**
 * Each volunteer's expected, scheduled and checked-in hours, shifts, no-shows, average rating and the
 * team leaders' notes; 'Under expected hours' keeps those scheduled below what is expected of them.
 */
export function VolunteerReportPage() {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6" component="h1">
        Volunteer report
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Hours are real hours. Checked-in hours count the shifts with both a check-in and a check-out; a no-show is an assigned shift that
        ended with no check-in.
      </Typography>
      <List
        resource={VOLUNTEER_REPORT}
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={50}
        title={appBarTitle('Volunteer report')}
        actions={<Actions />}
        empty={<Empty />}
        error={<ListReportError />}
        disableSyncWithLocation
        storeKey="volunteer-report"
      >
        <ListLastUpdated />
        <Box sx={scrollX}>
          <DataTable
            rowClick={false}
            bulkActionButtons={false}
            aria-label="Volunteer report"
            empty={<Typography sx={{ p: 2 }}>No volunteer matches these filters.</Typography>}
          >
            <DataTable.Col
              source="name"
              label="Name"
              render={(row: VolunteerReportRow) => (
                <>
                  {row.name}
                  {row.svid && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      SV ID {row.svid}
                    </Typography>
                  )}
                </>
              )}
            />
            <DataTable.Col source="role" label="Role" disableSort />
            <DataTable.Col
              source="expectedHours"
              label="Expected Hours"
              disableSort
              align="right"
              render={(row: VolunteerReportRow) => hours(row.expectedHours)}
            />
            <DataTable.Col
              source="scheduledHours"
              label="Scheduled Hours"
              align="right"
              render={(row: VolunteerReportRow) => <ScheduledHours row={row} />}
            />
            <DataTable.Col
              source="checkedInHours"
              label="Checked-in Hours"
              align="right"
              render={(row: VolunteerReportRow) => hours(row.checkedInHours)}
            />
            <DataTable.Col source="shifts" label="Shifts" disableSort align="right" />
            <DataTable.Col source="noShows" label="No-shows" disableSort align="right" />
            <DataTable.Col
              source="averageRating"
              label="Average Rating"
              disableSort
              align="right"
              render={(row: VolunteerReportRow) => (row.averageRating === null ? '—' : row.averageRating.toFixed(1))}
            />
            <DataTable.Col label="Notes" disableSort render={(row: VolunteerReportRow) => <Notes row={row} />} />
          </DataTable>
        </Box>
      </List>
    </Box>
  );
}
