import { Box, Card, CardContent, Typography } from '@mui/material';
import { type CheckInCodes, formatShiftTime } from '@svp/domain';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { QrCode } from './QrCode';

/** The code to show now: the first whose shift has not ended, once check-in has opened, else the next one. */
export function codeToShow(codes: CheckInCodes['codes'], now: number): CheckInCodes['codes'][number] | null {
  const live = codes.filter((c) => Date.parse(c.validUntil) > now);
  return live.find((c) => Date.parse(c.validFrom) <= now) ?? live[0] ?? null;
}

/**
 * The volunteer's personal check-in code for their current or next shift, which their team leader
 * scans. Read when online and kept on the phone (the service worker keeps the answer), so it shows
 * in a basement hall too; it names no one, only ids and a signature.
 */
export function MyCheckInCode({ now }: { now: number }) {
  const [codes, setCodes] = useState<CheckInCodes | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    api<CheckInCodes>('/checkin/codes').then(
      (answer) => active && setCodes(answer),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, []);
  const shown = codes ? codeToShow(codes.codes, now) : null;
  if (!shown) {
    if (failed && !codes)
      return (
        <Typography color="text.secondary">Your check-in code could not be read; it shows once your phone has been online.</Typography>
      );
    return null;
  }
  const opens = new Date(shown.validFrom);
  return (
    <Card variant="outlined" component="section" aria-labelledby="check-in-code">
      <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box sx={{ flex: '1 1 200px' }}>
          <Typography id="check-in-code" variant="h6" component="h2">
            Your check-in code
          </Typography>
          <Typography>
            Show it to your team leader when you arrive: they scan it to check you in.
            {opens.getTime() > now
              ? ` It works from ${formatShiftTime(opens)} (Pacific), when check-in opens.`
              : ` It works until ${formatShiftTime(new Date(shown.validUntil))} (Pacific).`}
          </Typography>
        </Box>
        <QrCode text={shown.code} label="Your check-in code" />
      </CardContent>
    </Card>
  );
}
