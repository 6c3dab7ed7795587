import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
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

  async start(actor: AuthUser, sent: Partial<EditionSettings>, copyVenues: boolean): Promise<EditionView & { venuesCopied: number }> {
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
    if (Number(key) <= Number(current.key)) throw AppException.conflict(EDITION_MESSAGES.notNewer, ErrorCode.EditionExists);
    const editions = this.dataSource.getRepository(Edition);
    if (await editions.existsBy({ key })) throw AppException.conflict(EDITION_MESSAGES.keyTaken(key), ErrorCode.EditionExists);

    const now = this.clock.now();
    const { edition, venuesCopied } = await this.dataSource.transaction(async (manager) => {
      const created = await manager.save(
        manager.create(Edition, {
          key,
          name: settings.conference.name,
          settings: JSON.stringify(settings),
          createdAt: now,
          closedAt: null,
        }),
      );
      await manager.update(Edition, { id: current.id }, { closedAt: now });
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
