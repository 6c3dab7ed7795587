import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  type EditionSettings,
  type Gates,
  STATUS_CATALOGUES,
  EDITION_MESSAGES,
  defaultSettings,
  firstNullSetting,
  gates,
  mergeSettings,
  settingsAfterChange,
  settingsProblems,
  storedSettings,
} from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { nullMessage } from '../common/validators/not-null.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { Clock } from '../clock/clock.js';
import { AuditService } from '../audit/audit.service.js';
import { KeptValues } from '../common/kept-values.js';
import type { UpdateSettingsDto } from './dto/update-settings.dto.js';
import { Edition } from './edition.entity.js';
import { EditionRole } from './edition-role.entity.js';

const CURRENT = 'current';

/** The rules of a change (domain/src/settings/changes.ts), for the editions service, which starts an edition by them too. */
export { mergeSettings as merge, settingsProblems };

/** The current edition: its id and key, the conference's name, and its settings. */
export interface CurrentEdition {
  id: number;
  key: string;
  name: string;
  settings: EditionSettings;
}

/**
 * How long a process reuses the stored settings before reading them again. Every gated request needs
 * them and they change a few times a year; a write through this service takes effect here at once,
 * and in other processes within this time.
 */
export const SETTINGS_TTL_MS = 2_000;

