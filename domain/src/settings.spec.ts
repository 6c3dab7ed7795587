import { describe, expect, it } from '@jest/globals';
import { WAITLIST_OFFER_DAYS, defaultSettings, offerDeadline, offerLapsed } from './settings.js';

describe('offerDeadline', () => {
  const timeline = { confirmationDeadline: '2026-06-17T06:59:00.000Z' };

  it("is the edition's confirmation deadline for an offer without its own", () => {
    expect(offerDeadline(timeline, null).toISOString()).toBe('2026-06-17T06:59:00.000Z');
    expect(offerDeadline(timeline, undefined).toISOString()).toBe('2026-06-17T06:59:00.000Z');
  });

  it("is the offer's own deadline when it has one (a late waitlist offer)", () => {
    expect(offerDeadline(timeline, '2026-06-24T06:59:00.000Z').toISOString()).toBe('2026-06-24T06:59:00.000Z');
    expect(offerDeadline(timeline, new Date('2026-06-20T00:00:00.000Z')).toISOString()).toBe('2026-06-20T00:00:00.000Z');
  });

  it('gives a waitlist offer a week, and leaves automatic waitlist offers off by default', () => {
    expect(WAITLIST_OFFER_DAYS).toBe(7);
    expect(defaultSettings().autoOfferWaitlist).toBe(false);
  });

  it('keeps references from the jury unless the edition turns them on', () => {
    expect(defaultSettings().juryReferences).toBe(false);
  });
});

describe('offerLapsed', () => {
  const timeline = { confirmationDeadline: '2026-06-17T06:59:00.000Z' };
  const at = (iso: string) => new Date(iso);

  it("follows the edition's deadline when the offer has none of its own", () => {
    expect(offerLapsed(timeline, null, at('2026-06-01T00:00:00Z'))).toBe(false);
    expect(offerLapsed(timeline, null, at('2026-06-17T06:58:59.999Z'))).toBe(false);
    expect(offerLapsed(timeline, null, at('2026-06-17T06:59:00.000Z'))).toBe(true);
  });

  it('keeps a late waitlist offer open until its own deadline, after the edition’s has passed', () => {
    const own = '2026-06-24T06:59:00.000Z';
    expect(offerLapsed(timeline, own, at('2026-06-20T00:00:00Z'))).toBe(false);
    expect(offerLapsed(timeline, own, at('2026-06-24T07:00:00Z'))).toBe(true);
  });
});
