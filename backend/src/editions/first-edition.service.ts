import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { comingEdition, defaultSettings, editionOf, formatUtcDateTime, normaliseTimeline } from '@svp/domain';
import { Clock } from '../clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { allOccurrences } from '../jobs/job-catalogue.js';
import { recordNotRun } from '../jobs/job-runs.service.js';
import { Edition } from '../settings/edition.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';

/** The settings a migration stores for the first edition of an empty database: none, so the defaults are read. */
const NEVER_SET = '{}';

export interface FirstEdition {
  key: string;
  name: string;
  applicationsOpen: string;
  /** Deadline jobs whose dates had passed at the install: recorded as skipped, never run. */
  skippedJobs: number;
}

/**
 * The first start of an empty database (docs/decisions.md, 'Editions'): the first edition becomes the
 * coming one, the default edition's pattern moved by whole weeks to the next conference still ahead of
 * the server's clock, so a new install never opens on a finished season. A date of it that has passed
 * already (a portal installed mid-season) never fires its deadline job: the occurrence is recorded as
 * skipped, saying why. Moving such a date later makes a new occurrence, which runs as any other.
 */
@Injectable()
export class FirstEditionService {
  private readonly logger = new Logger('Bootstrap');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Makes the first edition the coming one on an empty database; null when the portal already has its edition. */
  async ensureComingEdition(): Promise<FirstEdition | null> {
    const editions = await this.dataSource.getRepository(Edition).find({ order: { id: 'ASC' }, take: 2 });
    const [first] = editions;
    if (editions.length !== 1 || first!.settings !== NEVER_SET) return null;
    // A portal with people on it whose settings were never saved keeps the edition it has been running.
    if ((await this.dataSource.getRepository(User).count()) > 0) return null;
    const now = this.clock.now();
    const coming = comingEdition(defaultSettings(this.config.contactEmail), now);
    const timeline = normaliseTimeline(coming.timeline);
    const key = editionOf(timeline);
    // The contact address is left out: until the organisers set one, CONTACT_EMAIL stays the edition's.
    const { contactEmail: _contact, ...stored } = { ...coming, timeline };
    const passed = allOccurrences(timeline).filter((occurrence) => occurrence.dueAt.getTime() <= now.getTime());
    const started = await this.dataSource.transaction(async (manager) => {
      // Servers starting together on an empty database: one writes the edition, the others find it written.
      const written = await manager.update(
        Edition,
        { id: first!.id, settings: NEVER_SET },
        { key, name: coming.conference.name, settings: JSON.stringify(stored), createdAt: now },
      );
      if (!written.affected) return false;
      await recordNotRun(
        manager,
        passed,
        key,
        now,
        `Not run: its date had passed when the portal was installed (${formatUtcDateTime(now)}), so there was nothing to do. ` +
          'Moving the date makes it run again.',
      );
      return true;
    });
    this.settings.editionChanged();
    if (!started) return null;
    this.logger.log(`The first edition is ${coming.conference.name} (key ${key})`);
    return { key, name: coming.conference.name, applicationsOpen: timeline.applicationLaunchDate, skippedJobs: passed.length };
  }
}
