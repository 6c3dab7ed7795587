import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Autocomplete, Box, Button, FormHelperText, IconButton, Paper, TextField, Typography } from '@mui/material';
import {
  AUDIENCE_SEGMENT_KINDS,
  AUDIENCE_SEGMENT_LABELS,
  type AudienceNames,
  type AudienceSegmentKind,
  type CatalogueName,
  formatShiftDay,
} from '@svp/domain';
import type { ReactNode } from 'react';
import { InputHelperText, useInput } from 'react-admin';
import type { PublicSettings } from '../dataProvider';
import { shiftLabel } from '../schedule/labels';
import type { ShiftRow, VenueRow } from '../schedule/types';
import {
  type AudienceDraft,
  type GroupDraft,
  type Operator,
  type PartDraft,
  type Role,
  type SegmentDraft,
  draftProblem,
  isGroupDraft,
  newGroup,
  newSegment,
  partProblem,
  withKind,
} from './audienceDraft';

/** What the pickers offer: the edition's statuses and days, its venues and shifts. */
export interface AudienceChoices {
  catalogue: CatalogueName;
  statusLabels: PublicSettings['statusLabels'];
  days: readonly string[];
  venues: readonly VenueRow[];
  shifts: readonly ShiftRow[];
}

/** A shift as the shift picker names it: "Sun Aug 10th 08:00–12:00 · Greeter · Room 1". */
const shiftChoiceLabel = (shift: ShiftRow, venueName: ReadonlyMap<number, string>) =>
  `${shiftLabel(shift)} · ${venueName.get(shift.venueId) ?? `Venue ${shift.venueId}`}`;

/** Venues and shifts named as the pickers name them, for words about an audience (the merge fields' help). */
export function audienceNames({ venues, shifts }: Pick<AudienceChoices, 'venues' | 'shifts'>): AudienceNames {
  const venueName = new Map(venues.map((venue) => [venue.id, venue.name]));
  const shiftById = new Map(shifts.map((shift) => [shift.id, shift]));
  return {
    venue: (id) => venueName.get(id),
    shift: (id) => {
      const shift = shiftById.get(id);
      return shift && shiftChoiceLabel(shift, venueName);
    },
  };
}

const OPERATORS: { id: Operator; name: string }[] = [
  { id: 'and', name: 'all of' },
  { id: 'or', name: 'any of' },
];

const ROLES: { id: Role; name: string }[] = [
  { id: 'Student-Volunteer', name: 'Student volunteers' },
  { id: 'Team-Leader', name: 'Team leaders' },
];

// A native select: one tap on a phone, and every option is read by a screen reader.
const NATIVE = { select: { native: true }, inputLabel: { shrink: true } } as const;

const PENDING = 'pending';
const statusValue = (statusId: number | null | undefined) => (statusId === undefined ? '' : statusId === null ? PENDING : String(statusId));
const statusOf = (value: string): number | null | undefined => (value === '' ? undefined : value === PENDING ? null : Number(value));

function OperatorSelect({ label, value, onChange }: { label: string; value: Operator; onChange: (op: Operator) => void }) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as Operator)}
      slotProps={NATIVE}
      sx={{ width: '9rem' }}
    >
      {OPERATORS.map((op) => (
        <option key={op.id} value={op.id}>
          {op.name}
        </option>
      ))}
    </TextField>
  );
}

/** 'and' / 'or' between two rows, so the audience reads as a sentence. */
const Joiner = ({ op }: { op: Operator }) => (
  <Typography variant="caption" color="text.secondary" sx={{ pl: 1, textTransform: 'uppercase' }} aria-hidden>
    {op}
  </Typography>
);

