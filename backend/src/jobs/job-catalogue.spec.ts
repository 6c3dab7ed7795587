import { describe, expect, it } from '@jest/globals';
import { DEFAULT_TIMELINE } from '@svp/domain';
import { JOBS, JOB_NAMES, allOccurrences, jobDefinition, occurrencesOf, reminderSkipReason, timelineDue } from './job-catalogue.js';
import { MAX_SLEEP_MS, sleepFor } from './jobs.cron.js';
import { mergeCounts } from './jobs.service.js';

const timeline = { ...DEFAULT_TIMELINE };
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('the job catalogue', () => {
  it('has one definition per job, each with a title and a description', () => {
    expect(JOBS.map((j) => j.name)).toEqual([...JOB_NAMES]);
    for (const job of JOBS) expect(job.title && job.description).toBeTruthy();
  });

  it('puts each job on its timeline date, reminders 7 days and 1 day before', () => {
    const due = Object.fromEntries(JOBS.map((job) => [job.name, iso(timelineDue(job, timeline))]));
    expect(due).toEqual({
      'team-leader-deadline': '2026-01-31T22:00:00.000Z',
      'application-reminder-7d': '2026-02-21T22:00:00.000Z',
      'application-reminder-1d': '2026-02-27T22:00:00.000Z',
      'application-deadline': '2026-02-28T22:00:00.000Z',
      'references-request': '2026-02-28T22:00:00.000Z',
      'references-reminder-7d': '2026-04-03T17:00:00.000Z',
      'references-reminder-1d': '2026-04-09T17:00:00.000Z',
      'decisions-release': '2026-05-21T19:00:00.000Z',
      'confirmation-reminder-7d': '2026-06-10T06:59:00.000Z',
      'confirmation-reminder-1d': '2026-06-16T06:59:00.000Z',
      'confirmation-deadline': '2026-06-17T06:59:00.000Z',
      'schedules-release': '2026-08-05T22:00:00.000Z',
    });
  });

  it('gives a reminder no occurrence when its window is shorter than the reminder', () => {
    const short = { ...timeline, acceptanceDate: '2026-06-12T19:00:00.000Z' };
    expect(timelineDue(jobDefinition('confirmation-reminder-7d'), short)).toBeNull();
    expect(iso(timelineDue(jobDefinition('confirmation-reminder-1d'), short))).toBe('2026-06-16T06:59:00.000Z');
    expect(occurrencesOf(jobDefinition('confirmation-reminder-7d'), short)).toEqual([]);
  });

  it('lists every occurrence earliest first, the catalogue order breaking ties', () => {
    const same = { ...timeline, teamLeaderEndDate: timeline.applicationEndDate };
    const names = allOccurrences(same).map((o) => o.job);
    expect(names.indexOf('team-leader-deadline')).toBeLessThan(names.indexOf('application-deadline'));
    expect(names.indexOf('application-reminder-1d')).toBeLessThan(names.indexOf('team-leader-deadline'));
    // Applications are locked before their referees are asked.
    expect(names.indexOf('application-deadline')).toBeLessThan(names.indexOf('references-request'));
    const dues = allOccurrences(timeline).map((o) => o.dueAt.getTime());
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
  });

  it('makes every job one occurrence per date it is set to: a moved date is a new occurrence', () => {
    expect(occurrencesOf(jobDefinition('decisions-release'), timeline)).toEqual([
      { job: 'decisions-release', slot: '2026-05-21T19:00:00.000Z', dueAt: new Date(timeline.acceptanceDate) },
    ]);
    const moved = { ...timeline, acceptanceDate: '2026-05-22T19:00:00.000Z' };
    expect(occurrencesOf(jobDefinition('decisions-release'), moved)[0]!.slot).toBe('2026-05-22T19:00:00.000Z');
    expect(occurrencesOf(jobDefinition('application-reminder-7d'), timeline)[0]!.slot).toBe('2026-02-21T22:00:00.000Z');
    expect(occurrencesOf(jobDefinition('application-deadline'), timeline)[0]!.slot).toBe('2026-02-28T22:00:00.000Z');
  });

  it('adds the own deadlines of waitlist offers to the confirmation deadline, once each', () => {
    const own = new Date('2026-06-24T07:00:00.000Z');
    const occurrences = occurrencesOf(jobDefinition('confirmation-deadline'), timeline, [
      own,
      new Date(own),
      new Date(timeline.confirmationDeadline),
    ]);
    expect(occurrences.map((o) => o.slot)).toEqual(['2026-06-17T06:59:00.000Z', '2026-06-24T07:00:00.000Z']);
    expect(occurrencesOf(jobDefinition('schedules-release'), timeline, [own])).toHaveLength(1);
  });
});

describe('reminderSkipReason', () => {
  const sevenDays = jobDefinition('application-reminder-7d');
  const oneDay = jobDefinition('application-reminder-1d');

  it('lets a reminder go out between its due time and the 1-day reminder', () => {
    expect(reminderSkipReason(sevenDays, timeline, new Date('2026-02-21T22:00:00.000Z'))).toBeNull();
    expect(reminderSkipReason(oneDay, timeline, new Date('2026-02-28T21:59:59.999Z'))).toBeNull();
  });

  it('holds the 7-day reminder back when the 1-day reminder is due too (a late catch-up)', () => {
    expect(reminderSkipReason(sevenDays, timeline, new Date('2026-02-27T22:00:00.000Z'))).toMatch(/1-day reminder/);
  });

  it('holds any reminder back once its deadline has passed', () => {
    expect(reminderSkipReason(oneDay, timeline, new Date('2026-02-28T22:00:00.000Z'))).toMatch(/application deadline had already passed/);
    expect(reminderSkipReason(jobDefinition('confirmation-reminder-1d'), timeline, new Date('2026-07-01T00:00:00.000Z'))).toMatch(
      /confirmation deadline/,
    );
  });

  it('holds a reference reminder back once references have closed', () => {
    expect(reminderSkipReason(jobDefinition('references-reminder-1d'), timeline, new Date('2026-04-09T17:00:00.000Z'))).toBeNull();
    expect(reminderSkipReason(jobDefinition('references-reminder-1d'), timeline, new Date('2026-04-10T17:00:00.000Z'))).toMatch(
      /references close had already passed/,
    );
  });

  it('never holds back a job that is not a reminder', () => {
    expect(reminderSkipReason(jobDefinition('decisions-release'), timeline, new Date('2027-01-01T00:00:00.000Z'))).toBeNull();
  });
});

describe('the timer and the counts', () => {
  const now = new Date('2026-01-31T21:59:30.000Z');

  it('sleeps until the next due time, at most a minute', () => {
    expect(sleepFor(new Date('2026-01-31T22:00:00.000Z'), now)).toBe(30_000);
    expect(sleepFor(new Date('2026-02-28T22:00:00.000Z'), now)).toBe(MAX_SLEEP_MS);
    expect(sleepFor(new Date('2026-01-01T00:00:00.000Z'), now)).toBe(0);
    expect(sleepFor(null, now)).toBe(MAX_SLEEP_MS);
  });

  it('adds up changes across attempts, and keeps the latest figures and email tally', () => {
    const tally = { mailsOwed: 3, mailsSent: 3, mailsPending: 0, mailsUncertain: 0 };
    const previous = { cleared: 2, waitlisted: 5, mailsOwed: 2, mailsSent: 1, mailsPending: 1, mailsUncertain: 0 };
    expect(mergeCounts(previous, { added: { cleared: 1 }, counts: { waitlisted: 4 } }, tally)).toEqual({
      cleared: 3,
      waitlisted: 4,
      ...tally,
    });
  });
});
