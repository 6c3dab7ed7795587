import { setImmediate as nextTurn } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { MailContextService } from '../mail/mail-context.service.js';
import { MarkdownLimitError, type MessageRendering, plainMessageBody, renderMessageBody } from '../mail/markdown.js';
import { Message } from './message.entity.js';

/**
 * A message's body is rendered once, when it is written, and kept with it (docs/decisions.md,
 * 'Messages cost the same whatever they say'); every copy (each email, the recipients' list, the
 * banners) is filled from the kept rendering.
 */
@Injectable()
export class MessageRenderings {
  constructor(
    @InjectRepository(Message) private readonly messages: Repository<Message>,
    private readonly contexts: MailContextService,
  ) {}

  /** A new body rendered for every recipient; a body over a Markdown limit is 400 `MARKDOWN_LIMIT`, naming it. */
  async render(body: string): Promise<MessageRendering> {
    const { publicUrl } = await this.contexts.context();
    try {
      return renderMessageBody(body, publicUrl);
    } catch (error) {
      if (error instanceof MarkdownLimitError) throw markdownLimitRefusal(error);
      throw error;
    }
  }

  /**
   * The kept rendering of each message. A message written before renderings were kept is rendered
   * now, once, and kept; one of those over a Markdown limit is kept as its text, without formatting.
   */
  async of(messages: readonly Message[]): Promise<Map<number, MessageRendering>> {
    const found = new Map<number, MessageRendering>();
    const missing: Message[] = [];
    for (const message of messages) {
      if (message.renderedHtml === null || message.renderedHtml === undefined) missing.push(message);
      else found.set(message.id, { html: message.renderedHtml, text: message.renderedText ?? '', links: message.renderedLinks ?? [] });
    }
    if (!missing.length) return found;
    const { publicUrl } = await this.contexts.context();
    for (const message of missing) {
      const body =
        message.body ?? (await this.messages.findOne({ where: { id: message.id }, select: { id: true, body: true } }))?.body ?? '';
      let rendering: MessageRendering;
      try {
        rendering = renderMessageBody(body, publicUrl);
      } catch (error) {
        if (!(error instanceof MarkdownLimitError)) throw error;
        rendering = plainMessageBody(body);
      }
      await this.messages.update(
        { id: message.id },
        { renderedHtml: rendering.html, renderedText: rendering.text, renderedLinks: rendering.links },
      );
      found.set(message.id, rendering);
      // Other requests go first between two of them.
      await nextTurn();
    }
    return found;
  }
}

function markdownLimitRefusal(error: MarkdownLimitError): AppException {
  return AppException.badRequest(error.message, { body: error.message }, ErrorCode.MarkdownLimit);
}
