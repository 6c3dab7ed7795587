import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { SWAP_MESSAGES, formatShiftDay } from '@svp/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { endpoints } from '../../api/endpoints';
import type { DayShift, DayShiftHolder, OpenSwapRequest, ScheduleShift, SwapRequests } from '../../api/types';
import { SCHEDULE_PATHS, SWAP_LIST_PATH } from '../../components/navigation';
import { useSettings } from '../../state/SettingsContext';
import { LoadingText } from '../application/LoadingText';
import { LoadFailed } from '../schedule/LoadFailed';
import { ScheduleRefusal } from '../schedule/ScheduleRefusal';
import { ShiftSummary } from '../schedule/ShiftSummary';
import { scheduleDays, timeRange } from '../schedule/scheduleDays';
import { visuallyHidden } from '../schedule/stackedTable';
import { useLeaveWithMessage } from '../schedule/useLeaveWithMessage';
import { useScheduleLoad } from '../schedule/useScheduleLoad';
import { useVolunteerSchedule } from '../schedule/useSchedules';
import { VenueSelect } from '../schedule/VenueSelect';
import { SHOW_ALL, inVenue, venueOptions } from '../schedule/venueFilter';
import { BackToSchedule } from './BackToSchedule';
import { type SwapConfirmation, SwapConfirmDialog } from './SwapConfirmDialog';
import { SwapNotice } from './SwapNotice';
import { RowActions, ShiftText, type SwapColumn, SwapTable } from './SwapTable';
import {
  NOT_YOUR_SHIFT,
  alreadyAsked,
  fittingOpenRequests,
  offerProblem,
  openOfferOf,
  personName,
  qualifyingShifts,
  shiftWhen,
} from './swapRequests';
import { useSwapCalls, useSwapRequests, useSwapsEnabled } from './useSwapRequests';

/** What the confirmation modal is about. */
type Confirming =
  { kind: 'directed'; shift: DayShift; holder: DayShiftHolder } | { kind: 'open' } | { kind: 'accept'; request: OpenSwapRequest };

const BACK = { to: SCHEDULE_PATHS.volunteer, label: 'Back to Schedule' };

function confirmationOf(confirming: Confirming, myShift: ScheduleShift): SwapConfirmation {
  switch (confirming.kind) {
    case 'directed':
      return {
        title: 'Request a shift swap',
        give: myShift,
        take: confirming.shift,
        takeFrom: personName(confirming.holder),
        confirmLabel: 'Send Request',
      };
    case 'open':
      return { title: 'Offer your shift to anyone', give: myShift, take: null, confirmLabel: 'Create Open Request' };
    case 'accept':
      return {
        title: 'Accept shift swap request',
        give: myShift,
        take: confirming.request.shift,
        takeFrom: personName(confirming.request.sv),
        confirmLabel: 'Accept Swap',
      };
  }
}

function OfferToAnyone({ offered, pending, onOffer }: { offered: boolean; pending: boolean; onOffer: () => void }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="offer-title" sx={{ p: 2, mb: 4 }}>
      <Typography id="offer-title" variant="h6" component="h2" gutterBottom>
        Offer to Anyone
      </Typography>
      {offered ? (
        <Typography>
          You have already offered this shift to anyone. <RouterLink to={SWAP_LIST_PATH}>See your swap requests</RouterLink>.
        </Typography>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            Any volunteer can then take your shift by giving you one of theirs that fits your schedule. Until then you keep your shift.
          </Typography>
          <Button variant="outlined" disabled={pending} onClick={onOffer} aria-haspopup="dialog">
            Offer to Anyone
          </Button>
        </>
      )}
    </Paper>
  );
}

function CandidateShifts({
  shifts,
  asked,
  pending,
  onSwap,
}: {
  shifts: readonly DayShift[];
  /** Whether this holder has been asked for this shift already. */
  asked: (shift: DayShift, holder: DayShiftHolder) => boolean;
  pending: boolean;
  onSwap: (shift: DayShift, holder: DayShiftHolder) => void;
}) {
  const columns: SwapColumn<DayShift>[] = [
    { label: 'Time', cell: timeRange },
    { label: 'Role', cell: (shift) => shift.role },
    {
      label: 'Venue',
      cell: (shift) => (
        <>
          {shift.venue.name}
          {shift.venue.location && (
            <Typography variant="body2" color="text.secondary">
              {shift.venue.location}
            </Typography>
          )}
        </>
      ),
    },
    {
      label: 'Volunteers',
      cell: (shift) => (
        <Stack spacing={1}>
          {shift.studentVolunteers.map((holder) => (
            <Box key={holder.id} sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="body2" sx={{ minWidth: 120 }}>
                {personName(holder)}
              </Typography>
              {asked(shift, holder) ? (
                <Typography variant="body2" color="text.secondary">
                  Already asked
                </Typography>
              ) : (
                <Button variant="contained" size="small" disabled={pending} onClick={() => onSwap(shift, holder)} aria-haspopup="dialog">
                  Swap
                  <Box component="span" sx={visuallyHidden}>
                    {` with ${personName(holder)} for ${shiftWhen(shift)}`}
                  </Box>
                </Button>
              )}
            </Box>
          ))}
        </Stack>
      ),
    },
  ];
  return (
    <SwapTable
      id="candidate-shifts-title"
      title="Shifts You Could Take"
      label="Shifts you could take"
      empty="No shift of this day at this venue fits your schedule."
      rows={shifts}
      columns={columns}
    />
  );
}

