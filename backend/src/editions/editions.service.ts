import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, IsNull } from 'typeorm';
import {
  EDITION_MESSAGES,
  type EditionSettings,
  type EditionView,
  type NextEditionProposal,
  editionOf,
  nextEditionSettings,
  normaliseTimeline,
} from '@svp/domain';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import type { ListQuery } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { bumpScheduleRevision } from '../schedule/schedule-revision.js';
import { Venue } from '../schedule/venue.entity.js';
import { Edition } from '../settings/edition.entity.js';
import { SettingsService, merge, settingsProblems } from '../settings/settings.service.js';

/**
 * The editions of the programme: the list, what a new one would start from, and starting it.
 * Starting one makes it the current edition at once (the newest is current); the previous one keeps
 * everything it holds and becomes read-only. Venues can be copied over; nothing else is.
 */
@Injectable()
export class EditionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list(query: ListQuery): Promise<{ rows: EditionView[]; total: number }> {
    const [rows, total] = await this.dataSource
      .getRepository(Edition)
      .findAndCount({ order: { id: query.sort.order }, skip: query.offset, take: query.limit });
    const currentId = await this.settings.currentId();
    return { rows: rows.map((edition) => view(edition, currentId)), total };
  }

  /** The current edition's settings with every date a year later, and how many venues could be copied. */
  async next(): Promise<NextEditionProposal> {
    const current = await this.settings.current();
    const venues = await this.dataSource.getRepository(Venue).countBy({ editionId: current.id });
    return { settings: nextEditionSettings(current.settings), venues };
  }

  /** Starts in this process, one after the other (another server's are kept apart by the database: see startNow). */
  private starting: Promise<unknown> = Promise.resolve();

  start(actor: AuthUser, sent: Partial<EditionSettings>, copyVenues: boolean): Promise<EditionView & { venuesCopied: number }> {
    const run = this.starting.then(() => this.startNow(actor, sent, copyVenues));
    this.starting = run.catch(() => undefined);
    return run;
  }

  private async startNow(actor: AuthUser, sent: Partial<EditionSettings>, copyVenues: boolean) {
    // Read afresh: a start that finished just before this one has made another edition current.
    this.settings.editionChanged();
    const current = await this.settings.current();
    // What was sent, over the proposal: a form that leaves a field out keeps the proposed value.
    const settings = merge(nextEditionSettings(current.settings), sent);
    const problems = settingsProblems(settings);
    if (problems.length) {
      throw AppException.badRequest(
        problems.map((p) => p.message).join('; '),
        Object.fromEntries(problems.map((p) => [`settings.${p.field}`, p.message])),
      );
    }
    settings.timeline = normaliseTimeline(settings.timeline);
    const key = editionOf(settings.timeline);
    // The same edition asked for twice (a second click while the first was starting it): it exists now.
    if (key === current.key) throw AppException.conflict(EDITION_MESSAGES.keyTaken(key), ErrorCode.EditionExists);
    if (Number(key) <= Number(current.key)) throw AppException.conflict(EDITION_MESSAGES.notNewer, ErrorCode.EditionExists);
    const editions = this.dataSource.getRepository(Edition);
    if (await editions.existsBy({ key })) throw AppException.conflict(EDITION_MESSAGES.keyTaken(key), ErrorCode.EditionExists);

    const now = this.clock.now();
    const started = () => AppException.conflict(EDITION_MESSAGES.alreadyStarted(current.name), ErrorCode.EditionExists);
    const { edition, venuesCopied } = await this.dataSource
      .transaction(async (manager) => {
        // Closing the current edition is the compare-and-set: of two starts at once, one closes it, the other finds it closed.
        const closing = await manager.update(Edition, { id: current.id, closedAt: IsNull() }, { closedAt: now });
        if (!closing.affected) throw started();
        const created = await manager.save(
          manager.create(Edition, {
            key,
            name: settings.conference.name,
            settings: JSON.stringify(settings),
            createdAt: now,
            closedAt: null,
          }),
        );
        let copied = 0;
        if (copyVenues) {
          const venues = await manager.find(Venue, { where: { editionId: current.id }, order: { id: 'ASC' } });
          if (venues.length) {
            await manager.insert(
              Venue,
              venues.map((venue) => ({
                editionId: created.id,
                name: venue.name,
                location: venue.location,
                preference: venue.preference,
                createdAt: now,
                updatedAt: now,
              })),
            );
          }
          copied = venues.length;
        }
        // Every schedule kept in memory belongs to the edition that ended.
        await bumpScheduleRevision(manager);
        await this.audit.record(
          { id: actor.id, email: actor.email },
          {
            action: 'edition.start',
            entity: 'edition',
            entityId: created.id,
            before: { key: current.key, name: current.name },
            after: { key, name: created.name, venuesCopied: copied },
          },
          manager,
        );
        return { edition: created, venuesCopied: copied };
      })
      .catch((error: unknown) => {
        // The other start committed its edition first (the same key, on a database that let both through the check above).
        if (isUniqueViolation(error)) throw started();
        throw error;
      });
    this.settings.editionChanged();
    await this.settings.notifyChange();
    return { ...view(edition, edition.id), venuesCopied };
  }
}

function view(edition: Edition, currentId: number): EditionView {
  return {
    id: edition.id,
    key: edition.key,
    name: edition.name,
    current: edition.id === currentId,
    createdAt: edition.createdAt.toISOString(),
    closedAt: edition.closedAt?.toISOString() ?? null,
  };
}
