import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import { ScheduleImportDto, ScheduleImportQueryDto } from './dto/schedule-import.dto.js';
import { ScheduleImportService } from './schedule-import.service.js';
import { Answers } from '../../common/decorators/answers.decorator.js';
import { ImportResult } from '@svp/domain/contract';

/**
 * The admin panel's schedule import: `?dryRun=true` (the default) checks every row and writes
 * nothing; `?dryRun=false` writes all rows or, when any is bad, none (400 with the rows).
 */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/schedule-import')
export class ScheduleImportController {
  constructor(private readonly service: ScheduleImportService) {}

  @Answers('Imports shifts from CSV, all or none (dryRun=true only checks)', ImportResult)
  @Post('shifts')
  @HttpCode(200)
  shifts(@Body() body: ScheduleImportDto, @Query() query: ScheduleImportQueryDto, @CurrentUser() actor: AuthUser): Promise<ImportResult> {
    return this.service.importShifts(actor, body.csv, query.dryRun ?? true);
  }

  @Answers('Imports shift assignments from CSV, all or none (dryRun=true only checks)', ImportResult)
  @Post('assignments')
  @HttpCode(200)
  assignments(
    @Body() body: ScheduleImportDto,
    @Query() query: ScheduleImportQueryDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<ImportResult> {
    return this.service.importAssignments(actor, body.csv, query.dryRun ?? true);
  }
}
