import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { Clock } from '../clock/clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go when the sender's address takes none (organisers' and team leaders' messages). */
  replyTo?: string;
  /** What the development outbox prints on the console (a code, a link); never logged when sending for real. */
  summary?: string;
}

/** The mail server (or the transport) did not take a message; `responseCode` is the SMTP answer's code when there was one. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly responseCode: number | null = null,
  ) {
    super(message);
  }

  /** A permanent refusal (5xx): sending the same message again would be refused again. */
  get permanent(): boolean {
    return this.responseCode !== null && this.responseCode >= 500 && this.responseCode < 600;
  }
}

/**
 * Sends through MAIL_URL when set; otherwise (never in production, where MAIL_URL is required) writes
 * each message as an .eml file in DATA_DIR/mail and prints a one-line summary with its code or link,
 * so a developer can follow the flows without a mail server.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  /** For emails sent by the thousand (organisers' messages, deadline jobs): connections kept open and reused. */
  private bulkTransport: Transporter | null = null;
  private readonly outbox: string | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    if (config.mailUrl) {
      this.transport = nodemailer.createTransport(config.mailUrl);
      this.outbox = null;
    } else {
      // loadConfig refuses this already; the outbox prints codes and links, which a production log must never hold.
      if (config.production) throw new Error('MAIL_URL must be set in production');
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.outbox = join(config.dataDir, 'mail');
    }
  }

  /** Sends one message; `bulk` (one of many: organisers' messages, a deadline job's emails) over a kept-open connection. */
  async send(message: MailMessage, options: { bulk?: boolean } = {}): Promise<void> {
    let info: { message?: Buffer | string };
    const transport = options.bulk ? this.bulk() : this.transport;
    try {
      info = await transport.sendMail({
        from: this.config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
    } catch (error) {
      this.logger.warn(`Could not send "${message.subject}" to ${message.to}: ${(error as Error).message}`);
      const code = (error as { responseCode?: unknown }).responseCode;
      throw new MailDeliveryError((error as Error).message, typeof code === 'number' ? code : null);
    }
    if (this.outbox) {
      await mkdir(this.outbox, { recursive: true });
      const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
      const file = join(this.outbox, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message ?? '');
      this.logger.log(`To ${message.to}: ${message.subject}${message.summary ? ` — ${message.summary}` : ''} (${file})`);
    }
  }

  private bulk(): Transporter {
    if (!this.config.mailUrl) return this.transport;
    if (!this.bulkTransport) {
      const url = new URL(this.config.mailUrl);
      url.searchParams.set('pool', 'true');
      this.bulkTransport = nodemailer.createTransport(url.toString());
    }
    return this.bulkTransport;
  }

  onModuleDestroy(): void {
    this.transport.close();
    this.bulkTransport?.close();
  }
}
