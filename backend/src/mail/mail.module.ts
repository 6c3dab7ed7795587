import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailContextService } from './mail-context.service.js';
import { MailLedgerService } from './mail-ledger.service.js';
import { MailSend } from './mail-send.entity.js';
import { MailService } from './mail.service.js';
import { ReceiptSweeper } from './receipt-sweeper.js';
import { NotificationSetting } from './notifications/notification-setting.entity.js';
import { NOTIFICATIONS_CONFIG, loadNotificationsConfig } from './notifications/notifications.config.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { NotificationsService } from './notifications/notifications.service.js';
import { PushDevice } from './notifications/push-device.entity.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';

export const MAIL_ENTITIES = [MailSend, PushDevice, NotificationSetting];

@Global()
@Module({
  imports: [TypeOrmModule.forFeature(MAIL_ENTITIES)],
  controllers: [NotificationsController],
  providers: [
    MailService,
    MailContextService,
    MailLedgerService,
    ReceiptSweeper,
    { provide: NOTIFICATIONS_CONFIG, inject: [APP_CONFIG], useFactory: (config: AppConfig) => loadNotificationsConfig(config) },
    NotificationsService,
  ],
  exports: [MailService, MailContextService, MailLedgerService, NotificationsService, NOTIFICATIONS_CONFIG],
})
export class MailModule {}
