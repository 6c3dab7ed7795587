import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Public } from '../common/decorators/public.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { UpdateSettingsDto } from './dto/update-settings.dto.js';
import { SettingsService } from './settings.service.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { Envelope, PublicSettings, SettingsRecord } from '@svp/domain/contract';

@ApiTags('settings')
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** Timeline, gates evaluated now on the server clock, conference facts, switches and labels. */
  @Answers('The timeline, the gates now, conference facts, switches and labels', Envelope(PublicSettings))
  @Public()
  @Get()
  async read(): Promise<Envelope<PublicSettings>> {
    return { success: true, data: await this.settings.publicView() };
  }
}

/** The settings record of the admin panel (react-admin, no envelope). */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/settings')
export class AdminSettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Answers("The edition's settings (an earlier edition's with ?edition=)", SettingsRecord)
  @Get()
  async read(): Promise<SettingsRecord> {
    return { id: 'edition', ...(await this.settings.get()) };
  }

  @Answers("Changes the current edition's settings (any part)", SettingsRecord)
  @Put()
  async update(@Body() body: UpdateSettingsDto, @CurrentUser() actor: AuthUser): Promise<SettingsRecord> {
    return { id: 'edition', ...(await this.settings.update(body, actor)) };
  }
}
