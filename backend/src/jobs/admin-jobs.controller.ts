import { Controller, Get, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type ListOf, ListParams, setContentRange } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { JobsService } from './jobs.service.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { JobRunView, JobView, Type } from '@svp/domain/contract';

const JOBS_LIST = { sortable: ['id'], defaultSort: { field: 'id', order: 'ASC' }, filters: {} } as const;

/** The deadline jobs for administrators (ra-data-simple-rest): dates, state, latest runs, and "run now" for the ones safe to repeat. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/jobs')
export class AdminJobsController {
  constructor(private readonly jobs: JobsService) {}

  /** Every job in timeline order (a fixed list of nine: the range pages it, sorting is not offered). */
  @Answers('Lists the deadline jobs with their last runs', Type.Array(JobView))
  @Get()
  async list(@ListParams(JOBS_LIST) list: ListOf<typeof JOBS_LIST>, @Res({ passthrough: true }) response: Response): Promise<JobView[]> {
    const all = await this.jobs.overview();
    const rows = all.slice(list.offset, list.offset + list.limit);
    setContentRange(response, 'jobs', list.offset, rows.length, all.length);
    return rows;
  }

  @Answers('One deadline job with its runs', JobView)
  @Get(':job')
  one(@Param('job') job: string): Promise<JobView> {
    return this.jobs.one(job);
  }

  /** Runs the job's latest due occurrence again now; answers the run (audit-logged). */
  @Answers('Runs a due job by hand now', JobRunView)
  @Post(':job/run')
  run(@Param('job') job: string, @CurrentUser() actor: AuthUser): Promise<JobRunView> {
    return this.jobs.runNow(job, { id: actor.id, email: actor.email });
  }
}
