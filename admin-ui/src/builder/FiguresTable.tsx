import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { type FigureCell, type FigureRow, figureComparison } from './figures';
import type { BuildPreview, BuildStatus } from './types';
import { ScrollBox } from '../common/ScrollBox';

/**
 * The build's figures next to the schedule it is compared with (same days and venues), each column
 * named after where the build stands (a preview, in place, undone), and the better side of each
 * figure where the comparison means something.
 */
export function FiguresTable({ status, preview }: { status: BuildStatus; preview: BuildPreview }) {
  const { columns, note, rows } = figureComparison(status, preview);
  const compared = columns.length === 2;
  const betterText = (row: FigureRow) =>
    row.better === null ? 'Not compared' : row.better === 'same' ? 'Same' : columns.find((c) => c.side === row.better)!.short;
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {note}
      </Typography>
      <ScrollBox label={compared ? `Figures, ${columns[0]!.title} against ${columns[1]!.title}` : `Figures, ${columns[0]!.title}`}>
        <Table size="small" aria-label="Figures">
          <TableHead>
            <TableRow>
              <TableCell>Figure</TableCell>
              {columns.map((column) => (
                <TableCell key={column.side}>{column.title}</TableCell>
              ))}
              {compared && <TableCell>Better</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell sx={{ minWidth: 160 }}>
                  {row.label}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {row.help}
                  </Typography>
                </TableCell>
                {columns.map((column) => (
                  <Value key={column.side} cell={row.cells[column.side]} wins={row.better === column.side} />
                ))}
                {compared && (
                  <TableCell
                    sx={{
                      color: row.better === 'current' ? 'error.main' : row.better === 'build' ? 'success.dark' : 'text.secondary',
                    }}
                  >
                    {betterText(row)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollBox>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {preview.bound.exact
          ? `The bound, ${preview.bound.coverageSlots} slots, comes from linear programming over the rules: no schedule can fill more.`
          : `The bound, ${preview.bound.coverageSlots} slots, is the simple one (each shift's places, capped by who could take it): ` +
            `the real maximum may be lower.`}
      </Typography>
    </Box>
  );
}

/** A figure of one schedule, bold where it is the better one; in grey words where it means nothing there. */
function Value({ cell, wins }: { cell: FigureCell; wins: boolean }) {
  return (
    <TableCell
      sx={
        cell.meaningful
          ? { fontWeight: wins ? 700 : undefined, whiteSpace: 'nowrap' }
          : { color: 'text.secondary', fontStyle: 'italic', minWidth: 120 }
      }
    >
      {cell.text}
    </TableCell>
  );
}
