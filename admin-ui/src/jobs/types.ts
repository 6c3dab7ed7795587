import type { TimelineKey } from '@svp/domain';

export type JobState = 'scheduled' | 'due' | 'running' | 'failed' | 'done' | 'not-scheduled';
export type JobOutcome = 'running' | 'succeeded' | 'skipped' | 'failed';
export type JobTrigger = 'schedule' | 'catch-up' | 'manual';

/** One run of a job (GET /api/admin/jobs lastRuns, POST /api/admin/jobs/{job}/run). */
export interface JobRunRow {
  id: number;
  job: string;
  edition: string;
  /** The occurrence's due instant: a job runs once per date it is set to. */
  slot: string;
  dueAt: string;
  triggeredBy: JobTrigger;
  outcome: JobOutcome;
  attempts: number;
  startedAt: string;
  finishedAt: string | null;
  counts: Record<string, number>;
  message: string | null;
}

/** A deadline job (GET /api/admin/jobs). */
export interface JobRow {
  id: string;
  name: string;
  title: string;
  description: string;
  anchor: TimelineKey;
  anchorLabel: string;
  manualRun: boolean;
  runnableNow: boolean;
  edition: string;
  dueAt: string | null;
  nextDueAt: string | null;
  state: JobState;
  lastRuns: JobRunRow[];
}
