import { describe, expect, it } from '@jest/globals';
import { ledgerKey } from '../mail/ledger-key.js';
import { keyOfRecordedEmail } from './migrations/1764800000000-MailLedger.js';

// The migration keeps its own copy of the key (a migration must not change when the code it once
// called does): for every kind of email jobs sent when it was written, the copy and the live key agree.
describe('MailLedger migration: the key of emails recorded before it', () => {
  const dueAt = new Date('2026-06-01T07:00:00Z');
  const params = { daysLeft: 3, applicationEndDate: '2026-06-04', confirmBy: '2026-06-10', outcome: 'accepted', teamLeader: true };

  it.each([
    'team-leader-closed',
    'application-reminder',
    'confirmation-reminder',
    'decision',
    'offer-lapsed',
    'waitlist-offer',
    'schedules-released',
  ])('makes the key ledgerKey makes for %s', (kind) => {
    expect(keyOfRecordedEmail('2026', dueAt, kind, 42, params)).toBe(ledgerKey('2026', dueAt, { userId: 42, kind, params }));
  });

  it('tells decisions apart by outcome and team-leader place', () => {
    expect(keyOfRecordedEmail('2026', dueAt, 'decision', 42, { outcome: 'accepted', teamLeader: false })).toBe('2026|decision|42|accepted');
    expect(keyOfRecordedEmail('2026', dueAt, 'decision', 42, { outcome: 'accepted', teamLeader: true })).toBe(
      '2026|decision|42|accepted TL',
    );
  });
});
