import { Injectable } from '@nestjs/common';
import type { AudienceNode, AudiencePreview, MessageDetail, MessagePreview, MessageRecipientRow, MessageSummary } from '@svp/domain';
import type { ListQuery } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { SettingsService } from '../settings/settings.service.js';
import { AudienceService } from './audience.service.js';
import type { CreateMessageDto, MessageTextDto, PreviewMessageDto } from './dto/messages.dto.js';
import { organisersSignature } from './message-signatures.js';
import { type MessageAuthorContext, MessagesService } from './messages.service.js';

/** The administrators' side of messages: everything in the name of the organisers, to any audience. */
@Injectable()
export class OrganisersMessagesService {
  constructor(
    private readonly messages: MessagesService,
    private readonly audiences: AudienceService,
    private readonly settings: SettingsService,
  ) {}

  async audience(audience: AudienceNode): Promise<AudiencePreview> {
    const settings = await this.settings.get();
    this.messages.assertAudience(audience, settings);
    return this.messages.preview(audience, settings);
  }

  async preview(caller: AuthUser, body: PreviewMessageDto): Promise<MessagePreview> {
    const settings = await this.settings.get();
    let first = null;
    if (body.audience !== undefined) {
      this.messages.assertAudience(body.audience, settings);
      [first = null] = await this.audiences.members(body.audience, settings);
    }
    return this.messages.render(
      body,
      settings,
      first ?? (await this.audiences.people([caller.id]))[0] ?? null,
      organisersSignature(settings),
      body.audience ?? null,
    );
  }

  async test(caller: AuthUser, body: MessageTextDto): Promise<{ sentTo: string }> {
    return this.messages.sendTest(await this.author(caller), body);
  }

  async create(caller: AuthUser, body: CreateMessageDto): Promise<MessageDetail> {
    const settings = await this.settings.get();
    this.messages.assertAudience(body.audience, settings);
    const members = await this.audiences.members(body.audience, settings);
    return this.messages.create(await this.author(caller), body, body.audience, members, settings);
  }

  list(query: ListQuery): Promise<{ rows: MessageSummary[]; total: number }> {
    return this.messages.list(query);
  }

  async detail(id: number): Promise<MessageDetail> {
    return this.messages.detail(await this.messages.findOrFail(id));
  }

  recipients(id: number, query: ListQuery): Promise<{ rows: MessageRecipientRow[]; total: number }> {
    return this.messages.recipients(id, query);
  }

  cancel(id: number, caller: AuthUser): Promise<MessageDetail> {
    return this.messages.cancel(id, caller);
  }

  resume(id: number, caller: AuthUser): Promise<MessageDetail> {
    return this.messages.resume(id, caller);
  }

  retry(id: number, caller: AuthUser, include: readonly ('failed' | 'sending')[]): Promise<MessageDetail> {
    return this.messages.retry(id, caller, include);
  }

  private async author(caller: AuthUser): Promise<MessageAuthorContext> {
    return { actor: caller, kind: 'organisers', venueId: null, from: organisersSignature(await this.settings.get()), organisersCopy: null };
  }
}
