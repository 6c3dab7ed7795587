import AddIcon from '@mui/icons-material/Add';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, Collapse, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Fragment, useState } from 'react';
import { HiddenHeaderCell } from '../common/visuallyHidden';
import type { VolunteerChange } from './types';
import { scrollX } from '../common/ScrollBox';

/** Whose shifts the build changes: added and removed counts, each row opening to the shifts themselves. */
export function VolunteerChanges({ changes }: { changes: readonly VolunteerChange[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  if (changes.length === 0) return <Typography>No volunteer's shifts change.</Typography>;
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const sorted = [...changes].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Box sx={scrollX}>
      <Table size="small" aria-label="Changes per volunteer">
        <TableHead>
          <TableRow>
            <HiddenHeaderCell sx={{ width: 48 }}>Shifts</HiddenHeaderCell>
            <TableCell>Volunteer</TableCell>
            <TableCell align="right">Added</TableCell>
            <TableCell align="right">Removed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((change) => {
            const expanded = open.has(change.volunteerId);
            const detailId = `changes-of-${change.volunteerId}`;
            return (
              <Fragment key={change.volunteerId}>
                <TableRow sx={{ '& > td': { borderBottom: expanded ? 'none' : undefined } }}>
                  <TableCell>
                    <IconButton
                      size="small"
                      onClick={() => toggle(change.volunteerId)}
                      aria-expanded={expanded}
                      aria-label={`${expanded ? 'Hide' : 'Show'} the shifts of ${change.name}`}
                    >
                      {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                    </IconButton>
                  </TableCell>
                  <TableCell>{change.name}</TableCell>
                  <TableCell align="right">{change.added.length}</TableCell>
                  <TableCell align="right">{change.removed.length}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={4} sx={{ py: 0, borderBottom: expanded ? undefined : 'none' }}>
                    <Collapse in={expanded} unmountOnExit>
                      <Box
                        component="ul"
                        id={detailId}
                        aria-label={`Shift changes of ${change.name}`}
                        sx={{ listStyle: 'none', pl: 6, my: 1 }}
                      >
                        {change.added.map((shift) => (
                          <Box component="li" key={`added-${shift.shiftId}`} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                            <AddIcon fontSize="small" color="success" aria-hidden />
                            <span>Added: {shift.label}</span>
                          </Box>
                        ))}
                        {change.removed.map((shift) => (
                          <Box component="li" key={`removed-${shift.shiftId}`} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                            <RemoveIcon fontSize="small" color="error" aria-hidden />
                            <span>Removed: {shift.label}</span>
                          </Box>
                        ))}
                      </Box>
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
