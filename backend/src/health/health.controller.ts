import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/decorators/public.decorator.js';
import { DatabaseProbe } from './database-probe.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { Health } from '@svp/domain/contract';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly database: DatabaseProbe) {}

  /** `{status:"ok", db:"up"}`, or 503 with `db:"down"` when the database does not answer. */
  @Answers('Whether the server can reach its database', Health, { 503: { description: 'The database does not answer.', schema: Health } })
  @Public()
  @Get()
  async check(@Res({ passthrough: true }) response: Response): Promise<Health> {
    const up = await this.database.answers();
    if (!up) response.status(503);
    return up ? { status: 'ok', db: 'up' } : { status: 'error', db: 'down' };
  }
}
