import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatUtc } from '../common/utcDates';
import { HiddenHeaderCell } from '../common/visuallyHidden';
import { BUILD_STATUS } from './labels';
import type { ScheduleBuildRow } from './types';
import { scrollX } from '../common/ScrollBox';

interface RecentBuildsProps {
  builds: readonly ScheduleBuildRow[];
  scopeText: (build: ScheduleBuildRow) => string;
  /** The latest applied build, the one Undo works on. */
  latestAppliedId: number | null;
  openId: number | null;
  onOpen: (id: number) => void;
}

/** The latest builds, newest first, with their status; each opens to its progress or preview. */
export function RecentBuilds({ builds, scopeText, latestAppliedId, openId, onOpen }: RecentBuildsProps) {
  if (builds.length === 0) return <Typography>No build yet.</Typography>;
  return (
    <Box sx={scrollX}>
      <Table size="small" aria-label="Recent builds">
        <TableHead>
          <TableRow>
            <TableCell>Build</TableCell>
            <TableCell>Started</TableCell>
            <TableCell>Scope</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Filled</TableCell>
            <HiddenHeaderCell>Action</HiddenHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {builds.map((build) => (
            <TableRow key={build.id} selected={build.id === openId}>
              <TableCell>#{build.id}</TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                {formatUtc(build.createdAt)}
                <Typography variant="caption" component="div" color="text.secondary">
                  by {build.createdBy.name}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 200 }}>{scopeText(build)}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  <Chip size="small" color={BUILD_STATUS[build.status].color} label={BUILD_STATUS[build.status].label} />
                  {build.id === latestAppliedId && <Chip size="small" variant="outlined" label="Can be undone" />}
                </Box>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {build.preview ? (
                  <>
                    {build.preview.figures.filledSlots} of {build.preview.figures.totalSlots} slots
                    <Typography variant="caption" component="div" color="text.secondary">
                      {build.preview.changes} {build.preview.changes === 1 ? 'person changes' : 'people change'}
                    </Typography>
                  </>
                ) : build.status === 'running' ? (
                  `${Math.round(build.progress)}%`
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell>
                <Button size="small" onClick={() => onOpen(build.id)} disabled={build.id === openId} aria-label={`Open build #${build.id}`}>
                  Open
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
