import { Alert, Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  type RecordActionKind,
  type ScanShift,
  type ShiftDetail,
  type ShiftVolunteer,
  type TeamLeaderShift,
  canCheckInAt,
  formatShiftTime,
  parseCheckInCode,
  scanVerdict,
} from '@svp/domain';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { endpoints } from '../../api/endpoints';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import { LoadingText } from '../application/LoadingText';
import { ScheduleRefusal } from '../schedule/ScheduleRefusal';
import { useTeamLeaderSchedule } from '../schedule/useSchedules';
import { type QueuedAction, type RecordQueue, recordQueue, useQueuedActions } from './recordQueue';

const CodeScanner = lazy(() => import('./CodeScanner').then((m) => ({ default: m.CodeScanner })));

const HOUR = 3_600_000;
/** The shifts shown: under way, or starting within this many hours. */
const AHEAD_HOURS = 3;

/** The shifts of the team leader's venues to check people in to now: under way or starting soon, by start. */
export function checkInShifts(shifts: readonly TeamLeaderShift[], now: number): TeamLeaderShift[] {
  return shifts
    .filter((s) => Date.parse(s.ends_at) > now && Date.parse(s.starts_at) <= now + AHEAD_HOURS * HOUR)
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || a.id - b.id)
    .slice(0, 8);
}

/** Each shift's detail with its volunteers: read when online, and from the phone's copy when not. */
function useShiftDetails(ids: number[]): { details: Map<number, ShiftDetail>; missing: number[]; reload: () => void } {
  const key = ids.join(',');
  const [details, setDetails] = useState(() => new Map<number, ShiftDetail>());
  const [missing, setMissing] = useState<number[]>([]);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    const wanted = key ? key.split(',').map(Number) : [];
    void Promise.all(
      wanted.map((id) =>
        endpoints.shiftDetail(id).then(
          (d) => [id, d] as const,
          () => [id, null] as const,
        ),
      ),
    ).then((found) => {
      if (!active) return;
      setDetails(new Map(found.flatMap(([id, d]) => (d ? [[id, d] as const] : []))));
      setMissing(found.flatMap(([id, d]) => (d ? [] : [id])));
    });
    return () => {
      active = false;
    };
  }, [key, attempt]);
  return { details, missing, reload: () => setAttempt((n) => n + 1) };
}

/** What a volunteer's record reads once this phone's actions are laid over the record the portal sent. */
interface RowState {
  checkedInAt: string | null;
  checkedOutAt: string | null;
  rating: number;
  notes: string;
  version: number;
  waiting: number;
  conflicts: QueuedAction[];
  refused: QueuedAction[];
}

export function rowState(volunteer: ShiftVolunteer, actions: readonly QueuedAction[]): RowState {
  const record = volunteer.performance_record;
  const state: RowState = {
    checkedInAt: record.check_in_at ?? (record.check_in ? (record.updated_at ?? '') : null),
    checkedOutAt: record.check_out_at,
    rating: record.rating,
    notes: record.notes,
    version: record.version,
    waiting: 0,
    conflicts: [],
    refused: [],
  };
  for (const action of actions) {
    if (action.state === 'conflict') state.conflicts.push(action);
    if (action.state === 'refused') state.refused.push(action);
    if (action.state === 'sent' && action.record) {
      state.version = Math.max(state.version, action.record.version);
      state.checkedInAt = action.record.check_in_at ?? state.checkedInAt;
      state.checkedOutAt = action.record.check_out_at ?? state.checkedOutAt;
      state.rating = action.record.rating;
      state.notes = action.record.notes;
    }
    if (action.state !== 'waiting') continue;
    state.waiting += 1;
    if (action.kind === 'check-in') state.checkedInAt ??= action.tapped_at;
    if (action.kind === 'check-out') state.checkedOutAt ??= action.tapped_at;
    if (action.kind === 'rating') state.rating = action.rating ?? 0;
    if (action.kind === 'note') state.notes = action.notes ?? '';
  }
  return state;
}

const nameOf = (v: Pick<ShiftVolunteer, 'given_name' | 'family_name'>) => `${v.given_name} ${v.family_name}`.trim();
const timeOf = (iso: string) => formatShiftTime(new Date(iso));

