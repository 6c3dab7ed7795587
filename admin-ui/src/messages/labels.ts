import { DELIVERY_STATES } from '@svp/domain';
import type { DeliveryCounts, DeliveryState, MessageState } from './types';

type ChipColor = 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info';

export const MESSAGE_STATE_LABELS: Readonly<Record<MessageState, { label: string; color: ChipColor }>> = {
  sending: { label: 'Sending', color: 'primary' },
  sent: { label: 'Sent', color: 'success' },
  cancelled: { label: 'Cancelled', color: 'warning' },
};

export const DELIVERY_STATE_LABELS: Readonly<Record<DeliveryState, { label: string; color: ChipColor }>> = {
  queued: { label: 'Queued', color: 'info' },
  sending: { label: 'Sending', color: 'primary' },
  sent: { label: 'Sent', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

export const MESSAGE_STATE_CHOICES = (Object.keys(MESSAGE_STATE_LABELS) as MessageState[]).map((state) => ({
  id: state,
  name: MESSAGE_STATE_LABELS[state].label,
}));
export const DELIVERY_STATE_CHOICES = DELIVERY_STATES.map((state) => ({ id: state, name: DELIVERY_STATE_LABELS[state].label }));

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** '12 sent · 1 failed · 27 queued': the states some recipients are in, in the order of DELIVERY_STATES. */
export function countsText(counts: DeliveryCounts): string {
  const parts = DELIVERY_STATES.filter((state) => counts[state] > 0).map(
    (state) => `${counts[state].toLocaleString('en-US')} ${DELIVERY_STATE_LABELS[state].label.toLowerCase()}`,
  );
  return parts.length ? parts.join(' · ') : 'No recipients';
}

/** Recipients whose sending is over, one way or the other. */
export const deliveredOrFailed = (counts: DeliveryCounts): number => counts.sent + counts.failed;

/** 'about 40 s left', 'about 3 min left' at the server's pace; null when nothing is queued. */
export function timeLeftText(secondsLeft: number | null): string | null {
  if (secondsLeft === null) return null;
  if (secondsLeft < 120) return `about ${Math.max(1, Math.ceil(secondsLeft))} s left`;
  return `about ${Math.ceil(secondsLeft / 60)} min left`;
}

/** 'Send to 1 recipient', 'Send to 40 recipients'. */
export const sendLabel = (count: number) => `Send to ${plural(count, 'recipient')}`;
