import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'react-admin';
import type { UnfilledShift } from './types';
import { scrollX } from '../common/ScrollBox';

/** The shifts the build leaves with free places, and what keeps people off them (counted by rule); each links to its page. */
export function UnfilledShifts({ shifts }: { shifts: readonly UnfilledShift[] }) {
  if (shifts.length === 0) return <Typography>Every shift in scope is full.</Typography>;
  return (
    <Box sx={scrollX}>
      <Table size="small" aria-label="Unfilled shifts">
        <TableHead>
          <TableRow>
            <TableCell>Shift</TableCell>
            <TableCell align="right">Free places</TableCell>
            <TableCell>Why places stay free</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shifts.map((shift) => (
            <TableRow key={shift.shiftId}>
              <TableCell sx={{ minWidth: 180 }}>
                <Link to={`/shifts/${shift.shiftId}`}>{shift.label}</Link>
              </TableCell>
              <TableCell align="right">{shift.free}</TableCell>
              <TableCell sx={{ minWidth: 200 }}>{shift.reason}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