function VolunteerRow({
  shift,
  volunteer,
  actions,
  queue,
  now,
}: {
  shift: TeamLeaderShift;
  volunteer: ShiftVolunteer;
  actions: QueuedAction[];
  queue: RecordQueue;
  now: number;
}) {
  const row = rowState(volunteer, actions);
  const name = nameOf(volunteer);
  const [note, setNote] = useState(row.notes);
  const add = (kind: RecordActionKind, extra: { rating?: number; notes?: string } = {}) =>
    void queue.add({
      kind,
      shift_id: shift.id,
      student_volunteer_id: volunteer.id,
      base_version: row.version,
      volunteerName: name,
      ...extra,
    });
  const open = canCheckInAt({ startsAt: new Date(shift.starts_at) }, new Date(now));
  const status = row.checkedOutAt
    ? `Checked out ${timeOf(row.checkedOutAt)}`
    : row.checkedInAt
      ? `Checked in ${row.checkedInAt ? timeOf(row.checkedInAt) : ''}`
      : 'Not checked in';
  return (
    <Box
      component="li"
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
      data-testid={`volunteer-${volunteer.id}`}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontWeight: 600, mr: 1 }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary">
          SV ID {volunteer.sv_id}
        </Typography>
        <Typography variant="body2">{status}</Typography>
        {row.waiting > 0 && (
          // Outlined, in the text's colour: white on MUI's warning orange is too faint to read (contrast 2.9).
          <Chip size="small" variant="outlined" label="Waiting to be sent" sx={{ borderColor: 'warning.main', color: 'text.primary' }} />
        )}
        {row.waiting === 0 && actions.some((a) => a.state === 'sent') && <Chip size="small" color="success" label="Sent" />}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <Button
          size="small"
          variant="contained"
          disabled={!!row.checkedInAt || !open}
          onClick={() => add('check-in')}
          aria-label={`Check in ${name}`}
        >
          Check in
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={!row.checkedInAt || !!row.checkedOutAt}
          onClick={() => add('check-out')}
          aria-label={`Check out ${name}`}
        >
          Check out
        </Button>
        <TextField
          select
          size="small"
          label={`Rating for ${name}`}
          value={row.rating}
          onChange={(event) => add('rating', { rating: Number(event.target.value) })}
          sx={{ minWidth: 170 }}
        >
          <MenuItem value={0}>Not rated</MenuItem>
          {[1, 2, 3, 4, 5].map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label={`Note on ${name}`} value={note} onChange={(event) => setNote(event.target.value)} />
        <Button size="small" disabled={note === row.notes} onClick={() => add('note', { notes: note })}>
          Save note
        </Button>
      </Stack>
      {row.refused.map((a) => (
        <Alert key={a.key} severity="error" sx={{ mt: 1 }} onClose={() => void queue.dismiss(a.key)}>
          Not saved ({a.kind}): {a.message}
        </Alert>
      ))}
      {row.conflicts.map((a) => (
        <ConflictNotice key={a.key} action={a} name={name} queue={queue} />
      ))}
    </Box>
  );
}

function describe(action: QueuedAction): string {
  switch (action.kind) {
    case 'check-in':
      return `checked in at ${timeOf(action.tapped_at)}`;
    case 'check-out':
      return `checked out at ${timeOf(action.tapped_at)}`;
    case 'rating':
      return action.rating ? `rated ${action.rating}` : 'rating cleared';
    case 'note':
      return `note “${action.notes ?? ''}”`;
  }
}