function FittingOpenRequests({
  requests,
  pending,
  onAccept,
}: {
  requests: readonly OpenSwapRequest[];
  pending: boolean;
  onAccept: (request: OpenSwapRequest) => void;
}) {
  const columns: SwapColumn<OpenSwapRequest>[] = [
    { label: 'Shift', cell: (request) => <ShiftText shift={request.shift} /> },
    { label: 'Offered By', cell: (request) => personName(request.sv) },
    {
      label: 'Action',
      cell: (request) => (
        <RowActions>
          <Button variant="contained" size="small" disabled={pending} onClick={() => onAccept(request)} aria-haspopup="dialog">
            Accept
            <Box component="span" sx={visuallyHidden}>
              {` ${personName(request.sv)}'s request for ${shiftWhen(request.shift)}`}
            </Box>
          </Button>
        </RowActions>
      ),
    },
  ];
  return (
    <SwapTable
      id="fitting-requests-title"
      title="Open Requests You Could Accept"
      label="Open requests you could accept"
      empty="No volunteer offers a shift of this day at this venue that fits."
      rows={requests}
      columns={columns}
    />
  );
}

/** The day's shifts that fit, by venue: the candidates with a Swap button per holder, and the open requests to accept. */
function DayChoices({
  day,
  myShift,
  requests,
  pending,
  onConfirm,
  reloadKey,
}: {
  day: string;
  myShift: ScheduleShift;
  requests: SwapRequests;
  pending: boolean;
  onConfirm: (confirming: Confirming) => void;
  /** Raised after a failed call, which may mean the day's shifts have changed. */
  reloadKey: number;
}) {
  const [venue, setVenue] = useState(SHOW_ALL);
  const dayShifts = useScheduleLoad(`day/${day}`, () => endpoints.shiftsOfDay(day), { cache: false });
  const dayText = formatShiftDay(day);
  const { reload } = dayShifts;

  useEffect(() => {
    if (reloadKey > 0) reload();
  }, [reloadKey, reload]);

  if (dayShifts.loading) return <LoadingText text={`Loading the shifts of ${dayText}...`} />;
  if (dayShifts.refused) return <Alert severity="info">{dayShifts.refused}</Alert>;
  if (!dayShifts.data) return dayShifts.failed ? <LoadFailed what={`The shifts of ${dayText}`} onRetry={dayShifts.reload} /> : null;

  const candidates = qualifyingShifts(dayShifts.data.shifts, myShift.id);
  const fitting = fittingOpenRequests(requests.open_requests, day, myShift.id);
  if (!candidates.length && !fitting.length) {
    return (
      <Alert severity="info" role="status">
        {SWAP_MESSAGES.noCandidates}
      </Alert>
    );
  }
  const venues = venueOptions([...candidates.map((shift) => shift.venue), ...fitting.map((request) => request.shift.venue)]);
  const shown = venues.includes(venue) ? venue : SHOW_ALL;
  return (
    <>
      <VenueSelect venues={venues} value={shown} onChange={setVenue} sx={{ minWidth: 240, mb: 3, maxWidth: '100%' }} />
      <CandidateShifts
        shifts={candidates.filter((shift) => inVenue(shift, shown))}
        asked={(shift, holder) => alreadyAsked(requests.created_requests, myShift.id, shift.id, holder.id)}
        pending={pending}
        onSwap={(shift, holder) => onConfirm({ kind: 'directed', shift, holder })}
      />
      {fitting.length > 0 && (
        <FittingOpenRequests
          requests={fitting.filter((request) => inVenue(request.shift, shown))}
          pending={pending}
          onAccept={(request) => onConfirm({ kind: 'accept', request })}
        />
      )}
    </>
  );
}

