import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailLedgerService } from '../mail/mail-ledger.service.js';
import { ScheduleModule } from '../schedule/schedule.module.js';
import { Shift } from '../schedule/shift.entity.js';
import { Venue } from '../schedule/venue.entity.js';
import { User } from '../users/user.entity.js';
import { AdminMessagesController } from './admin-messages.controller.js';
import { AudienceService } from './audience.service.js';
import { MessageDismissal } from './message-dismissal.entity.js';
import { MessageOutbox } from './message-outbox.js';
import { MessageRenderings } from './message-renderings.js';
import { MessageSignatures } from './message-signatures.js';
import { Message } from './message.entity.js';
import { ReceivedMessagesController, TeamMessagesController } from './messages.controller.js';
import { MessagesService } from './messages.service.js';
import { OrganisersMessagesService } from './organisers-messages.service.js';
import { TeamMessagesService } from './team-messages.service.js';
import { MailSend } from '../mail/mail-send.entity.js';

export const MESSAGE_ENTITIES = [Message, MessageDismissal];

/** Organisers' and team leaders' messages to volunteers: audiences, sending in the background, banners. */
@Module({
  imports: [TypeOrmModule.forFeature([...MESSAGE_ENTITIES, MailSend, User, Venue, Shift]), ScheduleModule],
  // The team leaders' routes come before the received-messages routes, whose `:id` would otherwise shadow them.
  controllers: [AdminMessagesController, TeamMessagesController, ReceivedMessagesController],
  providers: [
    AudienceService,
    MessageSignatures,
    MessageRenderings,
    MessageOutbox,
    MessagesService,
    OrganisersMessagesService,
    TeamMessagesService,
  ],
  exports: [MessageOutbox, MessagesService],
})
export class MessagesModule implements OnModuleInit {
  constructor(private readonly ledger: MailLedgerService) {}

  onModuleInit(): void {
    // An address the mail server refuses for good is marked failed with its answer, never tried again.
    this.ledger.onPermanentRefusal(['message', 'message-copy'], async () => undefined);
  }
}
