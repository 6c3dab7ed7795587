import { Box, Button, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { SWAP_MESSAGES, formatShiftDay } from '@svp/domain';
import { useState } from 'react';
import { endpoints } from '../../api/endpoints';
import type { OpenSwapRequest, ScheduleShift, SwapRequest, SwapRequests } from '../../api/types';
import { SCHEDULE_PATHS } from '../../components/navigation';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';
import { LoadingText } from '../application/LoadingText';
import { LoadFailed } from '../schedule/LoadFailed';
import { ScheduleRefusal } from '../schedule/ScheduleRefusal';
import { endTime, startTime } from '../schedule/scheduleDays';
import { visuallyHidden } from '../schedule/stackedTable';
import { useVolunteerSchedule } from '../schedule/useSchedules';
import { BackToSchedule } from './BackToSchedule';
import { SwapConfirmDialog } from './SwapConfirmDialog';
import { SwapNotice } from './SwapNotice';
import { SwapRefusal } from './SwapRefusal';
import { RowActions, ShiftText, type SwapColumn, SwapTable } from './SwapTable';
import { awaitedAnswer, isOpen, personName, shiftWhat, shiftWhen, swapActions, swapStatusText } from './swapRequests';
import { useSwapCalls, useSwapRequests, useSwapsEnabled } from './useSwapRequests';

/** What the accept modal is about: a directed request to the volunteer, or another volunteer's open request. */
type Accepting = { kind: 'assigned'; request: SwapRequest } | { kind: 'open'; request: OpenSwapRequest; giveId: number | null };

const NONE = '—';

/** Words for screen readers that say which row a button acts on. */
const forShift = (shift: ScheduleShift) => (
  <Box component="span" sx={visuallyHidden}>
    {` for ${shiftWhen(shift)}`}
  </Box>
);

function requestedShift(request: SwapRequest) {
  if (request.swapped_shift)
    return (
      <ShiftText
        shift={request.swapped_shift}
        holder={request.kind === 'directed' && request.swapped_sv ? personName(request.swapped_sv) : undefined}
      />
    );
  return <Typography variant="body2">Any volunteer's shift (open request)</Typography>;
}

/** A delete or decline the server refused: shown in its request's row. */
interface RowRefusal {
  requestId: number;
  message: string;
}

/** What the rows' buttons do; each row shows only the actions its request allows the viewer (`swapActions`). */
interface RowHandlers {
  viewerId: number | undefined;
  pending: boolean;
  refusal: RowRefusal | null;
  onDismissRefusal: () => void;
  onDelete: (request: SwapRequest) => void;
  onAccept: (request: SwapRequest) => void;
  onDecline: (request: SwapRequest) => void;
}

function RequestActions({
  request,
  viewerId,
  pending,
  refusal,
  onDismissRefusal,
  onDelete,
  onAccept,
  onDecline,
}: RowHandlers & { request: SwapRequest }) {
  const actions = swapActions(request, viewerId);
  // The list reloads after a refusal: the row may have lost its buttons (e.g. closed meanwhile), never the reason.
  const refused = refusal?.requestId === request.id && <SwapRefusal message={refusal.message} onClose={onDismissRefusal} />;
  if (actions.length === 0) {
    return (
      <>
        {NONE}
        {refused}
      </>
    );
  }
  return (
    <>
      <RowActions>
        {actions.includes('accept') && (
          <Button variant="contained" size="small" disabled={pending} onClick={() => onAccept(request)} aria-haspopup="dialog">
            Accept{forShift(request.shift)}
          </Button>
        )}
        {actions.includes('decline') && (
          <Button variant="outlined" size="small" disabled={pending} onClick={() => onDecline(request)}>
            Decline{forShift(request.shift)}
          </Button>
        )}
        {actions.includes('delete') && (
          <Button variant="outlined" color="error" size="small" disabled={pending} onClick={() => onDelete(request)}>
            Delete{forShift(request.shift)}
          </Button>
        )}
      </RowActions>
      {refused}
    </>
  );
}

/** The request's state, and for the creator's open request whose answer it waits for. */
function CreatedStatus({ request }: { request: SwapRequest }) {
  return (
    <>
      <Typography variant="body2">{swapStatusText(request)}</Typography>
      {isOpen(request) && (
        <Typography variant="body2" color="text.secondary">
          {awaitedAnswer(request)}
        </Typography>
      )}
    </>
  );
}

function CreatedRequests({ requests, ...handlers }: RowHandlers & { requests: readonly SwapRequest[] }) {
  const columns: SwapColumn<SwapRequest>[] = [
    { label: 'Your Shift', cell: (request) => <ShiftText shift={request.shift} /> },
    { label: 'Requested Shift', cell: requestedShift },
    { label: 'Accepted By', cell: (request) => (request.accepted && request.swapped_sv ? personName(request.swapped_sv) : NONE) },
    { label: 'Status', cell: (request) => <CreatedStatus request={request} /> },
    { label: 'Actions', cell: (request) => <RequestActions request={request} {...handlers} /> },
  ];
  return (
    <SwapTable
      id="created-requests-title"
      title="Your Requests"
      label="Swap requests you created"
      empty="You have not created any shift swap requests."
      rows={requests}
      columns={columns}
    />
  );
}

function AssignedRequests({ requests, ...handlers }: RowHandlers & { requests: readonly SwapRequest[] }) {
  const columns: SwapColumn<SwapRequest>[] = [
    { label: 'Their Shift', cell: (request) => <ShiftText shift={request.shift} /> },
    { label: 'Requested By', cell: (request) => personName(request.sv) },
    { label: 'Your Shift', cell: (request) => (request.swapped_shift ? <ShiftText shift={request.swapped_shift} /> : NONE) },
    { label: 'Status', cell: swapStatusText },
    { label: 'Actions', cell: (request) => <RequestActions request={request} {...handlers} /> },
  ];
  return (
    <SwapTable
      id="assigned-requests-title"
      title="Requests to You"
      label="Swap requests to you"
      empty="No volunteer has asked you for a shift swap."
      rows={requests}
      columns={columns}
    />
  );
}

function OpenRequests({
  requests,
  pending,
  onAccept,
}: {
  requests: readonly OpenSwapRequest[];
  pending: boolean;
  onAccept: (request: OpenSwapRequest) => void;
}) {
  const columns: SwapColumn<OpenSwapRequest>[] = [
    { label: 'Day', cell: (request) => formatShiftDay(request.shift.day) },
    { label: 'Start', cell: (request) => startTime(request.shift) },
    { label: 'End', cell: (request) => endTime(request.shift) },
    { label: 'Shift', cell: (request) => shiftWhat(request.shift) },
    { label: 'SV Name', cell: (request) => personName(request.sv) },
    {
      label: 'Action',
      cell: (request) =>
        request.my_shift_options.length ? (
          <Button variant="contained" size="small" disabled={pending} onClick={() => onAccept(request)} aria-haspopup="dialog">
            Accept{forShift(request.shift)}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            None of your shifts fits this swap.
          </Typography>
        ),
    },
  ];
  return (
    <SwapTable
      id="open-requests-title"
      title="Open Requests"
      label="Open swap requests by other volunteers"
      empty="No other volunteer is offering a shift right now."
      rows={requests}
      columns={columns}
    />
  );
}

/** The choice of the shift given for an open request, among the volunteer's shifts that fit. */
function GiveChoice({
  options,
  value,
  onChange,
}: {
  options: { id: number; shift: ScheduleShift | undefined }[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  return (
    <FormControl sx={{ mt: 2 }}>
      <FormLabel id="give-choice-label">Which of your shifts do you give?</FormLabel>
      <RadioGroup
        aria-labelledby="give-choice-label"
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {options.map(({ id, shift }) => (
          <FormControlLabel
            key={id}
            value={String(id)}
            control={<Radio />}
            label={shift ? `${shiftWhen(shift)} · ${shiftWhat(shift)}` : `Shift ${id}`}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function SwapLists({
  requests,
  myShifts,
  reload,
  reloadSchedule,
}: {
  requests: SwapRequests;
  myShifts: readonly ScheduleShift[];
  reload: () => void;
  reloadSchedule: () => void;
}) {
  const viewerId = useSession().profile?.id;
  const { showMessage } = useAlerts();
  const { pending, run } = useSwapCalls();
  const [accepting, setAccepting] = useState<Accepting | null>(null);
  const [acceptRefusal, setAcceptRefusal] = useState<string | null>(null);
  const [rowRefusal, setRowRefusal] = useState<RowRefusal | null>(null);
  const myShift = (id: number | null | undefined) => myShifts.find((shift) => shift.id === id);

  /** Runs a call; answers its refusal, or null when done (then the message shows and the modal closes). */
  const act = async (call: () => Promise<unknown>, message: string, changesSchedule = false) => {
    setAcceptRefusal(null);
    setRowRefusal(null);
    const refused = await run(call, { changesSchedule });
    if (refused === null) {
      setAccepting(null);
      showMessage(message);
      if (changesSchedule) reloadSchedule();
    }
    // After a failure too: a 409 means the list has changed under the volunteer.
    reload();
    return refused;
  };

  const accept = async () => {
    if (!accepting) return;
    const { request } = accepting;
    const body =
      accepting.kind === 'open'
        ? { shift_swap_request_id: request.id, swapped_shift_id: accepting.giveId! }
        : { shift_swap_request_id: request.id };
    setAcceptRefusal(await act(() => endpoints.acceptSwap(body), SWAP_MESSAGES.accepted, true));
  };

  /** A delete or decline from a row: a refusal shows in that row. */
  const actOnRow = async (request: SwapRequest, call: () => Promise<unknown>, message: string) => {
    const refused = await act(call, message);
    if (refused !== null) setRowRefusal({ requestId: request.id, message: refused });
  };

  const closeAccept = () => {
    setAccepting(null);
    setAcceptRefusal(null);
  };

  const openAccept = (request: OpenSwapRequest) => {
    // A single fitting shift is chosen already; with several the volunteer picks one.
    setAccepting({ kind: 'open', request, giveId: request.my_shift_options.length === 1 ? request.my_shift_options[0]! : null });
  };

  const handlers: RowHandlers = {
    viewerId,
    pending,
    refusal: rowRefusal,
    onDismissRefusal: () => setRowRefusal(null),
    onDelete: (request) => void actOnRow(request, () => endpoints.deleteSwap(request.id), SWAP_MESSAGES.deleted),
    onAccept: (request) => setAccepting({ kind: 'assigned', request }),
    onDecline: (request) => void actOnRow(request, () => endpoints.declineSwap(request.id), SWAP_MESSAGES.declined),
  };

  const confirmation = accepting && {
    title: 'Accept shift swap request',
    give: accepting.kind === 'open' ? (myShift(accepting.giveId) ?? null) : accepting.request.swapped_shift,
    take: accepting.request.shift,
    takeFrom: personName(accepting.request.sv),
    confirmLabel: 'Accept Swap',
  };

  // A request gone from the lists since (e.g. deleted in another tab) keeps its refusal in sight above them.
  const rowGone =
    rowRefusal !== null &&
    ![...requests.created_requests, ...requests.assigned_requests].some((request) => request.id === rowRefusal.requestId);

  return (
    <>
      {rowGone && (
        <Box sx={{ mb: 2 }}>
          <SwapRefusal message={rowRefusal.message} onClose={() => setRowRefusal(null)} />
        </Box>
      )}
      <CreatedRequests requests={requests.created_requests} {...handlers} />
      <AssignedRequests requests={requests.assigned_requests} {...handlers} />
      <OpenRequests requests={requests.open_requests} pending={pending} onAccept={openAccept} />
      <SwapConfirmDialog
        confirmation={confirmation}
        pending={pending}
        refusal={acceptRefusal}
        onConfirm={() => void accept()}
        onClose={closeAccept}
      >
        {accepting?.kind === 'open' && accepting.request.my_shift_options.length > 1 && (
          <GiveChoice
            options={accepting.request.my_shift_options.map((id) => ({ id, shift: myShift(id) }))}
            value={accepting.giveId}
            onChange={(giveId) => setAccepting({ ...accepting, giveId })}
          />
        )}
      </SwapConfirmDialog>
    </>
  );
}

function SwapRequestsContent() {
  const swaps = useSwapRequests();
  const schedule = useVolunteerSchedule();
  const back = { to: SCHEDULE_PATHS.volunteer, label: 'Back to Schedule' };
  return (
    <>
      {swaps.refused && <ScheduleRefusal title="Your swap requests cannot be shown" message={swaps.refused} back={back} />}
      {swaps.loading && <LoadingText text="Loading your swap requests..." />}
      {swaps.failed && !swaps.data && <LoadFailed what="Your swap requests" onRetry={swaps.reload} />}
      {swaps.data && (
        <>
          <Box sx={{ mb: 3 }}>
            <BackToSchedule />
          </Box>
          <SwapLists requests={swaps.data} myShifts={schedule.data?.shifts ?? []} reload={swaps.reload} reloadSchedule={schedule.reload} />
        </>
      )}
    </>
  );
}

/**
 * /schedule/swap/list (docs/product.md, 'Jury, schedules and swaps'): the requests the volunteer created and the requests to
 * them, each row with the actions it allows the volunteer (delete while open for the creator, accept or
 * decline while open for the volunteer asked), and other volunteers' open requests (accept by giving
 * one of their shifts that fits), each acceptance confirmed in a modal showing both shifts. While
 * swapping online is switched off, the notice instead (SwapNotice).
 */
export default function SwapListPage() {
  const enabled = useSwapsEnabled();
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Shift Swap Requests
      </Typography>
      {enabled ? <SwapRequestsContent /> : <SwapNotice />}
    </Box>
  );
}
