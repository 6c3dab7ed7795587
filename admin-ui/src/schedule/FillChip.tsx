import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { fillState, fillText } from './shiftFill';
import type { ShiftRow } from './types';

const LOOK = {
  empty: { color: 'error', note: ' · empty' },
  partial: { color: 'default', note: '' },
  full: { color: 'success', note: ' · full' },
} as const;

/** "3 / 5" volunteers on a shift; empty shifts stand out in red, full ones in green, with the word too. */
export function FillChip({ shift }: { shift?: Pick<ShiftRow, 'assigned' | 'svSlots'> }) {
  const record = useRecordContext<ShiftRow>();
  const row = shift ?? record;
  if (!row) return null;
  const look = LOOK[fillState(row)];
  return (
    <Chip
      size="small"
      color={look.color}
      label={`${fillText(row)}${look.note}`}
      variant={look.color === 'default' ? 'outlined' : 'filled'}
    />
  );
}
