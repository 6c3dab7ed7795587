import { TIMELINE_LABELS } from '@svp/domain';
import { describe, expect, it } from 'vitest';
import { actionLabel, actorOf, changeLines, humanise, subjectOf } from './describe';
import type { AuditEntry } from './types';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  createdAt: '2026-03-15T12:00:00.000Z',
  actorId: 1,
  actorEmail: 'chair@example.org',
  actorName: 'Chiara Président',
  action: 'user.update',
  entity: 'user',
  entityId: '7',
  before: null,
  after: null,
  references: {
    users: { 1: 'Chiara Président', 7: 'Ada Lovelace', 8: 'Grace Hopper' },
    applications: { 12: 'Grace Hopper' },
    venues: { 3: 'Main Hall' },
    shifts: {},
  },
  ...overrides,
});

const text = (lines: ReturnType<typeof changeLines>) => lines.map((l) => `${l.label}: ${l.before ?? '∅'} → ${l.after ?? '∅'}`);

describe('the audit log in words', () => {
  it('a status change: the applicant by name, the statuses by their labels, and why', () => {
    const e = entry({
      action: 'application.status',
      entity: 'application',
      entityId: '12',
      before: { state: 'pending', tag: null },
      after: { state: 'waitlisted', tag: null, reason: 'admin' },
    });
    expect(actionLabel(e.action)).toBe('Changed the processing status');
    expect(subjectOf(e)).toBe('Application of Grace Hopper');
    expect(text(changeLines(e, 'A'))).toEqual(['Processing status: Pending → Waitlisted', 'Why: ∅ → Set by an administrator']);
  });

  it('personal data: a retention removal by the system, an erasure by the administrator who confirmed it', () => {
    const removal = entry({
      action: 'retention.remove',
      entity: 'edition',
      entityId: '1',
      actorId: null,
      actorEmail: null,
      actorName: null,
      after: { kind: 'health', title: 'Dietary and health notes', removed: 12 },
    });
    expect(actionLabel(removal.action)).toBe('Removed personal data whose retention period ended');
    expect(actorOf(removal)).toBe('System');
    const erasure = entry({ action: 'erasure.confirm', after: { erasureId: 3, requestedBy: 8 } });
    expect(actionLabel(erasure.action)).toBe('Erased a person on request, confirming another administrator’s request');
    expect(subjectOf(erasure)).toBe('Ada Lovelace');
    expect(actionLabel('erasure.request')).toBe('Asked to erase a person (a second administrator confirms)');
  });

  it("a user's role and administrator flag", () => {
    const e = entry({ before: { role: 'Student-Volunteer', isAdmin: true }, after: { role: 'Team-Leader', isAdmin: false } });
    expect(subjectOf(e)).toBe('Ada Lovelace');
    expect(text(changeLines(e))).toEqual(['Role: Student Volunteer → Team Leader', 'Administrator: Yes → No']);
  });

  it("a venue's team leaders by name, without its bookkeeping", () => {
    const e = entry({
      action: 'venue.update',
      entity: 'venue',
      entityId: '3',
      before: { id: 3, name: 'Main Hall', location: '', teamLeaderIds: [7], updatedAt: '2026-03-01T10:00:00.000Z' },
      after: { id: 3, name: 'Main Hall', location: 'West building', teamLeaderIds: [7, 8], updatedAt: '2026-03-15T12:00:00.000Z' },
    });
    expect(subjectOf(e)).toBe('Venue Main Hall');
    expect(text(changeLines(e))).toEqual(['Location: ∅ → West building', 'Team leaders: Ada Lovelace → Ada Lovelace, Grace Hopper']);
  });

  it('the settings: timeline dates by their labels, in UTC; switches as yes or no', () => {
    const e = entry({
      action: 'settings.update',
      entity: 'settings',
      entityId: 'edition',
      before: { timeline: { juryDeadline: '2026-05-01T07:00:00.000Z' }, swapsEnabled: false, statusCatalogue: 'A' },
      after: { timeline: { juryDeadline: '2026-05-08T07:00:00.000Z' }, swapsEnabled: true, statusCatalogue: 'B' },
    });
    expect(actionLabel(e.action)).toBe('Changed the settings');
    expect(subjectOf(e)).toBe('Edition settings');
    expect(text(changeLines(e))).toEqual([
      `${TIMELINE_LABELS.juryDeadline}: 1 May 2026 at 07:00 UTC → 8 May 2026 at 07:00 UTC`,
      'Shift swaps online: No → Yes',
      'Status catalogue: Catalogue A → Catalogue B',
    ]);
  });

  it('a shift assignment: the volunteer and the shift by name, as created', () => {
    const e = entry({
      action: 'shift-assignment.create',
      entity: 'shift-assignment',
      entityId: '40',
      after: {
        id: 40,
        shiftId: 5,
        volunteerId: 7,
        volunteerName: 'Ada Lovelace',
        svid: 'SV7',
        accommodations: '',
        createdAt: '2026-03-15T12:00:00.000Z',
      },
      references: {
        users: { 7: 'Ada Lovelace' },
        applications: {},
        venues: {},
        shifts: { 5: { day: '2026-08-10', startTime: '2026-08-10 08:00', endTime: '2026-08-10 12:00', role: 'Greeter' } },
      },
    });
    expect(subjectOf(e)).toMatch(/^Ada Lovelace on .*08:00–12:00 · Greeter$/);
    expect(text(changeLines(e))).toEqual([
      expect.stringMatching(/^Shift: ∅ → .*Greeter$/),
      'Volunteer: ∅ → Ada Lovelace',
      'SV ID: ∅ → SV7',
    ]);
  });

  it('a job run and a deadline job: by the system, with the outcome in words', () => {
    const run = entry({
      actorId: null,
      actorEmail: null,
      actorName: null,
      action: 'job.run',
      entity: 'job',
      entityId: 'application-reminder',
      after: { runId: 9, outcome: 'succeeded', counts: { remindersSent: 3 }, message: 'Sent 3 reminders.' },
    });
    expect(actorOf(run)).toBe('System');
    expect(subjectOf(run)).toBe('Job: Application reminder');
    expect(text(changeLines(run))).toEqual(['Outcome: ∅ → Succeeded', 'Reminders sent: ∅ → 3', 'Result: ∅ → Sent 3 reminders.']);
  });

  it('names an actor by name, else by the email recorded', () => {
    expect(actorOf({ actorName: 'Chiara Président', actorEmail: 'chair@example.org' })).toBe('Chiara Président');
    expect(actorOf({ actorName: null, actorEmail: 'gone@example.org' })).toBe('gone@example.org');
  });

  it('never shows raw JSON or record ids', () => {
    const e = entry({
      action: 'venue.delete',
      entity: 'venue',
      entityId: '3',
      before: { id: 3, name: 'Main Hall', location: 'West', teamLeaderIds: [7], createdAt: '2026-03-01T10:00:00.000Z' },
    });
    for (const line of changeLines(e)) expect(`${line.before} ${line.after}`).not.toMatch(/[{}[\]"]|\bid\b/);
    expect(text(changeLines(e))).toEqual(['Name: Main Hall → ∅', 'Location: West → ∅', 'Team leaders: Ada Lovelace → ∅']);
  });

  it('a message sent to volunteers: its subject, audience and recipients', () => {
    const e = entry({
      action: 'message.sent',
      entity: 'message',
      entityId: '4',
      after: { subject: 'Shift swap tips', audience: 'confirmed volunteers', recipients: 40, bannerUntil: null, venueId: null },
    });
    expect(actionLabel(e.action)).toBe('Sent a message');
    expect(subjectOf(e)).toBe('Message “Shift swap tips”');
    expect(text(changeLines(e))).toEqual(['Subject: ∅ → Shift swap tips', 'Audience: ∅ → confirmed volunteers', 'Recipients: ∅ → 40']);
    expect(subjectOf(entry({ action: 'message.cancelled', entity: 'message', entityId: '4', after: { cancelled: 12 } }))).toBe('Message 4');
    expect(['message.cancelled', 'message.resumed', 'message.retried', 'message.test'].map(actionLabel)).toEqual([
      'Cancelled the queued emails of a message',
      'Resumed sending a message',
      'Retried the failed or interrupted emails of a message',
      'Sent a test of a message to themselves',
    ]);
  });

  it('words any other name', () => {
    expect(humanise('svSlots')).toBe('Sv slots');
    expect(humanise('closed_reason')).toBe('Closed reason');
    expect(actionLabel('something.new')).toBe('Something new');
  });
});