/** Another team leader saved this record since the phone read it: theirs and mine side by side, the team leader chooses. */
function ConflictNotice({ action, name, queue }: { action: QueuedAction; name: string; queue: RecordQueue }) {
  const theirs = action.record;
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid="record-conflict">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Another team leader changed {name}&apos;s record since this phone read it.
      </Typography>
      <Typography variant="body2">
        Theirs: {theirs?.check_in_at ? `checked in at ${timeOf(theirs.check_in_at)}` : 'not checked in'}
        {theirs?.rating ? `, rated ${theirs.rating}` : ''}
        {theirs?.notes ? `, note “${theirs.notes}”` : ''}. Yours: {describe(action)}.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" variant="contained" onClick={() => void queue.keepMine(action.key)}>
          Keep mine
        </Button>
        <Button size="small" variant="outlined" onClick={() => void queue.dismiss(action.key)}>
          Keep theirs
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * /schedule/checkin: the team leader at the venue door. The shifts of their venues under way or
 * starting soon, with their volunteers; Check in, Check out, a rating and a note per volunteer, and
 * the camera to scan volunteers' codes. Every tap is kept on the phone and sent at once, or when the
 * network comes back (the queue); the page says what waits, what was refused and what another team
 * leader changed meanwhile.
 */
export default function CheckInPage() {
  const tl = useTeamLeaderSchedule();
  const { serverNow } = useSettings();
  const { profile } = useSession();
  const live = useRef({ serverNow, author: profile?.id ?? null });
  live.current = { serverNow, author: profile?.id ?? null };
  const queue = useMemo(
    () =>
      recordQueue(
        () => live.current.serverNow() - Date.now(),
        () => live.current.author,
      ),
    [],
  );
  useEffect(() => queue.start(), [queue]);
  const actions = useQueuedActions(queue);
  const now = serverNow();
  const shifts = tl.data ? checkInShifts(tl.data.shifts, now) : [];
  const { details, missing } = useShiftDetails(shifts.map((s) => s.id));
  const [scanning, setScanning] = useState(false);
  const [scan, setScan] = useState<{ ok: boolean; text: string } | null>(null);
  const waiting = actions.filter((a) => a.state === 'waiting').length;
  const undecided = actions.filter((a) => a.state === 'conflict').length;

  const scanShifts: ScanShift[] = shifts.flatMap((s) => {
    const detail = details.get(s.id);
    if (!detail) return [];
    return [
      {
        id: s.id,
        startsAt: new Date(s.starts_at),
        endsAt: new Date(s.ends_at),
        day: s.day,
        volunteerIds: detail.shift.studentVolunteers.map((v) => v.id),
        checkedInIds: detail.shift.studentVolunteers
          .filter((v) => rowState(v, actionsFor(actions, s.id, v.id)).checkedInAt)
          .map((v) => v.id),
      },
    ];
  });

  const onCode = (text: string) => {
    const verdict = scanVerdict(parseCheckInCode(text), scanShifts, new Date(serverNow()));
    if (!verdict.ok) return setScan({ ok: false, text: verdict.message });
    const volunteer = details.get(verdict.shiftId)!.shift.studentVolunteers.find((v) => v.id === verdict.volunteerId)!;
    if (verdict.alreadyIn) return setScan({ ok: true, text: `${nameOf(volunteer)} is already checked in.` });
    const row = rowState(volunteer, actionsFor(actions, verdict.shiftId, volunteer.id));
    void queue.add({
      kind: 'check-in',
      shift_id: verdict.shiftId,
      student_volunteer_id: volunteer.id,
      base_version: row.version,
      code: text.trim(),
      volunteerName: nameOf(volunteer),
    });
    setScan({ ok: true, text: `Checked in ${nameOf(volunteer)}.` });
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Check in
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Check-ins, ratings and notes are kept on this phone and sent as soon as it is online. Times are in Pacific time.
      </Typography>
      <Alert severity={waiting || undecided ? 'warning' : 'success'} sx={{ mb: 2 }} role="status" data-testid="queue-status">
        {waiting
          ? `${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting to be sent.`
          : undecided
            ? `${undecided === 1 ? 'One change waits' : `${undecided} changes wait`} for your decision below: another team leader ` +
              'changed the record meanwhile.'
            : actions.length
              ? 'Everything this phone recorded has been sent.'
              : 'Nothing waiting to be sent.'}
        {queue.problem ? ` ${queue.problem}` : ''}
        {waiting > 0 && (
          <Button size="small" sx={{ ml: 1 }} onClick={() => void queue.send()}>
            Send now
          </Button>
        )}
      </Alert>
      {tl.refused && (
        <ScheduleRefusal title="Check-in is not open" message={tl.refused} back={{ to: '/dashboard', label: 'Back to Dashboard' }} />
      )}
      {tl.loading && <LoadingText text="Loading your venues' shifts..." />}
      {tl.data && (
        <>
          <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
            {!scanning && (
              <Button variant="contained" onClick={() => setScanning(true)} disabled={!scanShifts.length}>
                Scan codes
              </Button>
            )}
          </Stack>
          {scanning && (
            <Suspense fallback={<LoadingText text="Opening the camera..." />}>
              <Box sx={{ mb: 2 }}>
                <CodeScanner onCode={onCode} onClose={() => setScanning(false)} />
              </Box>
            </Suspense>
          )}
          {scan && (
            <Alert severity={scan.ok ? 'success' : 'error'} sx={{ mb: 2 }} aria-live="assertive" data-testid="scan-result">
              {scan.text}
            </Alert>
          )}
          {!shifts.length && <Typography>No shift of your venues is under way or starts within {AHEAD_HOURS} hours.</Typography>}
          <Stack spacing={2}>
            {shifts.map((shift) => {
              const detail = details.get(shift.id);
              return (
                <Card key={shift.id} variant="outlined" component="section" aria-label={`${shift.venue.name}, ${shift.role}`}>
                  <CardContent>
                    <Typography variant="h6" component="h2">
                      {shift.venue.name}: {shift.role}
                    </Typography>
                    <Typography color="text.secondary">
                      {formatShiftTime(new Date(shift.starts_at))} – {formatShiftTime(new Date(shift.ends_at))}
                    </Typography>
                    {!detail && missing.includes(shift.id) && (
                      <Typography sx={{ mt: 1 }}>
                        This shift&apos;s volunteers were not kept on this phone: open it once while online.
                      </Typography>
                    )}
                    {detail && (
                      <Box component="ul" sx={{ p: 0, m: 0 }}>
                        {detail.shift.studentVolunteers.map((v) => (
                          <VolunteerRow
                            key={v.id}
                            shift={shift}
                            volunteer={v}
                            actions={actionsFor(actions, shift.id, v.id)}
                            queue={queue}
                            now={now}
                          />
                        ))}
                      </Box>
                    )}
                  </CardContent>
                </Card>
              );
            })}
          </Stack>
        </>
      )}
    </Box>
  );
}

function actionsFor(actions: readonly QueuedAction[], shiftId: number, volunteerId: number): QueuedAction[] {
  return actions.filter((a) => a.shift_id === shiftId && a.student_volunteer_id === volunteerId);
}
