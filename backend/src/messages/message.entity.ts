import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AudienceNode, MessageState } from '@svp/domain';
import { DateTimeColumn, JsonColumn } from '../database/column-types.js';

/**
 * An organisers' (or a team leader's) message: what was written, to which audience, and how its
 * sending stands. Each recipient is one entry of the mail ledger (`mail_sends.message_id`), fixed
 * when the message is created.
 */
@Entity('messages')
export class Message {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 16 })
  edition: string;

  @Column({ name: 'author_id', type: 'integer' })
  authorId: number;

  @Column({ name: 'author_kind', type: 'varchar', length: 16 })
  authorKind: 'organisers' | 'team-leader';

  /** A team leader's message: the venue whose volunteers it went to. */
  @Column({ name: 'venue_id', type: 'integer', nullable: true })
  venueId: number | null;

  /** As written, merge fields included. */
  @Column({ type: 'varchar', length: 200 })
  subject: string;

  /** Markdown, merge fields included. */
  @Column({ type: 'text' })
  body: string;

  /**
   * The body rendered once, when the message was written (`renderMessageBody` in mail/markdown.ts):
   * HTML and plain text with a slot for each merge value. Null for a message written before renderings
   * were kept, until it is first read.
   */
  @Column({ name: 'rendered_html', type: 'text', nullable: true })
  renderedHtml: string | null;

  @Column({ name: 'rendered_text', type: 'text', nullable: true })
  renderedText: string | null;

  /** The link targets holding merge values, as rendered. */
  @JsonColumn({ name: 'rendered_links', nullable: true })
  renderedLinks: string[] | null;

  @JsonColumn()
  audience: AudienceNode;

  /** The audience in words, as it was described when the message was sent. */
  @Column({ name: 'audience_text', type: 'varchar', length: 1000 })
  audienceText: string;

  @Column({ type: 'varchar', length: 16 })
  state: MessageState;

  @Column({ type: 'integer', default: 0 })
  recipients: number;

  @DateTimeColumn({ name: 'banner_until', nullable: true })
  bannerUntil: Date | null;

  /** An organisers' message that also went out as a notification and a text (to those who consented). */
  @Column({ type: 'boolean', default: false })
  urgent: boolean;

  /** Where the organisers' copy of a team leader's message went. */
  @Column({ name: 'organisers_copy', type: 'varchar', length: 254, nullable: true })
  organisersCopy: string | null;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'finished_at', nullable: true })
  finishedAt: Date | null;

  @DateTimeColumn({ name: 'cancelled_at', nullable: true })
  cancelledAt: Date | null;
}
