import type { JobView } from '@svp/domain';

/** A deadline job (GET /api/admin/jobs) and one of its runs (its lastRuns, POST /api/admin/jobs/{job}/run): the contract's. */
export type { JobRunView as JobRunRow, JobView as JobRow } from '@svp/domain';

export type JobState = JobView['state'];
export type JobOutcome = JobView['lastRuns'][number]['outcome'];
export type JobTrigger = JobView['lastRuns'][number]['triggeredBy'];
