import { Box, GlobalStyles, Typography } from '@mui/material';
import { formatShiftDay } from '@svp/domain';
import { createPortal } from 'react-dom';
import type { ScheduleShift, ShiftVolunteer } from '../../api/types';
import { volunteerName } from './performanceForm';
import { timeRange } from './scheduleDays';

const ROSTER_CLASS = 'svp-print-roster';

/**
 * On screen the roster is not shown (the page already lists the volunteers); printed, it is the only
 * thing on the paper: every other child of <body> (the app with its navigation, any dialog) is hidden.
 */
const printStyles = {
  '@media screen': { [`.${ROSTER_CLASS}`]: { display: 'none' } },
  '@media print': {
    [`body > *:not(.${ROSTER_CLASS})`]: { display: 'none !important' },
    [`.${ROSTER_CLASS}`]: { display: 'block', color: '#000', background: '#fff', fontSize: '11pt' },
  },
} as const;

const cell = { border: '1px solid #000', padding: '6px 8px', textAlign: 'left', verticalAlign: 'top' } as const;

/**
 * A paper roster of the shift for the sign-in sheet (issue #22): the shift, venue and times, and per
 * volunteer their name and SV ID with empty In, Out and Signature columns to fill in by hand. The
 * shift detail does not carry volunteers' phone numbers, so the roster has none. Rendered straight
 * into <body> so that the print stylesheet can hide everything else.
 */
export function PrintRoster({ shift, volunteers }: { shift: ScheduleShift; volunteers: readonly ShiftVolunteer[] }) {
  return createPortal(
    <Box className={ROSTER_CLASS} data-testid="print-roster">
      <GlobalStyles styles={printStyles} />
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
      <Box component="table" aria-label="Roster" sx={{ width: '100%', borderCollapse: 'collapse', mt: 2 }}>
        <thead>
          <tr>
            {['Volunteer', 'SV ID', 'In', 'Out', 'Signature'].map((column) => (
              <Box component="th" scope="col" key={column} sx={{ ...cell, width: column === 'Signature' ? '30%' : column === 'In' || column === 'Out' ? '12%' : undefined }}>
                {column}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {volunteers.map((volunteer) => (
            <tr key={volunteer.id}>
              <Box component="td" sx={{ ...cell, height: '2.4em' }}>
                {volunteerName(volunteer)}
              </Box>
              <Box component="td" sx={cell}>
                {volunteer.sv_id}
              </Box>
              <Box component="td" sx={cell} />
              <Box component="td" sx={cell} />
              <Box component="td" sx={cell} />
            </tr>
          ))}
        </tbody>
      </Box>
      {volunteers.length === 0 && <Typography sx={{ mt: 2 }}>Nobody is assigned yet.</Typography>}
    </Box>,
    document.body,
  );
}
