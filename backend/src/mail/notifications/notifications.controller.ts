import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Envelope, NotificationSettingsView, PushDeviceSaved, Type } from '@svp/domain/contract';
import type { AuthUser } from '../../common/auth-user.js';
import { Answers } from '../../common/decorators/answers.decorator.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { NotificationSettingsDto, PushDeviceDto, RemovePushDeviceDto } from './dto/notifications.dto.js';
import { NotificationsService } from './notifications.service.js';

const DevicesLeft = Type.Object({ devices: Type.Integer({ minimum: 0 }) });

/** Everyone signed in: what reaches their phone, and the phones it reaches. Each person reads and changes only their own. */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Answers("The caller's notification choices, the server's push key and the caller's devices", Envelope(NotificationSettingsView))
  @Get('settings')
  async settings(@CurrentUser() caller: AuthUser): Promise<Envelope<NotificationSettingsView>> {
    return { success: true, data: await this.notifications.view(caller) };
  }

  @Answers("Saves the caller's notification choices", Envelope(NotificationSettingsView))
  @Put('settings')
  async save(@CurrentUser() caller: AuthUser, @Body() body: NotificationSettingsDto): Promise<Envelope<NotificationSettingsView>> {
    return { success: true, data: await this.notifications.update(caller, body) };
  }

  @Answers("Adds a browser's push subscription to the caller's devices", Envelope(PushDeviceSaved))
  @Post('devices')
  async addDevice(@CurrentUser() caller: AuthUser, @Body() body: PushDeviceDto): Promise<Envelope<PushDeviceSaved>> {
    return { success: true, data: await this.notifications.addDevice(caller, body.endpoint, body.keys) };
  }

  @Answers("Removes a browser from the caller's devices", Envelope(DevicesLeft))
  @Delete('devices')
  @HttpCode(200)
  async removeDevice(@CurrentUser() caller: AuthUser, @Body() body: RemovePushDeviceDto): Promise<Envelope<{ devices: number }>> {
    return { success: true, data: await this.notifications.removeDevice(caller, body.endpoint) };
  }
}
