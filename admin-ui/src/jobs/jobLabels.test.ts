import { describe, expect, it } from 'vitest';
import { JOB_STATE_LABELS, OUTCOME_LABELS, countsSummary, runNowBlocked } from './jobLabels';
import { jobRow } from './jobFixtures';

describe('the job labels', () => {
  it("puts a decisions run's figures and emails in words", () => {
    expect(
      countsSummary({
        offered: 2,
        waitlisted: 1,
        rejected: 3,
        undecided: 1,
        mailsOwed: 6,
        mailsSent: 6,
        mailsPending: 0,
        mailsUncertain: 0,
      }),
    ).toEqual(['2 offered', '1 waitlisted', '3 rejected', '1 not decided yet', '6 of 6 emails sent']);
  });

  it('says what a failed or interrupted run still owes', () => {
    expect(countsSummary({ cleared: 1, mailsOwed: 4, mailsSent: 2, mailsPending: 1, mailsUncertain: 1 })).toEqual([
      '1 Team Leader option cleared',
      '2 of 4 emails sent',
      '1 still to send',
      '1 may not have gone out',
    ]);
    expect(countsSummary({ declined: 2, offeredFromWaitlist: 2, waitlisted: 0, mailsOwed: 1, mailsSent: 1 })).toEqual([
      '0 waitlisted',
      '2 offers lapsed',
      '2 offered from the waitlist',
      '1 of 1 email sent',
    ]);
  });

  it('says when a run had nobody to email, and nothing for a run without figures', () => {
    expect(countsSummary({ locked: 3, submitted: 10, mailsOwed: 0, mailsSent: 0 })).toEqual([
      '3 applications locked',
      '10 submitted left as they are',
      'no emails',
    ]);
    expect(countsSummary({})).toEqual([]);
  });

  it('offers "Run now" only for a due job that is safe to repeat and not running', () => {
    expect(runNowBlocked(jobRow())).toBeNull();
    expect(runNowBlocked(jobRow({ manualRun: false }))).toBe('This job runs only on its schedule.');
    expect(runNowBlocked(jobRow({ state: 'running' }))).toBe('This job is running now.');
    expect(runNowBlocked(jobRow({ runnableNow: false, state: 'scheduled' }))).toMatch(/not due yet/);
  });

  it('labels every state and outcome', () => {
    for (const state of ['scheduled', 'due', 'running', 'failed', 'done', 'not-scheduled'] as const)
      expect(JOB_STATE_LABELS[state].label).toBeTruthy();
    for (const outcome of ['running', 'succeeded', 'skipped', 'failed'] as const) expect(OUTCOME_LABELS[outcome].label).toBeTruthy();
  });
});
