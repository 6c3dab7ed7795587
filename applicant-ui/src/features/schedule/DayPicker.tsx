import { Box, ToggleButton } from '@mui/material';
import { formatShiftDay } from '@svp/domain';

/** The conference days as toggle buttons ('Fri Aug 8th'), wrapping on a phone; the chosen one is pressed. */
export function DayPicker({ days, value, onChange }: { days: readonly string[]; value: string; onChange: (day: string) => void }) {
  return (
    <Box role="group" aria-label="Day" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {days.map((day) => (
        <ToggleButton
          key={day}
          value={day}
          size="small"
          color="primary"
          selected={day === value}
          onChange={() => onChange(day)}
          sx={{ textTransform: 'none', px: 1.5 }}
        >
          {formatShiftDay(day)}
        </ToggleButton>
      ))}
    </Box>
  );
}
