import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Box, Button, Chip, LinearProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatUtc } from '../common/utcDates';
import { changeCounts } from './figures';
import { FiguresTable } from './FiguresTable';
import { HoursChart } from './HoursChart';
import { BUILD_STATUS } from './labels';
import { ConfirmButton } from '../common/ConfirmButton';
import { ExceptionsKept } from './ExceptionsKept';
import { UnfilledShifts } from './UnfilledShifts';
import { VolunteerChanges } from './VolunteerChanges';
import type { ScheduleBuild } from './types';

/** What the last action on the build answered, and what to do next. */
export interface BuildOutcome {
  severity: 'success' | 'info' | 'warning' | 'error';
  message: string;
  /** Offer to build the same scope again (the schedule moved under a preview). */
  buildAgain?: boolean;
}

interface BuildViewProps {
  build: ScheduleBuild;
  scopeText: string;
  /** Whether this is the latest applied build, the only one that can be undone. */
  undoable: boolean;
  /** Schedules are out: volunteers whose shifts change are emailed. */
  schedulesOut: boolean;
  outcome: BuildOutcome | null;
  onApply: () => Promise<void>;
  onDiscard: () => Promise<void>;
  onUndo: () => Promise<void>;
  onBuildAgain: () => void;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One build: its progress while it runs, then its preview with Apply and Discard, or Undo once applied. */
export function BuildView({ build, scopeText, undoable, schedulesOut, outcome, onApply, onDiscard, onUndo, onBuildAgain }: BuildViewProps) {
  const status = BUILD_STATUS[build.status];
  const preview = build.preview;
  const counts = changeCounts(preview?.changes ?? []);
  const mailNote = schedulesOut
    ? ' Schedules are out: each volunteer whose shifts change gets one email saying what was added and removed.'
    : '';

  return (
    <Box component="section" aria-labelledby="build-title" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id="build-title" variant="h6" component="h2">
          Build #{build.id}
        </Typography>
        <Chip size="small" color={status.color} label={status.label} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {scopeText}. Started by {build.createdBy.name}, {formatUtc(build.createdAt)}.
      </Typography>

      {build.status === 'running' && (
        <Box role="status">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            Building… {Math.round(build.progress)}%{build.message ? ` · ${build.message}` : ''}
          </Typography>
          <LinearProgress variant="determinate" value={build.progress} aria-label="Build progress" sx={{ height: 8, borderRadius: 1 }} />
        </Box>
      )}
      {build.status === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" startIcon={<ReplayIcon />} onClick={onBuildAgain}>
              Build again
            </Button>
          }
        >
          The build failed{build.message ? `: ${build.message}` : '.'} Nothing was written.
        </Alert>
      )}
      {build.status === 'preview' && (
        <Alert severity="info">
          This is a preview: nothing is written until you apply it, and then all of it is written at once, or nothing.
        </Alert>
      )}
      {build.status === 'applied' && (
        <Alert severity="success">
          Applied {formatUtc(build.appliedAt)}.{' '}
          {undoable
            ? 'Undo puts the assignments back exactly as they were before.'
            : 'A later build was applied since: only the latest applied build can be undone.'}
        </Alert>
      )}
      {build.status === 'undone' && (
        <Alert severity="info">Undone {formatUtc(build.undoneAt)}: the assignments are back as they were before it was applied.</Alert>
      )}
      {build.status === 'discarded' && <Alert severity="info">Discarded: this preview was never written.</Alert>}

      {outcome && (
        <Alert
          severity={outcome.severity}
          role="alert"
          action={
            outcome.buildAgain ? (
              <Button color="inherit" size="small" startIcon={<ReplayIcon />} onClick={onBuildAgain}>
                Build again
              </Button>
            ) : undefined
          }
        >
          {outcome.message}
        </Alert>
      )}

      {(build.status === 'preview' || (build.status === 'applied' && undoable)) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {build.status === 'preview' && (
            <>
              <ConfirmButton
                label="Apply"
                startIcon={<CheckIcon />}
                title="Apply this schedule?"
                text={
                  counts.total === 0
                    ? 'No assignment changes. The build is recorded as applied.'
                    : `${plural(counts.total, 'assignment changes', 'assignments change')} ` +
                      `for ${plural(counts.people, 'volunteer', 'volunteers')}: ${counts.added} added, ${counts.removed} removed. ` +
                      `They are written together, or not at all, and you can undo them afterwards.${mailNote}`
                }
                confirmLabel="Apply"
                pendingLabel="Applying..."
                run={onApply}
              />
              <ConfirmButton
                label="Discard"
                variant="outlined"
                color="error"
                startIcon={<DeleteOutlineIcon />}
                title="Discard this preview?"
                text="Nothing is written. You can build again at any time."
                confirmLabel="Discard"
                pendingLabel="Discarding..."
                run={onDiscard}
              />
            </>
          )}
          {build.status === 'applied' && undoable && (
            <ConfirmButton
              label="Undo"
              variant="outlined"
              color="warning"
              startIcon={<UndoIcon />}
              title={`Undo build #${build.id}?`}
              text={
                `The assignments in its days and venues go back exactly as they were before it was applied ` +
                `(${formatUtc(build.appliedAt)}).${mailNote}`
              }
              confirmLabel="Undo"
              pendingLabel="Undoing..."
              run={onUndo}
            />
          )}
        </Box>
      )}

      {preview && (
        <>
          <Part title="Figures">
            <FiguresTable status={build.status} preview={preview} />
          </Part>
          <Part title="Hours against expectation">
            <HoursChart people={preview.people} />
          </Part>
          <Part title={`Unfilled shifts (${preview.unfilled.length})`}>
            <UnfilledShifts shifts={preview.unfilled} />
          </Part>
          <Part title={`Exceptions kept (${preview.exceptions.length})`}>
            <ExceptionsKept exceptions={preview.exceptions} />
          </Part>
          <Part title={`Changes per volunteer (${preview.changes.length})`}>
            <VolunteerChanges changes={preview.changes} />
          </Part>
        </>
      )}
    </Box>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
