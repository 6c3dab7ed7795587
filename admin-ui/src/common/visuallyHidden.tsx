import { Box, TableCell, type TableCellProps } from '@mui/material';

/** Styles for text only a screen reader reads (a header of a column of buttons); sizes in px, as sx reads 1 as 100%. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;

/** The header of a column of buttons: named for screen readers, blank on screen. */
export function HiddenHeaderCell({ children, ...props }: TableCellProps) {
  return (
    <TableCell {...props}>
      <Box component="span" sx={visuallyHidden}>
        {children}
      </Box>
    </TableCell>
  );
}
