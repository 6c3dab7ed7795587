import PrintIcon from '@mui/icons-material/Print';
import {
  Box,
  Button,
  Card,
  CardContent,
  GlobalStyles,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { type RosterShift, type VenueDayRoster, conferenceDays, formatShiftDay } from '@svp/domain';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useGetList } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { ScrollBox } from '../common/ScrollBox';
import { useAdminQuery } from '../common/useAdminQuery';
import { useEditionSettings } from '../common/useEditionSettings';
import { AppBarTitle } from '../records/AppBarTitle';
import { QueryStates } from '../records/QueryStates';
import { shiftTimeRange } from '../schedule/labels';

const PRINT_CLASS = 'svp-print-roster';

/** On screen the paper version is hidden; printed, it is the only thing on the paper (every other child of <body> is hidden). */
const printStyles = {
  '@media screen': { [`.${PRINT_CLASS}`]: { display: 'none' } },
  '@media print': {
    [`body > *:not(.${PRINT_CLASS})`]: { display: 'none !important' },
    [`.${PRINT_CLASS}`]: { display: 'block', color: '#000', background: '#fff', fontSize: '11pt' },
  },
} as const;

const cell = { border: '1px solid #000', padding: '6px 8px', textAlign: 'left', verticalAlign: 'top' } as const;

const shiftTitle = (shift: RosterShift) => `${shift.role}, ${shiftTimeRange(shift)}`;
const filledText = (shift: RosterShift) =>
  `${shift.volunteers.length} of ${shift.slots} ${shift.slots === 1 ? 'place' : 'places'} ` +
  `filled${shift.reportTo ? ` · Report to: ${shift.reportTo}` : ''}`;
const dayTitle = (roster: VenueDayRoster) => `${formatShiftDay(roster.day)} ${roster.day.slice(0, 4)} (Pacific time)`;

function PrintSheet({ children }: { children: ReactNode }) {
  return createPortal(
    <Box className={PRINT_CLASS} data-testid="print-roster">
      <GlobalStyles styles={printStyles} />
      {children}
    </Box>,
    document.body,
  );
}

