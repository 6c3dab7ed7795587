import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { type Better, figureRows } from './figures';
import type { BuildPreview } from './types';
import { ScrollBox } from '../common/ScrollBox';

const BETTER_TEXT: Record<Better, string> = { build: 'Build', current: 'Current', same: 'Same' };

/** The figures of the build next to the current schedule's (same scope), with the better side of each. */
export function FiguresTable({ preview }: { preview: BuildPreview }) {
  const rows = figureRows(preview);
  return (
    <Box>
      <ScrollBox label="Figures, build against current">
        <Table size="small" aria-label="Figures">
          <TableHead>
            <TableRow>
              <TableCell>Figure</TableCell>
              <TableCell>This build</TableCell>
              <TableCell>Current schedule</TableCell>
              <TableCell>Better</TableCell>
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
                <TableCell sx={{ fontWeight: row.better === 'build' ? 700 : undefined, whiteSpace: 'nowrap' }}>{row.build}</TableCell>
                <TableCell sx={{ fontWeight: row.better === 'current' ? 700 : undefined, whiteSpace: 'nowrap' }}>{row.current}</TableCell>
                <TableCell sx={{ color: row.better === 'current' ? 'error.main' : row.better === 'build' ? 'success.dark' : undefined }}>
                  {BETTER_TEXT[row.better]}
                </TableCell>
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
