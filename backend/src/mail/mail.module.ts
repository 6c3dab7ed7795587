import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailContextService } from './mail-context.service.js';
import { MailLedgerService } from './mail-ledger.service.js';
import { MailSend } from './mail-send.entity.js';
import { MailService } from './mail.service.js';
import { ReceiptSweeper } from './receipt-sweeper.js';

export const MAIL_ENTITIES = [MailSend];

@Global()
@Module({
  imports: [TypeOrmModule.forFeature(MAIL_ENTITIES)],
  providers: [MailService, MailContextService, MailLedgerService, ReceiptSweeper],
  exports: [MailService, MailContextService, MailLedgerService],
})
export class MailModule {}
