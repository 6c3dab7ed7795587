import { Box, Button, Checkbox, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { RATING_OPTIONS } from '@svp/domain';
import { useField, useFormikContext } from 'formik';
import { useState } from 'react';
import type { ScheduleShift, ShiftVolunteer } from '../../api/types';
import { useSettings } from '../../state/SettingsContext';
import { CorrectTimesDialog } from './CorrectTimesDialog';
import {
  NOTES_MAX_LENGTH,
  type PerformanceFormValues,
  type RowErrors,
  type TimeCorrection,
  clockTime,
  minutesWorked,
  rowIsStored,
  volunteerName,
  workedText,
} from './performanceForm';
import { stackedOnSmallScreens, visuallyHidden } from './stackedTable';

const COLUMNS = ['Volunteer', 'Accommodations', 'Back to Back', 'Check In', 'Check Out', 'Worked', 'Rating', 'Notes'] as const;

/** A tick; ticking or unticking drops a correction made in the dialog (the tick is the newer intent). */
function RecordCheckbox({ name, label, row, describedBy }: { name: string; label: string; row: string; describedBy?: string }) {
  const [field, , helpers] = useField<boolean>(name);
  const { setFieldValue } = useFormikContext<PerformanceFormValues>();
  return (
    <Checkbox
      name={name}
      checked={field.value}
      onChange={(event) => {
        void setFieldValue(`${row}.correction`, null);
        void helpers.setValue(event.target.checked);
      }}
      slotProps={{ input: { 'aria-label': label, 'aria-describedby': describedBy } }}
    />
  );
}

/** When and by whom, under a tick: '8:52 AM by Tess Leader'. */
function Stamp({ at, by, ticked, pending }: { at: string | null; by: string | null; ticked: boolean; pending: boolean }) {
  if (!ticked) return null;
  let text: string;
  if (pending) text = at ? `${clockTime(at)} (corrected, not saved yet)` : 'Not saved yet';
  else if (!at) text = 'Time not recorded';
  else text = by ? `${clockTime(at)} by ${by}` : clockTime(at);
  return (
    <Typography variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
}

/** Worked time, the last correction's reason and the 'Correct times' dialog of one volunteer. */
function TimesCell({
  volunteer,
  who,
  index,
  shift,
  describedBy,
}: {
  volunteer: ShiftVolunteer;
  who: string;
  index: number;
  shift: Pick<ScheduleShift, 'starts_at' | 'ends_at'>;
  describedBy?: string;
}) {
  const [field, , helpers] = useField<PerformanceFormValues['records'][number]>(`records.${index}`);
  const [open, setOpen] = useState(false);
  const { serverNow } = useSettings();
  const record = volunteer.performance_record;
  const correction = field.value.correction;
  const inAt = correction ? correction.check_in_at : record.check_in_at;
  const outAt = correction ? correction.check_out_at : record.check_out_at;
  // Counted as the server counts it: only what has happened by now.
  const worked = correction ? minutesWorked(correction.check_in_at, correction.check_out_at, serverNow()) : record.worked_minutes;
  const note = correction ? correction.time_note : record.time_note;
  const apply = (next: TimeCorrection) => {
    void helpers.setValue({ ...field.value, check_in: true, check_out: next.check_out_at !== null, correction: next });
    setOpen(false);
  };
  return (
    <Box>
      {worked !== null && worked !== undefined && <Typography variant="body2">{workedText(worked)}</Typography>}
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
          Correction: {note}
        </Typography>
      )}
      {/* Named 'Correct times' on every row (a stable name); the volunteer's name describes it. */}
      <Button
        size="small"
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-describedby={[`volunteer-name-${index}`, describedBy].filter(Boolean).join(' ')}
        sx={{ mt: 0.5 }}
      >
        Correct times
      </Button>
      <CorrectTimesDialog
        open={open}
        who={who}
        index={index}
        shift={shift}
        start={{ check_in_at: inAt ?? null, check_out_at: outAt ?? null, time_note: correction?.time_note ?? '' }}
        onApply={apply}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}

function RatingSelect({ name, label }: { name: string; label: string }) {
  const [field, , helpers] = useField<number>(name);
  return (
    <TextField
      select
      name={name}
      value={field.value}
      onChange={(event) => void helpers.setValue(Number(event.target.value))}
      size="small"
      sx={{ minWidth: 96 }}
      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': label } }}
    >
      {RATING_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

function NotesCell({ name, who, index }: { name: string; who: string; index: number }) {
  const [field] = useField<string>(name);
  const [open, setOpen] = useState(false);
  const areaId = `notes-${index}`;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls={open ? areaId : undefined}
        >
          {open ? 'Hide Notes' : 'Show Notes'}
          <Box component="span" sx={visuallyHidden}>
            {` for ${who}`}
          </Box>
        </Button>
        {!open && field.value.trim() && (
          <Typography variant="body2" color="text.secondary">
            Has notes
          </Typography>
        )}
      </Box>
      {open && (
        <TextField
          {...field}
          id={areaId}
          label={`Notes for ${who}`}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          sx={{ mt: 1, minWidth: { md: 220 } }}
          slotProps={{ htmlInput: { maxLength: NOTES_MAX_LENGTH } }}
        />
      )}
    </Box>
  );
}

/**
 * The shift's volunteers with their records: name and SV ID, accommodations,
 * back-to-back notes, check-in and check-out with when and by whom, worked time and
 * 'Correct times', rating and notes opened per volunteer. Fields live in the surrounding Formik form
 * as `records.{i}.*`; every control is labelled with the volunteer's name. `errors`: the server's
 * refusal of rows of the last save, shown under the volunteer's name and tied to their time controls;
 * `saved`: the rows the last save kept while refusing others, marked 'Saved' until edited again.
 */
export function PerformanceTable({
  volunteers,
  shift,
  errors = {},
  saved,
}: {
  volunteers: readonly ShiftVolunteer[];
  shift: Pick<ScheduleShift, 'starts_at' | 'ends_at'>;
  errors?: RowErrors;
  saved?: ReadonlySet<number>;
}) {
  const { values } = useFormikContext<PerformanceFormValues>();
  return (
    <Table size="small" aria-label="Volunteers on this shift" sx={stackedOnSmallScreens}>
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell key={column} scope="col">
              {column}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {volunteers.map((volunteer, i) => {
          const who = volunteerName(volunteer);
          const at = `records.${i}`;
          const row = values.records[i]!;
          const record = volunteer.performance_record;
          const error = errors[i];
          const errorId = error ? `record-error-${i}` : undefined;
          // A tick not saved yet (or a correction) shows as pending; the server stamps the time on save.
          const inPending = row.correction !== null || (row.check_in && !record.check_in);
          const outPending = row.correction !== null || (row.check_out && !record.check_out);
          return (
            <TableRow key={volunteer.id}>
              <TableCell component="th" scope="row">
                <Typography id={`volunteer-name-${i}`} sx={{ fontWeight: 'bold' }}>
                  {who}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  SV ID: {volunteer.sv_id}
                </Typography>
                {volunteer.exception && (
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    Assigned as an exception by the organisers: {volunteer.exception.reason}
                  </Typography>
                )}
                {error && (
                  <Typography id={errorId} variant="body2" color="error" sx={{ mt: 0.5, fontWeight: 'bold' }}>
                    Not saved: {error}
                  </Typography>
                )}
                {!error && saved?.has(i) && rowIsStored(row, record) && (
                  <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 'bold', color: 'success.dark' }}>
                    Saved
                  </Typography>
                )}
              </TableCell>
              <TableCell data-label="Accommodations">{volunteer.accommodations || 'None'}</TableCell>
              <TableCell data-label="Back to Back">
                <Typography variant="body2">Start: {volunteer.start_back_to_back || 'None'}</Typography>
                <Typography variant="body2">End: {volunteer.end_back_to_back || 'None'}</Typography>
              </TableCell>
              <TableCell data-label="Check In">
                <RecordCheckbox name={`${at}.check_in`} row={at} label={`Check In for ${who}`} describedBy={errorId} />
                <Stamp
                  at={row.correction?.check_in_at ?? record.check_in_at}
                  by={record.check_in_by_name}
                  ticked={row.check_in}
                  pending={inPending}
                />
              </TableCell>
              <TableCell data-label="Check Out">
                <RecordCheckbox name={`${at}.check_out`} row={at} label={`Check Out for ${who}`} describedBy={errorId} />
                <Stamp
                  at={row.correction ? row.correction.check_out_at : record.check_out_at}
                  by={record.check_out_by_name}
                  ticked={row.check_out}
                  pending={outPending}
                />
              </TableCell>
              <TableCell data-label="Worked">
                <TimesCell volunteer={volunteer} who={who} index={i} shift={shift} describedBy={errorId} />
              </TableCell>
              <TableCell data-label="Rating">
                <RatingSelect name={`${at}.rating`} label={`Rating for ${who}`} />
              </TableCell>
              <TableCell data-label="Notes">
                <NotesCell name={`${at}.notes`} who={who} index={i} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
