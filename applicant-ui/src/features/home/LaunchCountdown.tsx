import { Box, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { type CountdownParts, countdownParts } from './dateText';

// If the server still says "before launch" when the countdown ends, ask it again after this long.
const RECHECK_MS = 5000;

interface Props {
  /** The launch instant, milliseconds since the epoch. */
  target: number;
  /** The server's clock (useSettings().serverNow). */
  now: () => number;
  /** Called when the countdown reaches zero, and again every few seconds while it stays shown. */
  onElapsed: () => void;
}

const UNITS: { key: keyof CountdownParts; one: string; many: string }[] = [
  { key: 'days', one: 'day', many: 'days' },
  { key: 'hours', one: 'hour', many: 'hours' },
  { key: 'minutes', one: 'minute', many: 'minutes' },
  { key: 'seconds', one: 'second', many: 'seconds' },
];

/** Days, hours, minutes and seconds until `target`, ticking every second on the server's clock. */
export function LaunchCountdown({ target, now, onElapsed }: Props) {
  const [remaining, setRemaining] = useState(() => target - now());
  const onElapsedRef = useRef(onElapsed);
  onElapsedRef.current = onElapsed;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const left = target - now();
      setRemaining(left);
      if (left <= 0) {
        onElapsedRef.current();
        timer = setTimeout(tick, RECHECK_MS);
      } else {
        // Wake up when the shown second changes, so the display never skips or repeats a second.
        timer = setTimeout(tick, ((left - 1) % 1000) + 1);
      }
    };
    const left = target - now();
    timer = left <= 0 ? setTimeout(tick, 0) : setTimeout(tick, ((left - 1) % 1000) + 1);
    return () => clearTimeout(timer);
  }, [target, now]);

  const parts = countdownParts(remaining);
  const spoken = UNITS.map(({ key, one, many }) => `${parts[key]} ${parts[key] === 1 ? one : many}`).join(', ');
  return (
    <Stack
      direction="row"
      spacing={{ xs: 1, sm: 2 }}
      role="timer"
      aria-label={`Applications open in ${spoken}`}
      data-testid="launch-countdown"
    >
      {UNITS.map(({ key, one, many }) => (
        <Box
          key={key}
          aria-hidden
          sx={{
            flex: '1 1 0',
            minWidth: 0,
            maxWidth: 120,
            textAlign: 'center',
            py: { xs: 1, sm: 2 },
            borderRadius: 2,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
        >
          <Typography
            component="span"
            sx={{
              display: 'block',
              fontSize: { xs: '1.75rem', sm: '2.5rem' },
              fontWeight: 700,
              lineHeight: 1.1,
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {key === 'days' ? parts[key] : String(parts[key]).padStart(2, '0')}
          </Typography>
          <Typography component="span" variant="body2" sx={{ display: 'block' }}>
            {parts[key] === 1 ? one : many}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
