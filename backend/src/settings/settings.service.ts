import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  type EditionSettings,
  type Gates,
  STATUS_CATALOGUES,
  completeTimeline,
  defaultReferencesDeadline,
  defaultSettings,
  gates,
  normaliseTimeline,
  validateConference,
  validateTimeline,
} from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { AppException } from '../common/errors/app.exception.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { Clock } from '../clock/clock.js';
import { AuditService } from '../audit/audit.service.js';
import { KeptValues } from '../common/kept-values.js';
import type { UpdateSettingsDto } from './dto/update-settings.dto.js';
import { Setting } from './setting.entity.js';

const EDITION = 'edition';

/**
 * How long a process reuses the stored settings before reading them again. Every gated request needs
 * them and they change a few times a year; a write through this service takes effect here at once,
 * and in other processes within this time.
 */
export const SETTINGS_TTL_MS = 2_000;

@Injectable()
export class SettingsService {
  constructor(
    @InjectRepository(Setting) private readonly settings: Repository<Setting>,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** What is stored, read over the defaults: parsed once per reading, frozen, shared by every caller. */
  private readonly stored = new KeptValues<typeof EDITION, EditionSettings>(SETTINGS_TTL_MS, 1);
  private readonly changeListeners = new Set<(settings: EditionSettings) => void>();

  /** Calls `listener` after each change written through this process (the deadline jobs reschedule on it); returns the unsubscribe. */
  onChange(listener: (settings: EditionSettings) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** The edition settings: what is stored, over the spec's defaults. */
  get(): Promise<EditionSettings> {
    return this.stored.get(EDITION, async () => this.read((await this.settings.findOneBy({ name: EDITION }))?.value ?? null));
  }

  private read(value: string | null): EditionSettings {
    const stored = value ? (JSON.parse(value) as Partial<EditionSettings>) : {};
    const defaults = defaultSettings(this.config.contactEmail);
    // A timeline stored before a date was added gets one that fits its other dates, not the default edition's.
    return deepFreeze({ ...merge(defaults, stored), timeline: completeTimeline(defined(stored.timeline), defaults.timeline) });
  }

  /** The time gates now, on the server's clock. */
  async gates(): Promise<{ settings: EditionSettings; gates: Gates; now: Date }> {
    const settings = await this.get();
    const now = this.clock.now();
    return { settings, gates: gates(settings.timeline, now), now };
  }

  async update(change: UpdateSettingsDto, actor: AuthUser): Promise<EditionSettings> {
    const before = await this.get();
    const { id: _id, ...fields } = change;
    const next = merge(before, fields as Partial<EditionSettings>);
    // A change that moves the dates around the references' closing date without naming it (a client or
    // script older than that date) carries it along when it would fall out of order, instead of failing.
    const sentTimeline = (fields as Partial<EditionSettings>).timeline;
    if (sentTimeline && sentTimeline.referencesDeadline === undefined && validateTimeline(next.timeline).some((p) => p.field === 'referencesDeadline')) {
      if (!validateTimeline({ ...next.timeline, referencesDeadline: undefined }).some((p) => p.field !== 'referencesDeadline')) {
        next.timeline = { ...next.timeline, referencesDeadline: defaultReferencesDeadline(next.timeline) };
      }
    }
    const problems = [
      ...validateTimeline(next.timeline).map((p) => ({ field: `timeline.${p.field}`, message: p.message })),
      ...validateConference(next.conference).map((p) => ({ field: `conference.${p.field}`, message: p.message })),
    ];
    if (problems.length) {
      const errors = Object.fromEntries(problems.map((p) => [p.field, p.message]));
      throw AppException.badRequest(problems.map((p) => p.message).join('; '), errors);
    }
    next.timeline = normaliseTimeline(next.timeline);
    const value = JSON.stringify(next);
    await this.settings.save({ name: EDITION, value, updatedAt: this.clock.now() });
    this.stored.set(EDITION, this.read(value));
    await this.audit.record(actor, { action: 'settings.update', entity: 'settings', entityId: EDITION, before, after: next });
    for (const listener of this.changeListeners) listener(next);
    return next;
  }

  /** What anyone may read: everything but internal switches. */
  async publicView() {
    const { settings, gates, now } = await this.gates();
    return {
      now: now.toISOString(),
      timeline: settings.timeline,
      gates,
      conference: settings.conference,
      swapsEnabled: settings.swapsEnabled,
      statusCatalogue: settings.statusCatalogue,
      statusLabels: STATUS_CATALOGUES[settings.statusCatalogue].map(({ id, label, state, tag }) => ({ id, label, state, tag })),
      contactEmail: settings.contactEmail,
      mailingListUrl: settings.mailingListUrl,
      resultTexts: settings.resultTexts,
    };
  }
}

function merge(base: EditionSettings, change: Partial<EditionSettings>): EditionSettings {
  return {
    ...base,
    ...defined(change),
    timeline: { ...base.timeline, ...defined(change.timeline) },
    conference: { ...base.conference, ...defined(change.conference) },
    resultTexts: { ...base.resultTexts, ...defined(change.resultTexts) },
  };
}

/** The keys that carry a value: a field left out of a change keeps its current value. */
function defined<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
