import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { SettingsService } from '../settings/settings.service.js';
import type { MailContext } from './templates.js';

/** A referee's personal link, made from the reference's id and its current nonce. */
export type ReferenceLinkMaker = (referenceId: number, nonce: string) => string;

/** The conference name and contact address of the current edition, for every template. */
@Injectable()
export class MailContextService {
  private referenceLinks: ReferenceLinkMaker | undefined;

  constructor(
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Called once by the references module, which signs referees' links (it depends on mail/, so it
   * hands the maker in, as it hands the ledger its refusal handler).
   */
  provideReferenceLinks(maker: ReferenceLinkMaker): void {
    this.referenceLinks = maker;
  }

  async context(): Promise<MailContext> {
    const settings = await this.settings.get();
    return {
      conferenceName: settings.conference.name,
      contactEmail: settings.contactEmail,
      publicUrl: this.config.publicUrl,
      ...(this.referenceLinks ? { referenceLink: this.referenceLinks } : {}),
    };
  }
}
