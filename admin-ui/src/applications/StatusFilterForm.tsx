import FilterListIcon from '@mui/icons-material/FilterList';
import { Box, Button, Checkbox, FormControlLabel, TextField } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useListContext } from 'react-admin';
import { STATUS_FILTERS, type StatusFilterSource, statusFilterDraft, statusFilterValues } from './statusFilters';

/**
 * 'Search by status': completed, team leader and financial aid, each with its
 * own checkbox and yes/no select; the Filter button runs the filter.
 */
export function StatusFilterForm() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const [draft, setDraft] = useState(() => statusFilterDraft(filterValues));
  const applied = JSON.stringify(statusFilterValues(statusFilterDraft(filterValues)));

  // The address may change the filter too (back button, a bookmark).
  useEffect(() => {
    setDraft(statusFilterDraft(JSON.parse(applied) as Record<string, unknown>));
  }, [applied]);

  const change = (source: StatusFilterSource, choice: Partial<{ enabled: boolean; value: boolean }>) =>
    setDraft((current) => ({ ...current, [source]: { ...current[source], ...choice } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The form owns its three filters; any other (the processing status) stays as it is.
    const others = Object.fromEntries(Object.entries(filterValues).filter(([source]) => !STATUS_FILTERS.some((f) => f.source === source)));
    setFilters({ ...others, ...statusFilterValues(draft) }, displayedFilters);
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter by status"
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 3, rowGap: 1, px: 2, pt: 2, pb: 1 }}
    >
      {STATUS_FILTERS.map(({ source, label }) => (
        <Box key={source} sx={{ display: 'flex', alignItems: 'center' }}>
          <FormControlLabel
            control={<Checkbox checked={draft[source].enabled} onChange={(e) => change(source, { enabled: e.target.checked })} />}
            label={label}
            sx={{ mr: 1, minWidth: '8.5rem', whiteSpace: 'nowrap' }}
          />
          <TextField
            select
            size="small"
            margin="none"
            fullWidth={false}
            value={draft[source].value ? 'yes' : 'no'}
            onChange={(e) => change(source, { value: e.target.value === 'yes' })}
            disabled={!draft[source].enabled}
            slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `${label}: yes or no` } }}
            sx={{ width: '6rem' }}
          >
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </TextField>
        </Box>
      ))}
      <Button type="submit" variant="contained" startIcon={<FilterListIcon />}>
        Filter
      </Button>
    </Box>
  );
}
