import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CheckInCodes, Envelope } from '@svp/domain/contract';
import type { AuthUser } from '../common/auth-user.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { CheckInCodesService } from './check-in-codes.service.js';

/** The caller's personal check-in codes, which their team leader scans. */
@ApiTags('schedule')
@ApiBearerAuth()
@Controller('checkin')
export class CheckInController {
  constructor(private readonly codes: CheckInCodesService) {}

  /** Confirmed volunteers and team leaders, once schedules are out: one signed code per shift of the next 36 hours. */
  @Answers("The caller's check-in codes: one per shift not yet over that starts within 36 hours", Envelope(CheckInCodes))
  @Get('codes')
  async mine(@CurrentUser() caller: AuthUser): Promise<Envelope<CheckInCodes>> {
    return { success: true, data: await this.codes.codes(caller) };
  }
}
