import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { referenceKey, referenceLink, referenceToken } from '../references/reference-token.js';
import { SettingsService } from '../settings/settings.service.js';
import type { MailContext } from './templates.js';

/** The conference name and contact address of the current edition, for every template. */
@Injectable()
export class MailContextService {
  private readonly referenceKey: Buffer;

  constructor(
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.referenceKey = referenceKey(config.jwtSecret);
  }

  async context(): Promise<MailContext> {
    const settings = await this.settings.get();
    return {
      conferenceName: settings.conference.name,
      contactEmail: settings.contactEmail,
      publicUrl: this.config.publicUrl,
      referenceLink: (referenceId, nonce) => referenceLink(this.config.publicUrl, referenceToken(this.referenceKey, referenceId, nonce)),
    };
  }
}
