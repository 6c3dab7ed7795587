import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { AudienceNode } from './types';
import { BODY_VALIDATORS, bannerUntilProblem, messageRequest, newComposeValues, serverFieldErrors, showServerErrors } from './compose';

const audience: AudienceNode = { op: 'and', parts: [{ kind: 'confirmed' }] };

describe('the message sent to the server', () => {
  it('carries the banner’s end, typed in Pacific time, as an instant; no banner when it is empty', () => {
    const values = { ...newComposeValues(), subject: 'Hello', body: 'Hi {firstName}' };
    expect(messageRequest(values, audience)).toEqual({ subject: 'Hello', body: 'Hi {firstName}', audience });
    // Winter: Pacific standard time is UTC-8.
    expect(messageRequest({ ...values, bannerUntil: '2099-01-15T09:30' }, audience).bannerUntil).toBe('2099-01-15T17:30:00.000Z');
  });

  it('refuses a body over a Markdown limit before it is sent, with the server’s sentence', () => {
    const problems = (body: string) => BODY_VALIDATORS.map((validate) => validate(body, {})).filter(Boolean);
    expect(problems('Hi {firstName}, see [the portal]({portalUrl}).')).toEqual([]);
    expect(problems('['.repeat(300))).toEqual([
      "The message holds 300 '[' or '<': at most 200 are allowed (each link and image is written with one). " +
        'Write fewer links, or leave those characters out.',
    ]);
  });

  it('refuses a banner end in the past or in the hour the clocks skip', () => {
    const now = new Date('2026-03-01T00:00:00.000Z');
    expect(bannerUntilProblem('', now)).toBeUndefined();
    expect(bannerUntilProblem('2026-02-28T12:00', now)).toBe('Choose a moment still to come: the banner shows until then.');
    expect(bannerUntilProblem('2026-03-08T02:30', now)).toBe('Give a day and a time that exist in Pacific time.');
    expect(bannerUntilProblem('2026-03-08T03:30', now)).toBeUndefined();
  });

  it('puts the server’s refusals on the fields they name', () => {
    const refusal = new HttpError('Bad', 400, {
      message: 'Bad',
      err: 'VALIDATION_FAILED',
      errors: { 'audience.parts.1': 'Venue 3 no longer exists.', body: 'Too long.' },
    });
    expect(serverFieldErrors(refusal)).toEqual({ 'audience.parts.1': 'Venue 3 no longer exists.', body: 'Too long.' });
    const set: [string, string][] = [];
    expect(showServerErrors(refusal, (field, error) => set.push([field, error.message]))).toBe(true);
    expect(set).toEqual([
      ['audience', 'Venue 3 no longer exists.'],
      ['body', 'Too long.'],
    ]);
    expect(showServerErrors(new HttpError('Nobody', 400, { message: 'Nobody', err: 'NO_RECIPIENTS' }), () => undefined)).toBe(false);
  });
});
