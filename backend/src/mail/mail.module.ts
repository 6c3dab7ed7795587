import { Global, Module } from '@nestjs/common';
import { MailContextService } from './mail-context.service.js';
import { MailService } from './mail.service.js';

@Global()
@Module({ providers: [MailService, MailContextService], exports: [MailService, MailContextService] })
export class MailModule {}