function SwapCreator({
  myShift,
  requests,
  reloadRequests,
}: {
  myShift: ScheduleShift;
  requests: SwapRequests;
  reloadRequests: () => void;
}) {
  const { settings } = useSettings();
  const days = scheduleDays(settings.conference.firstShiftDay, settings.conference.endDate);
  const [pickedDay, setPickedDay] = useState('');
  const [day, setDay] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const { pending, run } = useSwapCalls();
  const leaveWithMessage = useLeaveWithMessage();

  const select = (event: FormEvent) => {
    event.preventDefault();
    if (pickedDay) setDay(pickedDay);
  };

  const confirm = async () => {
    if (!confirming) return;
    const accepting = confirming.kind === 'accept';
    const call = () =>
      confirming.kind === 'accept'
        ? endpoints.acceptSwap({ shift_swap_request_id: confirming.request.id, swapped_shift_id: myShift.id })
        : endpoints.createSwap(
            confirming.kind === 'directed'
              ? { shift_id: myShift.id, swapped_shift_id: confirming.shift.id, swapped_svid: confirming.holder.sv_id }
              : { shift_id: myShift.id },
          );
    setRefusal(null);
    const refused = await run(call, { changesSchedule: accepting });
    if (refused === null) {
      leaveWithMessage(SCHEDULE_PATHS.volunteer, accepting ? SWAP_MESSAGES.accepted : SWAP_MESSAGES.created);
      return;
    }
    // Shown in the modal the volunteer is looking at; behind it, the requests and the day's shifts load again, as they have changed.
    setRefusal(refused);
    reloadRequests();
    setReloadKey((n) => n + 1);
  };

  const closeConfirmation = () => {
    setConfirming(null);
    setRefusal(null);
  };

  return (
    <>
      <Paper variant="outlined" component="section" aria-labelledby="your-shift-title" sx={{ p: 2, mb: 2 }}>
        <Typography id="your-shift-title" variant="h6" component="h2" gutterBottom>
          Your Shift
        </Typography>
        <ShiftSummary shift={myShift} />
      </Paper>
      <OfferToAnyone
        offered={!!openOfferOf(requests.created_requests, myShift.id)}
        pending={pending}
        onOffer={() => setConfirming({ kind: 'open' })}
      />
      <Box component="section" aria-labelledby="find-title">
        <Typography id="find-title" variant="h5" component="h2" gutterBottom>
          Swap With Another Volunteer
        </Typography>
        <Typography sx={{ mb: 2 }}>Pick a day, then a venue, then the shift and the volunteer you would like to swap with.</Typography>
        <Box component="form" onSubmit={select} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
          <TextField
            select
            label="Day"
            value={pickedDay}
            onChange={(event) => setPickedDay(event.target.value)}
            size="small"
            sx={{ minWidth: 200 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Pick a day</option>
            {days.map((option) => (
              <option key={option} value={option}>
                {formatShiftDay(option)}
              </option>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={!pickedDay}>
            Select
          </Button>
        </Box>
        {day && (
          <DayChoices
            key={day}
            day={day}
            myShift={myShift}
            requests={requests}
            pending={pending}
            onConfirm={setConfirming}
            reloadKey={reloadKey}
          />
        )}
      </Box>
      <Box sx={{ mt: 2 }}>
        <BackToSchedule />
      </Box>
      <SwapConfirmDialog
        confirmation={confirming && confirmationOf(confirming, myShift)}
        pending={pending}
        refusal={refusal}
        onConfirm={() => void confirm()}
        onClose={closeConfirmation}
      />
    </>
  );
}

function SwapCreateContent({ shiftId }: { shiftId: number | null }) {
  const { serverNow } = useSettings();
  const schedule = useVolunteerSchedule();
  const swaps = useSwapRequests();
  const refusal = (message: string) => <ScheduleRefusal title="This shift cannot be swapped" message={message} back={BACK} />;

  if (shiftId === null) return refusal(NOT_YOUR_SHIFT);
  if (schedule.refused || swaps.refused) return refusal((schedule.refused ?? swaps.refused)!);
  if (schedule.loading || swaps.loading) return <LoadingText text="Loading your shifts..." />;
  if (!schedule.data || !swaps.data) {
    const retry = () => {
      if (!schedule.data) schedule.reload();
      if (!swaps.data) swaps.reload();
    };
    return <LoadFailed what="Your shifts" onRetry={retry} />;
  }
  const myShift = schedule.data.shifts.find((shift) => shift.id === shiftId);
  const problem = myShift ? offerProblem(myShift, schedule.data.shifts, new Date(serverNow())) : NOT_YOUR_SHIFT;
  if (!myShift || problem) return refusal(problem ?? NOT_YOUR_SHIFT);
  return <SwapCreator myShift={myShift} requests={swaps.data} reloadRequests={swaps.reload} />;
}

/**
 * /schedule/swap/:id/create (docs/product.md, 'Jury, schedules and swaps'): swap the volunteer's shift `id`, by offering it to
 * anyone (an open request), or by picking a day, a venue and a qualifying shift and asking one of its
 * volunteers (a directed request), or by accepting another volunteer's open request that fits; each
 * confirmed in a modal showing both shifts, then back to the schedule with the result.
 */
export default function SwapCreatePage() {
  const enabled = useSwapsEnabled();
  const { id } = useParams();
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Swap Your Shift
      </Typography>
      {enabled ? <SwapCreateContent shiftId={id && /^\d+$/.test(id) ? Number(id) : null} /> : <SwapNotice />}
    </Box>
  );
}