@Injectable()
export class SettingsService {
  constructor(
    @InjectRepository(Edition) private readonly editions: Repository<Edition>,
    @InjectRepository(EditionRole) private readonly roles: Repository<EditionRole>,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The current edition with its settings read over the defaults: parsed once per reading, frozen, shared by every caller. */
  private readonly stored = new KeptValues<typeof CURRENT, CurrentEdition>(SETTINGS_TTL_MS, 1);
  private readonly changeListeners = new Set<(settings: EditionSettings) => void>();

  /** Calls `listener` after each change written through this process (the deadline jobs reschedule on it); returns the unsubscribe. */
  onChange(listener: (settings: EditionSettings) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** The current edition's settings: what is stored, over the defaults (domain/src/settings.ts). */
  async get(): Promise<EditionSettings> {
    return (await this.current()).settings;
  }

  /** The current edition (the newest): id, key, name and settings. */
  current(): Promise<CurrentEdition> {
    return this.stored.get(CURRENT, async () => {
      const [edition] = await this.editions.find({ order: { id: 'DESC' }, take: 1 });
      if (!edition) throw new Error('No edition is stored: the migrations have not run.');
      return this.view(edition);
    });
  }

  /**
   * The current edition's key ('2026'), fixed when it was started: deadline jobs and the mail ledger
   * tell one year's runs and emails from another's by it, whatever its dates are moved to later.
   */
  async editionKey(): Promise<string> {
    return (await this.current()).key;
  }

  /** The current edition's id, which every edition's record carries. */
  async currentId(): Promise<number> {
    return (await this.current()).id;
  }

  /** Editions that are over, by id: read-only, so they are read once per process. */
  private readonly closed = new Map<number, CurrentEdition>();

  /** An edition by id (an earlier one is read-only), or null. */
  async edition(id: number): Promise<CurrentEdition | null> {
    const current = await this.current();
    if (current.id === id) return current;
    const kept = this.closed.get(id);
    if (kept) return kept;
    const edition = await this.editions.findOneBy({ id });
    if (!edition) return null;
    const read = this.view(edition);
    if (edition.closedAt && this.closed.size < 1000) this.closed.set(id, read);
    return read;
  }

  /** An edition by its key ('2026'), or null. */
  async editionByKey(key: string): Promise<CurrentEdition | null> {
    const current = await this.current();
    if (current.key === key) return current;
    const edition = await this.editions.findOneBy({ key });
    return edition ? this.view(edition) : null;
  }

  /** Whether a record of this edition may still change: only the current edition's may. */
  async isCurrent(editionId: number): Promise<boolean> {
    return editionId === (await this.current()).id;
  }

  /**
   * The one guard of every write to a record that belongs to an edition: a record of an edition that
   * is over is read-only for everyone (409 EDITION_READ_ONLY).
   */
  async assertCurrent(editionId: number): Promise<void> {
    const current = await this.current();
    if (editionId === current.id) return;
    const edition = await this.editions.findOneBy({ id: editionId });
    throw AppException.conflict(EDITION_MESSAGES.readOnly(edition?.name ?? 'That edition'), ErrorCode.EditionReadOnly);
  }

  /** The edition an admin read asks for (`edition` in its filter or query), the current one without it; 404 for an unknown one. */
  async editionFor(requested: unknown): Promise<CurrentEdition> {
    if (requested === undefined || requested === null || requested === '') return this.current();
    const id = Number(requested);
    const edition = Number.isInteger(id) && id > 0 ? await this.edition(id) : null;
    if (!edition) throw AppException.notFound(EDITION_MESSAGES.unknown);
    return edition;
  }

  /**
   * The team leaders of an edition (user ids): the current edition's are the users holding the role
   * now; an edition that is over keeps those it had when the next one started (docs/decisions.md, 'Editions').
   */
  async teamLeaderIds(editionId: number): Promise<Set<number>> {
    if (await this.isCurrent(editionId)) {
      const rows = await this.editions.manager
        .createQueryBuilder()
        .select('u.id', 'id')
        .from('users', 'u')
        .where('u.role = :role', { role: 'Team-Leader' })
        .getRawMany<{ id: number | string }>();
      return new Set(rows.map((row) => Number(row.id)));
    }
    const rows = await this.roles.find({ where: { editionId, role: 'Team-Leader' }, select: { userId: true } });
    return new Set(rows.map((row) => row.userId));
  }

  /** Forgets the current edition this process keeps, so the next read sees a newly started one. */
  editionChanged(): void {
    this.stored.forget(CURRENT);
  }

  /** Tells the listeners (the deadline jobs) that the settings in force changed. */
  async notifyChange(): Promise<void> {
    const settings = await this.get();
    for (const listener of this.changeListeners) listener(settings);
  }

  private view(edition: Edition): CurrentEdition {
    return { id: edition.id, key: edition.key, name: edition.name, settings: this.read(edition.settings) };
  }

  /** Settings as stored (JSON), read over the defaults. */
  read(value: string | null): EditionSettings {
    const stored = value ? (JSON.parse(value) as Partial<EditionSettings>) : {};
    return deepFreeze(storedSettings(stored, defaultSettings(this.config.contactEmail)));
  }

  /** The time gates now, on the server's clock. */
  async gates(): Promise<{ settings: EditionSettings; gates: Gates; now: Date }> {
    const settings = await this.get();
    const now = this.clock.now();
    return { settings, gates: gates(settings.timeline, now), now };
  }

  async update(change: UpdateSettingsDto, actor: AuthUser): Promise<EditionSettings> {
    const edition = await this.current();
    const before = edition.settings;
    const { id: _id, ...fields } = change;
    // Every setting holds a value: null would be stored as it is and break every page that reads it.
    const nullField = firstNullSetting(fields);
    if (nullField) throw AppException.badRequest(nullMessage(nullField), { [nullField]: nullMessage(nullField) });
    const { settings: next, problems } = settingsAfterChange(before, fields as Partial<EditionSettings>);
    if (problems.length) {
      const errors = Object.fromEntries(problems.map((p) => [p.field, p.message]));
      throw AppException.badRequest(problems.map((p) => p.message).join('; '), errors);
    }
    const value = JSON.stringify(next);
    await this.editions.update({ id: edition.id }, { settings: value, name: next.conference.name });
    this.stored.set(CURRENT, { ...edition, name: next.conference.name, settings: this.read(value) });
    await this.audit.record(actor, { action: 'settings.update', entity: 'settings', entityId: edition.key, before, after: next });
    for (const listener of this.changeListeners) listener(next);
    return next;
  }

  /** What anyone may read: everything but internal switches. */
  async publicView() {
    const { settings, gates, now } = await this.gates();
    const edition = await this.current();
    return {
      now: now.toISOString(),
      edition: { id: edition.id, key: edition.key, name: edition.name },
      timeline: settings.timeline,
      gates,
      conference: settings.conference,
      swapsEnabled: settings.swapsEnabled,
      statusCatalogue: settings.statusCatalogue,
      statusLabels: STATUS_CATALOGUES[settings.statusCatalogue].map(({ id, label, state, tag }) => ({ id, label, state, tag })),
      contactEmail: settings.contactEmail,
      mailingListUrl: settings.mailingListUrl,
      programmeUrl: settings.programmeUrl,
      resultTexts: settings.resultTexts,
      retention: settings.retention,
    };
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
