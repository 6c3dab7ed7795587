import { Box, GlobalStyles, Typography } from '@mui/material';
import { formatShiftDay } from '@svp/domain';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { ScheduleShift, ShiftVolunteer } from '../../api/types';
import { volunteerName } from './performanceForm';
import { timeRange } from './scheduleDays';

const ROSTER_CLASS = 'svp-print-roster';

/**
 * On screen a paper roster is not shown (the page already lists the volunteers); printed, it is the
 * only thing on the paper: every other child of <body> (the app with its navigation, any dialog) is hidden.
 */
const printStyles = {
  '@media screen': { [`.${ROSTER_CLASS}`]: { display: 'none' } },
  '@media print': {
    [`body > *:not(.${ROSTER_CLASS})`]: { display: 'none !important' },
    [`.${ROSTER_CLASS}`]: { display: 'block', color: '#000', background: '#fff', fontSize: '11pt' },
  },
} as const;

const cell = { border: '1px solid #000', padding: '6px 8px', textAlign: 'left', verticalAlign: 'top' } as const;

/** Paper only: rendered straight into <body>, so that the print stylesheet can hide everything else. */
export function PrintSheet({ children, testId }: { children: ReactNode; testId: string }) {
  return createPortal(
    <Box className={ROSTER_CLASS} data-testid={testId}>
      <GlobalStyles styles={printStyles} />
      {children}
    </Box>,
    document.body,
  );
}

/** A person on a sign-in sheet. */
export interface SignInRow {
  id: number;
  name: string;
  svid: string;
  /** Shown in a Phone column when the sheet has one (null: not given). */
  phone?: string | null;
}

/** The sign-in table: per volunteer their name, SV ID (and phone number), then empty In, Out and Signature columns to fill in by hand. */
export function SignInTable({ label, rows, withPhone = false }: { label: string; rows: readonly SignInRow[]; withPhone?: boolean }) {
  const columns = ['Volunteer', 'SV ID', ...(withPhone ? ['Phone'] : []), 'In', 'Out', 'Signature'];
  return (
    <Box
      component="table"
      aria-label={label}
      sx={{ width: '100%', borderCollapse: 'collapse', mt: 2, breakInside: 'auto', '& tr': { breakInside: 'avoid' } }}
    >
      <thead>
        <tr>
          {columns.map((column) => (
            <Box
              component="th"
              scope="col"
              key={column}
              sx={{ ...cell, width: column === 'Signature' ? '30%' : column === 'In' || column === 'Out' ? '12%' : undefined }}
            >
              {column}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <Box component="td" sx={{ ...cell, height: '2.4em' }}>
              {row.name}
            </Box>
            <Box component="td" sx={cell}>
              {row.svid}
            </Box>
            {withPhone && (
              <Box component="td" sx={{ ...cell, whiteSpace: 'nowrap' }}>
                {row.phone ?? ''}
              </Box>
            )}
            <Box component="td" sx={cell} />
            <Box component="td" sx={cell} />
            <Box component="td" sx={cell} />
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/**
 * A paper roster of the shift for the sign-in sheet: the shift, venue and times, and per
 * volunteer their name and SV ID with empty In, Out and Signature columns to fill in by hand. The
 * shift detail does not carry volunteers' phone numbers, so this roster has none (the venue-day
 * roster, RosterPage, has them).
 */
export function PrintRoster({ shift, volunteers }: { shift: ScheduleShift; volunteers: readonly ShiftVolunteer[] }) {
  return (
    <PrintSheet testId="print-roster">
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Roster: {shift.role}
      </Typography>
      <Typography>
        {shift.venue.name}
        {shift.venue.location && `, ${shift.venue.location}`}
      </Typography>
      <Typography>
        {formatShiftDay(shift.day)}, {timeRange(shift)} (Pacific time)
      </Typography>
      {shift.report_to && <Typography>Report to: {shift.report_to}</Typography>}
      <SignInTable
        label="Roster"
        rows={volunteers.map((volunteer) => ({ id: volunteer.id, name: volunteerName(volunteer), svid: volunteer.sv_id }))}
      />
      {volunteers.length === 0 && <Typography sx={{ mt: 2 }}>Nobody is assigned yet.</Typography>}
    </PrintSheet>
  );
}
