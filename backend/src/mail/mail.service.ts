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
  /** What the development outbox prints on the console (a code, a link); never logged when sending for real. */
  summary?: string;
}

export class MailDeliveryError extends Error {}

/**
 * Sends through MAIL_URL when set; otherwise writes each message as an .eml file in DATA_DIR/mail
 * and prints a one-line summary, so a developer can follow the flows without a mail server.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private readonly outbox: string | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    if (config.mailUrl) {
      this.transport = nodemailer.createTransport(config.mailUrl);
      this.outbox = null;
    } else {
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.outbox = join(config.dataDir, 'mail');
    }
  }

  async send(message: MailMessage): Promise<void> {
    let info: { message?: Buffer | string };
    try {
      info = await this.transport.sendMail({ from: this.config.mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html });
    } catch (error) {
      this.logger.warn(`Could not send "${message.subject}" to ${message.to}: ${(error as Error).message}`);
      throw new MailDeliveryError((error as Error).message);
    }
    if (this.outbox) {
      await mkdir(this.outbox, { recursive: true });
      const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
      const file = join(this.outbox, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message ?? '');
      this.logger.log(`To ${message.to}: ${message.subject}${message.summary ? ` — ${message.summary}` : ''} (${file})`);
    }
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
