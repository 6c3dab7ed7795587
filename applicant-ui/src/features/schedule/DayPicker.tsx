import { Box, ToggleButton } from '@mui/material';
import { formatShiftDay } from '@svp/domain';
import { shiftCountText } from './scheduleDays';

/**
 * The conference days as toggle buttons ('Fri Aug 8th'), wrapping on a phone; the chosen one is
 * pressed. A day holding shifts shows how many in a badge beside its name, and is named with it
 * ('Sat Aug 9th, 2 shifts').
 */
export function DayPicker({
  days,
  value,
  onChange,
  counts,
}: {
  days: readonly string[];
  value: string;
  onChange: (day: string) => void;
  /** How many shifts each day holds; a day left out holds none. */
  counts: ReadonlyMap<string, number>;
}) {
  return (
    <Box role="group" aria-label="Day" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {days.map((day) => {
        const count = counts.get(day) ?? 0;
        return (
          <ToggleButton
            key={day}
            value={day}
            size="small"
            color="primary"
            selected={day === value}
            onChange={() => onChange(day)}
            aria-label={count > 0 ? `${formatShiftDay(day)}, ${shiftCountText(count)}` : undefined}
            sx={{ textTransform: 'none', px: 1.5, gap: 0.75 }}
          >
            {formatShiftDay(day)}
            {count > 0 && (
              <Box
                component="span"
                aria-hidden
                sx={{
                  minWidth: 20,
                  height: 20,
                  px: 0.5,
                  borderRadius: 10,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  fontSize: '0.75rem',
                  fontWeight: 'bold',
                  lineHeight: '20px',
                  textAlign: 'center',
                }}
              >
                {count}
              </Box>
            )}
          </ToggleButton>
        );
      })}
    </Box>
  );
}
