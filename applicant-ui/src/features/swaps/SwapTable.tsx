import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { ScheduleShift } from '../../api/types';
import { stackedOnSmallScreens } from '../schedule/stackedTable';
import { shiftWhat, shiftWhen } from './swapRequests';

/** A column of a `SwapTable`: its header, also each cell's `data-label`, and the cell of a row. */
export interface SwapColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
}

/** A titled table with a row per item of `rows`, turning into cards on a phone; `empty` when there are no rows. */
export function SwapTable<T extends { id: number }>({
  id,
  title,
  label,
  empty,
  rows,
  columns,
}: {
  id: string;
  title: string;
  label: string;
  empty: string;
  rows: readonly T[];
  columns: readonly SwapColumn<T>[];
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Table size="small" aria-label={label} sx={stackedOnSmallScreens}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.label} scope="col">
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                {columns.map((column) => (
                  <TableCell key={column.label} data-label={column.label}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
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
