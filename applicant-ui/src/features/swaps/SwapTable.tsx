import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { ScheduleShift } from '../../api/types';
import { stackedOnSmallScreens } from '../schedule/stackedTable';
import { shiftWhat, shiftWhen } from './swapRequests';

/** A titled table of swap requests, turning into cards on a phone; `empty` when there are no rows. */
export function SwapTable({ id, title, label, columns, empty, children }: { id: string; title: string; label: string; columns: readonly string[]; empty: string; children: ReactNode[] }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Table size="small" aria-label={label} sx={stackedOnSmallScreens}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column} scope="col">
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      )}
    </Box>
  );
}

/** A cell's content naming a shift: when, then what and where. */
export function ShiftText({ shift, holder }: { shift: ScheduleShift; holder?: string }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 'bold' }}>
        {shiftWhen(shift)}
      </Typography>
      <Typography variant="body2">{shiftWhat(shift)}</Typography>
      {holder && (
        <Typography variant="body2" color="text.secondary">
          Held by {holder}
        </Typography>
      )}
    </>
  );
}

/** The buttons of a row, wrapping and full-size enough to tap. */
export function RowActions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{children}</Box>;
}
