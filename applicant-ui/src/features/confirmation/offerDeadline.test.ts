import { describe, expect, it } from 'vitest';
import { confirmBy, offerLapsed } from './offerDeadline';

const settings = (now: string, afterConfirmationDeadline: boolean) => ({
  now,
  timeline: { confirmationDeadline: '2026-06-17T06:59:00.000Z' } as never,
  gates: { afterConfirmationDeadline } as never,
});

describe('an offer’s own deadline', () => {
  it('follows the edition’s deadline when the offer has none of its own', () => {
    expect(confirmBy({ confirm_by: null }, settings('2026-06-01T00:00:00Z', false))).toBe('2026-06-17T06:59:00.000Z');
    expect(offerLapsed({ confirm_by: null }, settings('2026-06-01T00:00:00Z', false))).toBe(false);
    expect(offerLapsed({ confirm_by: null }, settings('2026-06-20T00:00:00Z', true))).toBe(true);
  });

  it('keeps a late waitlist offer open until its own deadline, after the edition’s has passed', () => {
    const late = { confirm_by: '2026-06-24T06:59:00.000Z' };
    expect(confirmBy(late, settings('2026-06-20T00:00:00Z', true))).toBe('2026-06-24T06:59:00.000Z');
    expect(offerLapsed(late, settings('2026-06-20T00:00:00Z', true))).toBe(false);
    expect(offerLapsed(late, settings('2026-06-24T07:00:00Z', true))).toBe(true);
  });
});
