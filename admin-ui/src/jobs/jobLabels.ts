import type { JobOutcome, JobRow, JobState, JobTrigger } from './types';

type ChipColor = 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const JOB_STATE_LABELS: Readonly<Record<JobState, { label: string; color: ChipColor }>> = {
  scheduled: { label: 'Scheduled', color: 'info' },
  due: { label: 'Due now', color: 'warning' },
  running: { label: 'Running', color: 'primary' },
  failed: { label: 'Failed, will retry', color: 'error' },
  done: { label: 'Done this edition', color: 'success' },
  'not-scheduled': { label: 'No date this edition', color: 'default' },
};

export const OUTCOME_LABELS: Readonly<Record<JobOutcome, { label: string; color: ChipColor }>> = {
  running: { label: 'Running', color: 'primary' },
  succeeded: { label: 'Succeeded', color: 'success' },
  skipped: { label: 'Skipped', color: 'default' },
  failed: { label: 'Failed', color: 'error' },
};

export const TRIGGER_LABELS: Readonly<Record<JobTrigger, string>> = {
  schedule: 'On time',
  'catch-up': 'Caught up',
  manual: 'By hand',
};

/** What each figure of a run says, in the order shown. */
const COUNT_LABELS: readonly [string, (n: number) => string][] = [
  ['cleared', (n) => `${plural(n, 'Team Leader option')} cleared`],
  ['locked', (n) => `${plural(n, 'application')} locked`],
  ['submitted', (n) => `${n} submitted left as they are`],
  ['inProgress', (n) => `${plural(n, 'application')} in progress`],
  ['offered', (n) => `${n} offered`],
  ['waitlisted', (n) => `${n} waitlisted`],
  ['rejected', (n) => `${n} rejected`],
  ['undecided', (n) => `${n} not decided yet`],
  ['unconfirmed', (n) => `${plural(n, 'offer')} not confirmed`],
  ['declined', (n) => `${plural(n, 'offer')} lapsed`],
  ['offeredFromWaitlist', (n) => `${n} offered from the waitlist`],
  ['confirmed', (n) => `${n} confirmed`],
];

/** A run's figures in words: what it changed, then its emails ('3 of 4 emails sent', '1 still to send'). */
export function countsSummary(counts: Record<string, number>): string[] {
  const lines = COUNT_LABELS.filter(([key]) => typeof counts[key] === 'number').map(([key, label]) => label(counts[key]!));
  const owed = counts.mailsOwed ?? 0;
  if (owed > 0) {
    lines.push(`${counts.mailsSent ?? 0} of ${plural(owed, 'email')} sent`);
    if (counts.mailsPending) lines.push(`${counts.mailsPending} still to send`);
    if (counts.mailsUncertain) lines.push(`${counts.mailsUncertain} may not have gone out`);
  } else if ('mailsOwed' in counts) {
    lines.push('no emails');
  }
  return lines;
}

/** Why "Run now" is not offered for a job, or null when it is. */
export function runNowBlocked(job: Pick<JobRow, 'manualRun' | 'runnableNow' | 'state'>): string | null {
  if (!job.manualRun) return 'This job runs only on its schedule.';
  if (job.state === 'running') return 'This job is running now.';
  if (!job.runnableNow) return 'This job is not due yet; running it early would act before the deadline.';
  return null;
}
