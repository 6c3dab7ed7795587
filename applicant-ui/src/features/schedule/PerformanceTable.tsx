import { Box, Button, Checkbox, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { RATING_OPTIONS } from '@svp/domain';
import { useField } from 'formik';
import { useState } from 'react';
import type { ShiftVolunteer } from '../../api/types';
import { NOTES_MAX_LENGTH, volunteerName } from './performanceForm';
import { stackedOnSmallScreens, visuallyHidden } from './stackedTable';

const COLUMNS = ['Volunteer', 'Accommodations', 'Back to Back', 'Check In', 'Check Out', 'Rating', 'Notes'] as const;

function RecordCheckbox({ name, label }: { name: string; label: string }) {
  const [field, , helpers] = useField<boolean>(name);
  return <Checkbox name={name} checked={field.value} onChange={(event) => void helpers.setValue(event.target.checked)} slotProps={{ input: { 'aria-label': label } }} />;
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
        <Button size="small" variant="outlined" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={open ? areaId : undefined}>
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
 * The shift's volunteers with their records (operations-area §2): name and SV ID, accommodations,
 * back-to-back notes, check-in, check-out, rating and notes opened per volunteer. Fields live in
 * the surrounding Formik form as `records.{i}.*`; every control is labelled with the volunteer's name.
 */
export function PerformanceTable({ volunteers }: { volunteers: readonly ShiftVolunteer[] }) {
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
          return (
            <TableRow key={volunteer.id}>
              <TableCell component="th" scope="row">
                <Typography sx={{ fontWeight: 'bold' }}>{who}</Typography>
                <Typography variant="body2" color="text.secondary">
                  SV ID: {volunteer.sv_id}
                </Typography>
              </TableCell>
              <TableCell data-label="Accommodations">{volunteer.accommodations || 'None'}</TableCell>
              <TableCell data-label="Back to Back">
                <Typography variant="body2">Start: {volunteer.start_back_to_back || 'None'}</Typography>
                <Typography variant="body2">End: {volunteer.end_back_to_back || 'None'}</Typography>
              </TableCell>
              <TableCell data-label="Check In">
                <RecordCheckbox name={`${at}.check_in`} label={`Check In for ${who}`} />
              </TableCell>
              <TableCell data-label="Check Out">
                <RecordCheckbox name={`${at}.check_out`} label={`Check Out for ${who}`} />
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