function SegmentDetails({
  segment,
  choices,
  onChange,
}: {
  segment: SegmentDraft;
  choices: AudienceChoices;
  onChange: (segment: SegmentDraft) => void;
}) {
  const set = (change: Partial<SegmentDraft>) => onChange({ ...segment, ...change });
  const width = { xs: '100%', sm: '16rem' };
  switch (segment.kind) {
    case 'status':
      return (
        <TextField
          select
          size="small"
          label="Status"
          value={statusValue(segment.statusId)}
          onChange={(event) => set({ statusId: statusOf(event.target.value) })}
          slotProps={NATIVE}
          sx={{ width }}
        >
          <option value="">Choose a status</option>
          {choices.statusLabels.map((status) => (
            <option key={statusValue(status.id)} value={statusValue(status.id)}>
              {status.label}
            </option>
          ))}
        </TextField>
      );
    case 'role':
      return (
        <TextField
          select
          size="small"
          label="Role"
          value={segment.role ?? ''}
          onChange={(event) => set({ role: event.target.value as Role })}
          slotProps={NATIVE}
          sx={{ width }}
        >
          {ROLES.map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </TextField>
      );
    case 'venue':
      return (
        <TextField
          select
          size="small"
          label="Venue"
          value={segment.venueId ?? ''}
          onChange={(event) => set({ venueId: event.target.value ? Number(event.target.value) : undefined })}
          slotProps={NATIVE}
          sx={{ width }}
        >
          <option value="">{choices.venues.length ? 'Choose a venue' : 'No venue yet'}</option>
          {choices.venues.map((venue) => (
            <option key={venue.id} value={venue.id}>
              {venue.name}
            </option>
          ))}
        </TextField>
      );
    case 'shift':
      return <ShiftPicker segment={segment} choices={choices} onChange={(shiftId) => set({ shiftId })} />;
    case 'day':
      return (
        <>
          <TextField
            select
            size="small"
            label="Day"
            value={segment.day ?? ''}
            onChange={(event) => set({ day: event.target.value || undefined })}
            slotProps={NATIVE}
            sx={{ width: { xs: '100%', sm: '11rem' } }}
          >
            {choices.days.map((day) => (
              <option key={day} value={day}>
                {formatShiftDay(day)}
              </option>
            ))}
          </TextField>
          <TextField
            size="small"
            type="time"
            label="Starting from (Pacific)"
            value={segment.startsFrom ?? ''}
            onChange={(event) => set({ startsFrom: event.target.value || undefined })}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: { xs: '100%', sm: '11rem' } }}
          />
          <TextField
            size="small"
            type="time"
            label="Starting before (Pacific)"
            value={segment.startsBefore ?? ''}
            onChange={(event) => set({ startsBefore: event.target.value || undefined })}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: { xs: '100%', sm: '11rem' } }}
          />
        </>
      );
    default:
      return null;
  }
}

function ShiftPicker({
  segment,
  choices,
  onChange,
}: {
  segment: SegmentDraft;
  choices: AudienceChoices;
  onChange: (shiftId: number | undefined) => void;
}) {
  const venueName = new Map(choices.venues.map((venue) => [venue.id, venue.name]));
  const label = (shift: ShiftRow) => shiftChoiceLabel(shift, venueName);
  const chosen = choices.shifts.find((shift) => shift.id === segment.shiftId) ?? null;
  return (
    <Autocomplete
      size="small"
      options={choices.shifts as ShiftRow[]}
      value={chosen}
      getOptionLabel={label}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      onChange={(_event, shift) => onChange(shift?.id)}
      noOptionsText="No shift matches"
      renderInput={(params) => <TextField {...params} label="Shift" placeholder="Day, time or role" />}
      sx={{ width: { xs: '100%', sm: '28rem' } }}
    />
  );
}

interface SegmentRowProps {
  label: string;
  segment: SegmentDraft;
  choices: AudienceChoices;
  onChange: (segment: SegmentDraft) => void;
  onRemove: () => void;
}

function SegmentRow({ label, segment, choices, onChange, onRemove }: SegmentRowProps) {
  const problem = partProblem(segment, choices.catalogue);
  return (
    <Box role="group" aria-label={label}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
        <TextField
          select
          size="small"
          label="Who"
          value={segment.kind}
          onChange={(event) => onChange(withKind(segment, event.target.value as AudienceSegmentKind, choices.days[0]))}
          slotProps={NATIVE}
          sx={{ width: { xs: '100%', sm: '17rem' } }}
        >
          {AUDIENCE_SEGMENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {AUDIENCE_SEGMENT_LABELS[kind]}
            </option>
          ))}
        </TextField>
        <SegmentDetails segment={segment} choices={choices} onChange={onChange} />
        <IconButton aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Box>
      {problem && <FormHelperText error>{problem}</FormHelperText>}
    </Box>
  );
}

interface GroupRowProps {
  label: string;
  group: GroupDraft;
  choices: AudienceChoices;
  onChange: (group: GroupDraft) => void;
  onRemove: () => void;
}

