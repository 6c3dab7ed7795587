import { TextField } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';

/** The 'Venue' filter: a native select of the given options ('Show All' first, see venueFilter). */
export function VenueSelect({
  venues,
  value,
  onChange,
  sx,
}: {
  venues: readonly string[];
  value: string;
  onChange: (venue: string) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      label="Venue"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      size="small"
      sx={sx}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {venues.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </TextField>
  );
}
