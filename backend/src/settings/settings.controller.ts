import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Public } from '../common/decorators/public.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { UpdateSettingsDto } from './dto/update-settings.dto.js';
import { SettingsService } from './settings.service.js';

@ApiTags('settings')
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** Timeline, gates evaluated now on the server clock, conference facts, switches and labels. */
  @Public()
  @Get()
  async read() {
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

  @Get()
  async read() {
    return { id: 'edition', ...(await this.settings.get()) };
  }

  @Put()
  async update(@Body() body: UpdateSettingsDto, @CurrentUser() actor: AuthUser) {
    return { id: 'edition', ...(await this.settings.update(body, actor)) };
  }
}