function GroupRow({ label, group, choices, onChange, onRemove }: GroupRowProps) {
  const setPart = (index: number, segment: SegmentDraft) =>
    onChange({ ...group, parts: group.parts.map((part, i) => (i === index ? segment : part)) });
  return (
    <Paper variant="outlined" role="group" aria-label={label} sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2">{label}: people in</Typography>
        <OperatorSelect label="Group matches" value={group.op} onChange={(op) => onChange({ ...group, op })} />
        <Typography variant="body2">these</Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onRemove}>
          Remove {label.toLowerCase()}
        </Button>
      </Box>
      {group.parts.map((segment, index) => (
        <Box key={segment.key}>
          {index > 0 && <Joiner op={group.op} />}
          <SegmentRow
            label={`${label}, segment ${index + 1}`}
            segment={segment}
            choices={choices}
            onChange={(changed) => setPart(index, changed)}
            onRemove={() => onChange({ ...group, parts: group.parts.filter((_, i) => i !== index) })}
          />
        </Box>
      ))}
      {group.parts.length === 0 && <FormHelperText error>{partProblem(group, choices.catalogue)}</FormHelperText>}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange({ ...group, parts: [...group.parts, newSegment('confirmed')] })}
        >
          Add a segment to {label.toLowerCase()}
        </Button>
      </Box>
    </Paper>
  );
}

/**
 * The audience as rows the organiser combines: segments (one fact about a person) and groups of
 * segments, under 'all of' or 'any of'. Each row says what it lacks as it is changed; the whole is
 * checked by the same rule the server applies.
 */
export function AudienceInput({ choices, children }: { choices: AudienceChoices; children?: ReactNode }) {
  const { field, fieldState } = useInput({
    source: 'audience',
    validate: (draft: AudienceDraft) => draftProblem(draft, choices.catalogue) ?? undefined,
    format: (draft: AudienceDraft) => draft,
    parse: (draft: AudienceDraft) => draft,
  });
  const draft = field.value as AudienceDraft;
  const set = (next: AudienceDraft) => field.onChange(next);
  const setPart = (index: number, part: PartDraft) => set({ ...draft, parts: draft.parts.map((p, i) => (i === index ? part : p)) });
  const remove = (index: number) => set({ ...draft, parts: draft.parts.filter((_, i) => i !== index) });

  // A row's own problem shows under it; what belongs to no row (too many segments, the server's refusal) shows here.
  const rowProblems = new Set(
    draft.parts.flatMap((part) =>
      isGroupDraft(part)
        ? [partProblem(part, choices.catalogue), ...part.parts.map((s) => partProblem(s, choices.catalogue))]
        : [partProblem(part, choices.catalogue)],
    ),
  );
  const error = fieldState.error?.message;
  const shownError =
    error && !(fieldState.error?.type === 'validate' && rowProblems.has(draftProblem(draft, choices.catalogue))) ? error : undefined;

  let segments = 0;
  let groups = 0;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        Audience
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2">Send to people in</Typography>
        <OperatorSelect label="Match" value={draft.op} onChange={(op) => set({ ...draft, op })} />
        <Typography variant="body2">these:</Typography>
      </Box>
      {draft.parts.map((part, index) => (
        <Box key={part.key}>
          {index > 0 && <Joiner op={draft.op} />}
          {isGroupDraft(part) ? (
            <GroupRow
              label={`Group ${++groups}`}
              group={part}
              choices={choices}
              onChange={(group) => setPart(index, group)}
              onRemove={() => remove(index)}
            />
          ) : (
            <SegmentRow
              label={`Segment ${++segments}`}
              segment={part}
              choices={choices}
              onChange={(segment) => setPart(index, segment)}
              onRemove={() => remove(index)}
            />
          )}
        </Box>
      ))}
      {draft.parts.length === 0 && <Typography color="text.secondary">Add a segment to say who gets the message.</Typography>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" startIcon={<AddIcon />} onClick={() => set({ ...draft, parts: [...draft.parts, newSegment('confirmed')] })}>
          Add a segment
        </Button>
        <Button
          size="small"
          startIcon={<PlaylistAddIcon />}
          onClick={() =>
            set({ ...draft, parts: [...draft.parts, { ...newGroup(draft.op === 'and' ? 'or' : 'and'), parts: [newSegment('confirmed')] }] })
          }
        >
          Add a group
        </Button>
      </Box>
      {shownError && (
        <FormHelperText error role="alert">
          <InputHelperText error={shownError} />
        </FormHelperText>
      )}
      {children}
    </Box>
  );
}
