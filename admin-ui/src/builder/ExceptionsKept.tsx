import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'react-admin';
import { scrollX } from '../common/ScrollBox';
import { exceptionText } from '../schedule/exceptions';
import type { BuildPreview } from './types';

/** The assignments in scope made despite a rule, with who made each and why: the build kept them, as it keeps a pinned one. */
export function ExceptionsKept({ exceptions }: { exceptions: BuildPreview['exceptions'] }) {
  if (exceptions.length === 0) return <Typography>No assignment in scope was made as an exception to the rules.</Typography>;
  return (
    <Box sx={scrollX}>
      <Table size="small" aria-label="Exceptions kept">
        <TableHead>
          <TableRow>
            <TableCell>Shift</TableCell>
            <TableCell>Person</TableCell>
            <TableCell>Exception</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {exceptions.map((e) => (
            <TableRow key={`${e.shiftId}:${e.volunteerId}`}>
              <TableCell sx={{ minWidth: 180 }}>
                <Link to={`/shifts/${e.shiftId}`}>{e.shiftLabel}</Link>
              </TableCell>
              <TableCell>{e.name}</TableCell>
              <TableCell sx={{ minWidth: 220 }}>{exceptionText(e)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
