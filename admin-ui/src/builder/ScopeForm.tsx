import AutorenewIcon from '@mui/icons-material/Autorenew';
import BuildIcon from '@mui/icons-material/Build';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { formatShiftDay } from '@svp/domain';
import type { VenueRow } from '../schedule/types';
import { KEEP_LABELS, newSeed } from './labels';
import { type ScopeDraft, scopeErrors } from './scope';
import type { BuildScope } from './types';

interface ScopeFormProps {
  draft: ScopeDraft;
  onChange: (draft: ScopeDraft) => void;
  /** The edition's days with shifts, pre-conference day included. */
  days: readonly string[];
  venues: readonly VenueRow[];
  onBuild: () => void;
  /** While a build starts or runs. */
  busy: boolean;
}

/** What to build: days and venues (all by default), which assignments stay, and the seed that makes it repeatable. */
export function ScopeForm({ draft, onChange, days, venues, onBuild, busy }: ScopeFormProps) {
  const errors = scopeErrors(draft);
  const set = (change: Partial<ScopeDraft>) => onChange({ ...draft, ...change });
  const allDays = days.length > 0 && days.every((day) => draft.days.includes(day));
  const toggleDay = (day: string, on: boolean) => set({ days: on ? [...draft.days, day] : draft.days.filter((d) => d !== day) });
  const chosenVenues = venues.filter((venue) => draft.venueIds.includes(venue.id));

  return (
    <Box
      component="form"
      aria-label="What to build"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy && Object.keys(errors).length === 0) onBuild();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <FormControl component="fieldset" error={Boolean(errors.days)}>
        <FormLabel component="legend">Days</FormLabel>
        <FormControlLabel
          control={
            <Checkbox
              checked={allDays}
              indeterminate={!allDays && draft.days.length > 0}
              onChange={(event) => set({ days: event.target.checked ? [...days] : [] })}
            />
          }
          label="All days"
        />
        <FormGroup row sx={{ pl: { sm: 3 } }}>
          {days.map((day) => (
            <FormControlLabel
              key={day}
              control={<Checkbox checked={draft.days.includes(day)} onChange={(event) => toggleDay(day, event.target.checked)} />}
              label={formatShiftDay(day)}
            />
          ))}
        </FormGroup>
        {errors.days && <FormHelperText>{errors.days}</FormHelperText>}
      </FormControl>

      <Autocomplete
        multiple
        options={venues as VenueRow[]}
        value={chosenVenues}
        getOptionLabel={(venue) => venue.name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        onChange={(_event, chosen) => set({ venueIds: chosen.map((venue) => venue.id) })}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Venues"
            placeholder={chosenVenues.length ? undefined : 'All venues'}
            helperText="Leave empty to build every venue."
          />
        )}
        sx={{ maxWidth: 640 }}
      />

      <FormControl component="fieldset">
        <FormLabel component="legend">Assignments to keep</FormLabel>
        <RadioGroup row value={draft.keep} onChange={(event) => set({ keep: event.target.value as BuildScope['keep'] })}>
          <FormControlLabel value="pinned" control={<Radio />} label={KEEP_LABELS.pinned} />
          <FormControlLabel value="all" control={<Radio />} label={KEEP_LABELS.all} />
        </RadioGroup>
        <FormHelperText>
          Pinned assignments always stay. With only pinned ones kept, the builder may move everyone else's shifts in the days and venues
          chosen.
        </FormHelperText>
      </FormControl>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
        <TextField
          label="Seed"
          value={draft.seed}
          onChange={(event) => set({ seed: event.target.value })}
          error={Boolean(errors.seed)}
          helperText={errors.seed ?? 'The same seed on the same schedule gives the same build.'}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
        <Button startIcon={<AutorenewIcon />} onClick={() => set({ seed: String(newSeed()) })} sx={{ mt: 1 }}>
          New seed
        </Button>
      </Box>

      <Box>
        <Button type="submit" variant="contained" startIcon={<BuildIcon />} disabled={busy || Object.keys(errors).length > 0}>
          Build
        </Button>
      </Box>
    </Box>
  );
}
