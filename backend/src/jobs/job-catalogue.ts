import { TIMELINE_LABELS, type Timeline, type TimelineKey } from '@svp/domain';

const DAY_MS = 24 * 3600 * 1000;

export const JOB_NAMES = [
  'team-leader-deadline',
  'application-reminder-7d',
  'application-reminder-1d',
  'application-deadline',
  'references-request',
  'references-reminder-7d',
  'references-reminder-1d',
  'decisions-release',
  'confirmation-reminder-7d',
  'confirmation-reminder-1d',
  'confirmation-deadline',
  'schedules-release',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export function isJobName(value: string): value is JobName {
  return (JOB_NAMES as readonly string[]).includes(value);
}

export interface JobDefinition {
  name: JobName;
  title: string;
  description: string;
  /** The timeline date the job hangs on, and how long before it the job runs. */
  anchor: TimelineKey;
  daysBefore: number;
  /** A reminder that would fall before this date (the window is shorter than the reminder) has no occurrence. */
  notBefore?: TimelineKey;
  /**
   * Whether an administrator may run it again by hand: doing so changes nothing it already did and
   * sends nobody a second copy. The confirmation deadline is not: run again, it would also decline
   * places an administrator offered by hand after it.
   */
  manualRun: boolean;
}

export const JOBS: readonly JobDefinition[] = [
  {
    name: 'team-leader-deadline',
    title: 'Team Leader deadline',
    description: 'Clears the Team Leader option of every application not yet submitted, and tells those applicants.',
    anchor: 'teamLeaderEndDate',
    daysBefore: 0,
    manualRun: true,
  },
  {
    name: 'application-reminder-7d',
    title: 'Application reminder (7 days)',
    description: 'Reminds applicants with an application in progress that applications close in 7 days.',
    anchor: 'applicationEndDate',
    daysBefore: 7,
    notBefore: 'applicationLaunchDate',
    manualRun: true,
  },
  {
    name: 'application-reminder-1d',
    title: 'Application reminder (1 day)',
    description: 'Reminds applicants with an application in progress that applications close in 1 day.',
    anchor: 'applicationEndDate',
    daysBefore: 1,
    notBefore: 'applicationLaunchDate',
    manualRun: true,
  },
  {
    name: 'application-deadline',
    title: 'Application deadline',
    description:
      'Locks every application not submitted: it is marked closed and can no longer be saved. Submitted applications stay as they are.',
    anchor: 'applicationEndDate',
    daysBefore: 0,
    manualRun: true,
  },
  {
    name: 'references-request',
    title: 'Reference requests',
    description:
      'Emails each referee named in every submitted application a request with a personal link to the reference form, ' +
      'once per referee and application; a referee given later (a replacement) is asked at once.',
    anchor: 'applicationEndDate',
    daysBefore: 0,
    manualRun: true,
  },
  {
    name: 'references-reminder-7d',
    title: 'Reference reminder (7 days)',
    description: 'Reminds referees who have not answered yet that references close in 7 days.',
    anchor: 'referencesDeadline',
    daysBefore: 7,
    notBefore: 'applicationEndDate',
    manualRun: true,
  },
  {
    name: 'references-reminder-1d',
    title: 'Reference reminder (1 day)',
    description: 'Reminds referees who have not answered yet that references close in 1 day.',
    anchor: 'referencesDeadline',
    daysBefore: 1,
    notBefore: 'applicationEndDate',
    manualRun: true,
  },
  {
    name: 'decisions-release',
    title: 'Decisions released',
    description:
      'Emails every submitted applicant the decision on their application ' +
      '(offered with the confirmation deadline, waitlisted, rejected), once.',
    anchor: 'acceptanceDate',
    daysBefore: 0,
    manualRun: true,
  },
  {
    name: 'confirmation-reminder-7d',
    title: 'Confirmation reminder (7 days)',
    description: 'Reminds applicants offered a place who have not confirmed it that the confirmation deadline is in 7 days.',
    anchor: 'confirmationDeadline',
    daysBefore: 7,
    notBefore: 'acceptanceDate',
    manualRun: true,
  },
  {
    name: 'confirmation-reminder-1d',
    title: 'Confirmation reminder (1 day)',
    description: 'Reminds applicants offered a place who have not confirmed it that the confirmation deadline is in 1 day.',
    anchor: 'confirmationDeadline',
    daysBefore: 1,
    notBefore: 'acceptanceDate',
    manualRun: true,
  },
  {
    name: 'confirmation-deadline',
    title: 'Confirmation deadline',
    description:
      'Offers not confirmed by their deadline become declined (reason: deadline). ' +
      'With "offer waitlisted places automatically" on, as many waitlisted applicants as places were freed are offered a place, ' +
      'best average jury score first, with a week to confirm; it runs again when those offers lapse.',
    anchor: 'confirmationDeadline',
    daysBefore: 0,
    manualRun: false,
  },
  {
    name: 'schedules-release',
    title: 'Schedules released',
    description: 'Tells every confirmed volunteer that schedules are out.',
    anchor: 'schedulesReleaseDate',
    daysBefore: 0,
    manualRun: true,
  },
];

export function jobDefinition(name: JobName): JobDefinition {
  return JOBS.find((job) => job.name === name)!;
}

/**
 * An occurrence is a job at one date: moving the date makes a new occurrence, which runs at the new
 * date (or at once when the new date has passed). What a run already did stays done (it changes only
 * what is still to change), and the mail ledger keeps anyone from getting the same message twice.
 */
export function slotOf(dueAt: Date): string {
  return dueAt.toISOString();
}

export interface Occurrence {
  job: JobName;
  slot: string;
  dueAt: Date;
}

/** When a job is due on this timeline, or null when it has no occurrence (a reminder longer than its window). */
export function timelineDue(job: JobDefinition, timeline: Timeline): Date | null {
  const due = new Date(Date.parse(timeline[job.anchor]) - job.daysBefore * DAY_MS);
  if (job.notBefore && due.getTime() < Date.parse(timeline[job.notBefore])) return null;
  return due;
}

/**
 * Every occurrence of a job this edition: its timeline date, and for the confirmation deadline
 * also the own deadlines of places offered from the waitlist after it.
 */
export function occurrencesOf(job: JobDefinition, timeline: Timeline, offerDeadlines: readonly Date[] = []): Occurrence[] {
  const due = timelineDue(job, timeline);
  const dues = due ? [due] : [];
  if (job.name === 'confirmation-deadline') dues.push(...offerDeadlines);
  const bySlot = new Map<string, Occurrence>();
  for (const dueAt of dues) {
    const slot = slotOf(dueAt);
    if (!bySlot.has(slot)) bySlot.set(slot, { job: job.name, slot, dueAt });
  }
  return [...bySlot.values()].sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

/** Every occurrence of every job, earliest first; at the same instant, in the catalogue's order. */
export function allOccurrences(timeline: Timeline, offerDeadlines: readonly Date[] = []): Occurrence[] {
  const order = (name: JobName) => JOB_NAMES.indexOf(name);
  return JOBS.flatMap((job) => occurrencesOf(job, timeline, offerDeadlines)).sort(
    (a, b) => a.dueAt.getTime() - b.dueAt.getTime() || order(a.job) - order(b.job),
  );
}

/** Why a reminder due now should not go out: its deadline has passed, or the shorter reminder is due too. */
export function reminderSkipReason(job: JobDefinition, timeline: Timeline, now: Date): string | null {
  if (job.daysBefore === 0) return null;
  const deadline = Date.parse(timeline[job.anchor]);
  const label = TIMELINE_LABELS[job.anchor].toLowerCase();
  if (now.getTime() >= deadline) return `Not sent: the ${label} had already passed when this reminder could run.`;
  if (job.daysBefore > 1 && now.getTime() >= deadline - DAY_MS) return 'Not sent: the 1-day reminder is due as well and goes out instead.';
  return null;
}

/** The timeline date label of a job, for the admin view. */
export function anchorLabel(job: JobDefinition): string {
  const label = TIMELINE_LABELS[job.anchor];
  return job.daysBefore ? `${job.daysBefore} day${job.daysBefore === 1 ? '' : 's'} before: ${label}` : label;
}
