import { Alert, AlertTitle, Box, Button, Link, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import { ErrorCode, formatShiftDay } from '@svp/domain';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { PerformanceRecord, RefusedPerformanceRecord, ShiftDetail, ShiftVolunteer } from '../../api/types';
import { SCHEDULE_PATHS } from '../../components/navigation';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';
import { LoadingText } from '../application/LoadingText';
import { FactList } from './FactList';
import { FillShift } from './FillShift';
import { LoadFailed } from './LoadFailed';
import { PerformanceTable } from './PerformanceTable';
import { PrintRoster } from './PrintRoster';
import { ScheduleRefusal } from './ScheduleRefusal';
import type { ShiftDetailState } from './TeamLeaderSchedulePage';
import { StaleRecordsDialog } from './StaleRecordsDialog';
import {
  type PerformanceFormValues,
  type RowErrors,
  afterPartialSave,
  currentAfterStale,
  performanceFormValues,
  recordsOverCurrent,
  recordsToSave,
  refusedRowsOf,
  rowErrorsOf,
  volunteerName,
} from './performanceForm';
import { endTime, startTime } from './scheduleDays';
import { useLeaveWithMessage } from './useLeaveWithMessage';
import { useShiftDetail } from './useSchedules';

const lastUpdatedFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

export const assignedText = (assigned: number, slots: number): string => `${assigned} / ${slots} possible SVs assigned`;

/** A save that kept some rows and refused others. */
interface PartlySaved {
  /** The indexes of the rows saved. */
  saved: ReadonlySet<number>;
  total: number;
  refused: readonly RefusedPerformanceRecord[];
}

/** 'n of m records saved', and each volunteer whose record was not, with the reason; beside the Save button. */
function PartlySavedAlert({ partly, volunteers }: { partly: PartlySaved; volunteers: readonly ShiftVolunteer[] }) {
  const nameOf = (row: RefusedPerformanceRecord) => {
    const volunteer = volunteers[row.index];
    return volunteer?.id === row.student_volunteer_id ? volunteerName(volunteer) : `Volunteer ${row.student_volunteer_id}`;
  };
  return (
    <Alert severity="warning" sx={{ mt: 2 }} data-testid="partly-saved">
      <AlertTitle>
        {partly.saved.size} of {partly.total} records saved
      </AlertTitle>
      <Typography variant="body2">{partly.refused.length === 1 ? 'Not saved:' : `${partly.refused.length} not saved:`}</Typography>
      <List dense disablePadding sx={{ listStyle: 'disc', pl: 2.5 }}>
        {partly.refused.map((row) => (
          <ListItem key={row.index} disableGutters sx={{ display: 'list-item', py: 0, overflowWrap: 'anywhere' }}>
            <Box component="strong">{nameOf(row)}</Box>: {row.message}
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" sx={{ mt: 1 }}>
        What you entered for {partly.refused.length === 1 ? 'them' : 'these volunteers'} is still on this page: correct it, or save again
        once it can be saved.
      </Typography>
    </Alert>
  );
}

function Detail({
  detail,
  loadedAt,
  reloading,
  onRefresh,
  back,
}: {
  detail: ShiftDetail;
  loadedAt: Date;
  reloading: boolean;
  onRefresh: () => void;
  back: string;
}) {
  const { shift } = detail;
  // The records the page edits: as loaded, then with the rows a partly refused save kept.
  const [volunteers, setVolunteers] = useState<ShiftVolunteer[]>(shift.studentVolunteers);
  const { showError, clearAll } = useAlerts();
  const leaveWithMessage = useLeaveWithMessage();

  // Set when another team leader saved since this page loaded: the records as they are now.
  const [newer, setNewer] = useState<{ current: ShiftVolunteer[]; values: PerformanceFormValues } | null>(null);
  // The last refusal's messages about single volunteers (an early check-in, a check-out without check-in, a correction).
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  // A save that kept some rows and refused others: what to tell the team leader, and which rows it saved.
  const [partly, setPartly] = useState<PartlySaved | null>(null);

  const send = async (
    records: PerformanceRecord[],
    values: PerformanceFormValues,
    resetForm: FormikHelpers<PerformanceFormValues>['resetForm'],
  ) => {
    clearAll();
    setRowErrors({});
    setPartly(null);
    try {
      const answer = await endpoints.savePerformanceRecords(records);
      if (!answer.refused.length) {
        leaveWithMessage(back, answer.message);
        return;
      }
      // Some rows saved, some refused: the saved ones show as saved, the refused keep what was typed.
      const next = afterPartialSave(volunteers, values, answer);
      setVolunteers(next.volunteers);
      resetForm({ values: next.values });
      setRowErrors(rowErrorsOf(answer, next.volunteers));
      setPartly({ saved: next.saved, total: records.length, refused: answer.refused });
      if (answer.refused.some((row) => row.code === ErrorCode.Stale))
        setNewer({ current: currentAfterStale(next.volunteers, answer.refused), values: next.values });
    } catch (error) {
      const current =
        (error instanceof ApiError &&
          error.code === ErrorCode.Stale &&
          (error.data.current as ShiftDetail | undefined)?.shift.studentVolunteers) ||
        null;
      if (current) {
        setNewer({ current, values });
        return;
      }
      showError(error);
      const rows = rowErrorsOf(error, volunteers);
      setRowErrors(rows);
      const refused = refusedRowsOf(error);
      if (refused.some((row) => row.code === ErrorCode.Stale)) setNewer({ current: currentAfterStale(volunteers, refused), values });
      // The danger alert sits above the page; the Save button is at its foot. A refusal about
      // single volunteers is shown next to them, near the button: the page stays where it is.
      if (Object.keys(rows).length === 0) window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  };
  const save = (values: PerformanceFormValues, helpers: FormikHelpers<PerformanceFormValues>) =>
    send(recordsToSave(shift.id, volunteers, values), values, helpers.resetForm);
  const saveMineOverTheirs = async (helpers: Pick<FormikHelpers<PerformanceFormValues>, 'setSubmitting' | 'resetForm'>) => {
    if (!newer) return;
    setNewer(null);
    helpers.setSubmitting(true);
    await send(recordsOverCurrent(shift.id, volunteers, newer.values, newer.current), newer.values, helpers.resetForm);
    helpers.setSubmitting(false);
  };

  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {shift.venue.name}
        {shift.venue.location && `, ${shift.venue.location}`}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <FactList
          facts={[
            ['Venue', shift.venue.name],
            ['Location', shift.venue.location],
            ['Role', shift.role],
            ['Report To', shift.report_to],
            ['Day', formatShiftDay(shift.day)],
            ['Start', startTime(shift)],
            ['End', endTime(shift)],
            ['Description', shift.description || 'No description'],
          ]}
        />
        <Typography sx={{ fontWeight: 'bold', mt: 2 }}>{assignedText(volunteers.length, shift.sv_slots)}</Typography>
      </Paper>
      {shift.special && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>Special Note</AlertTitle>
          <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{shift.special}</Box>
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          Last Updated {lastUpdatedFormat.format(loadedAt)}
        </Typography>
        <Link component="button" type="button" variant="body2" onClick={onRefresh} disabled={reloading} sx={{ verticalAlign: 'baseline' }}>
          {reloading ? 'Refreshing...' : 'Refresh'}
        </Link>
        <Button variant="outlined" size="small" onClick={() => window.print()} sx={{ ml: { sm: 'auto' } }}>
          Print roster
        </Button>
      </Box>
      <PrintRoster shift={shift} volunteers={volunteers} />
      {/* A reload brings the server's records: the form starts again from them. */}
      <Formik key={loadedAt.getTime()} initialValues={performanceFormValues(volunteers)} onSubmit={save}>
        {({ isSubmitting, setSubmitting, resetForm }) => (
          <Form noValidate>
            <StaleRecordsDialog
              open={newer !== null}
              onReload={() => {
                setNewer(null);
                onRefresh();
              }}
              onSaveMine={() => void saveMineOverTheirs({ setSubmitting, resetForm })}
            />
            <Typography variant="h5" component="h2" gutterBottom>
              Volunteers
            </Typography>
            {volunteers.length ? (
              <PerformanceTable volunteers={volunteers} shift={shift} errors={rowErrors} saved={partly?.saved} />
            ) : (
              <Typography sx={{ mb: 2 }}>No volunteers are assigned to this shift yet.</Typography>
            )}
            {partly && <PartlySavedAlert partly={partly} volunteers={volunteers} />}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
              {volunteers.length > 0 && (
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  {isSubmitting ? 'Saving...' : 'Save and Return'}
                </Button>
              )}
              <Button variant="outlined" component={RouterLink} to={back}>
                Back to Schedule
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
      {/* Loaded again with the shift, so a refresh shows who could fill its places now. */}
      {volunteers.length < shift.sv_slots && <FillShift key={`fill-${loadedAt.getTime()}`} shiftId={shift.id} />}
    </>
  );
}

/** Only a path into the team-leader schedule is a place to go back to. */
function backPath(state: unknown, day: string | undefined): string {
  const from = (state as Partial<ShiftDetailState> | null)?.from;
  if (typeof from === 'string' && (from === SCHEDULE_PATHS.teamLeader || from.startsWith(`${SCHEDULE_PATHS.teamLeader}?`))) return from;
  return day ? `${SCHEDULE_PATHS.teamLeader}?day=${day}` : SCHEDULE_PATHS.teamLeader;
}

/**
 * /schedule/shift/:id (docs/product.md, 'Jury, schedules and swaps'): a shift of the team leader's venue with its volunteers,
 * where check-in, check-out, rating and notes are recorded; 'Save and Return' saves them and goes
 * back to the schedule. The server saves row by row: when it refuses some rows (an early check-in),
 * the others are saved, the page stays and says which were not and why, each refused row keeping what
 * was typed; on failure the edits stay and the button can be pressed again. A shift with
 * free places also lists who could fill them, to be proposed to the organisers. 'Print roster'
 * prints a sign-in sheet of the shift.
 */
export default function ShiftDetailPage() {
  const { isTeamLeader } = useSession();
  const { id } = useParams();
  const location = useLocation();
  const shiftId = id && /^\d+$/.test(id) ? Number(id) : null;
  const { data, loadedAt, loading, reloading, failed, refused, reload } = useShiftDetail(isTeamLeader ? shiftId : null);
  if (!isTeamLeader) return <Navigate to={SCHEDULE_PATHS.volunteer} replace />;
  const back = backPath(location.state, data?.shift.day);
  const backLink = { to: back, label: 'Back to Schedule' };

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {data ? data.shift.role : 'Shift Detail'}
      </Typography>
      {shiftId === null && (
        <ScheduleRefusal title="This shift cannot be shown" message="There is no shift at this address." back={backLink} />
      )}
      {refused && <ScheduleRefusal title="This shift cannot be shown" message={refused} back={backLink} />}
      {loading && <LoadingText text="Loading the shift..." />}
      {failed && !data && <LoadFailed what="The shift" onRetry={reload} />}
      {/* A reload brings the server's records: the page starts again from them. */}
      {data && loadedAt && (
        <Detail key={loadedAt.getTime()} detail={data} loadedAt={loadedAt} reloading={reloading} onRefresh={reload} back={back} />
      )}
    </Box>
  );
}