/** The paper roster: per shift a sign-in table with phone numbers and empty In, Out and Signature columns. */
function RosterOnPaper({ roster }: { roster: VenueDayRoster }) {
  const columns = ['Volunteer', 'SV ID', 'Phone', 'In', 'Out', 'Signature'];
  return (
    <PrintSheet>
      <Typography variant="h5" component="h2">
        Roster: {roster.venue.name}
      </Typography>
      <Typography>
        {dayTitle(roster)}
        {roster.venue.location && ` · ${roster.venue.location}`}
      </Typography>
      {roster.venue.teamLeaders.length > 0 && (
        <Typography>Team leaders: {roster.venue.teamLeaders.map((leader) => leader.name).join(', ')}</Typography>
      )}
      {roster.shifts.length === 0 && <Typography sx={{ mt: 2 }}>There are no shifts at this venue on this day.</Typography>}
      {roster.shifts.map((shift) => (
        <Box key={shift.id} component="section" sx={{ mt: 3 }}>
          <Typography variant="h6" component="h3">
            {shiftTitle(shift)}
          </Typography>
          <Typography variant="body2">{filledText(shift)}</Typography>
          <Box
            component="table"
            aria-label={shiftTitle(shift)}
            sx={{ width: '100%', borderCollapse: 'collapse', mt: 1, '& tr': { breakInside: 'avoid' } }}
          >
            <thead>
              <tr>
                {columns.map((column) => (
                  <Box
                    component="th"
                    scope="col"
                    key={column}
                    sx={{ ...cell, width: column === 'Signature' ? '28%' : column === 'In' || column === 'Out' ? '11%' : undefined }}
                  >
                    {column}
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {shift.volunteers.map((volunteer) => (
                <tr key={volunteer.id}>
                  <Box component="td" sx={{ ...cell, height: '2.4em' }}>
                    {volunteer.name}
                  </Box>
                  <Box component="td" sx={cell}>
                    {volunteer.svid}
                  </Box>
                  <Box component="td" sx={{ ...cell, whiteSpace: 'nowrap' }}>
                    {volunteer.phoneNumber ?? ''}
                  </Box>
                  <Box component="td" sx={cell} />
                  <Box component="td" sx={cell} />
                  <Box component="td" sx={cell} />
                </tr>
              ))}
            </tbody>
          </Box>
          {shift.volunteers.length === 0 && <Typography sx={{ mt: 1 }}>Nobody is assigned to this shift.</Typography>}
        </Box>
      ))}
    </PrintSheet>
  );
}

function RosterOnScreen({ roster }: { roster: VenueDayRoster }) {
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
        {`${roster.venue.name}, ${dayTitle(roster)}`}
      </Typography>
      {roster.venue.teamLeaders.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          Team leaders: {roster.venue.teamLeaders.map((leader) => leader.name).join(', ')}
        </Typography>
      )}
      {roster.shifts.length === 0 && <Typography sx={{ mt: 2 }}>There are no shifts at this venue on this day.</Typography>}
      {roster.shifts.map((shift) => (
        <Box key={shift.id} component="section" aria-label={shiftTitle(shift)} sx={{ mt: 2 }}>
          <Typography variant="body1" component="h3" sx={{ fontWeight: 500 }}>
            {shiftTitle(shift)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {filledText(shift)}
          </Typography>
          {shift.volunteers.length === 0 ? (
            <Typography variant="body2">Nobody is assigned to this shift.</Typography>
          ) : (
            <ScrollBox label={`${shiftTitle(shift)}, scrolls sideways`}>
              <Table size="small" aria-label={shiftTitle(shift)}>
                <TableHead>
                  <TableRow>
                    <TableCell>Volunteer</TableCell>
                    <TableCell>SV ID</TableCell>
                    <TableCell>Phone</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {shift.volunteers.map((volunteer) => (
                    <TableRow key={volunteer.id}>
                      <TableCell>{volunteer.name}</TableCell>
                      <TableCell>{volunteer.svid}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{volunteer.phoneNumber ?? '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollBox>
          )}
        </Box>
      ))}
      <RosterOnPaper roster={roster} />
    </>
  );
}

function LoadedRoster({ venueId, day }: { venueId: number; day: string }) {
  const roster = useAdminQuery((api) => api.venueDayRoster(venueId, day), `roster:${venueId}:${day}`);
  return (
    <>
      <Button
        variant="contained"
        size="small"
        startIcon={<PrintIcon />}
        onClick={() => window.print()}
        disabled={!roster.data}
        sx={{ mb: 2 }}
      >
        Print roster
      </Button>
      <QueryStates query={roster} loading="Loading the roster...">
        {(data) => <RosterOnScreen roster={data} />}
      </QueryStates>
    </>
  );
}

/**
 * Rosters: for a venue and a Pacific day of the conference, the volunteers of each shift
 * with their SV IDs and phone numbers — the team leader's clipboard, printed here with one sign-in
 * table per shift. The venue and day are kept in the address.
 */
export function RosterPage() {
  const settings = useEditionSettings();
  const venues = useGetList<{ id: number; name: string }>('venues', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [params, setParams] = useSearchParams();
  const days = settings ? conferenceDays(settings.conference) : [];
  const venueId = Number(params.get('venue')) || null;
  const day = params.get('day') ?? '';
  // From the address as it is now, not as this render saw it: a venue and a day picked in quick
  // succession must both be kept.
  const choose = (name: 'venue' | 'day', value: string) => {
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <Card sx={{ mt: 2 }}>
      <AppBarTitle text="Rosters" />
      <CardContent>
        <Typography variant="h6" component="h1">
          Rosters
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The volunteers of each shift at a venue on one day, with their SV IDs and phone numbers. Printed, each shift is a sign-in sheet
          with In, Out and Signature columns.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            label="Venue"
            size="small"
            value={venueId ?? ''}
            onChange={(event) => choose('venue', event.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 220 }}
          >
            <option value="">Choose a venue</option>
            {(venues.data ?? []).map((venue) => (
              <option key={venue.id} value={venue.id}>
                {venue.name}
              </option>
            ))}
          </TextField>
          <TextField
            select
            label="Day"
            size="small"
            value={days.includes(day) ? day : ''}
            onChange={(event) => choose('day', event.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 180 }}
          >
            <option value="">Choose a day</option>
            {days.map((option) => (
              <option key={option} value={option}>
                {formatShiftDay(option)}
              </option>
            ))}
          </TextField>
        </Stack>
        {venueId && days.includes(day) ? (
          <LoadedRoster venueId={venueId} day={day} />
        ) : (
          <Typography>Choose a venue and a day to see their roster.</Typography>
        )}
      </CardContent>
    </Card>
  );
}
