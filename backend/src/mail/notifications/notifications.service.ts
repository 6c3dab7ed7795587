import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, IsNull, LessThanOrEqual, Or, type Repository } from 'typeorm';
import webpush, { WebPushError } from 'web-push';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NoticeKind,
  type NotificationSettings,
  type NotificationSettingsView,
  type PushDeviceSaved,
  noticeBody,
  wantsNotice,
} from '@svp/domain';
import { Clock } from '../../clock/clock.js';
import type { AuthUser } from '../../common/auth-user.js';
import { AppException } from '../../common/errors/app.exception.js';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { isUniqueViolation } from '../../database/database-errors.js';
import { MailLedgerService, type OwedMail } from '../mail-ledger.service.js';
import { MailSend } from '../mail-send.entity.js';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from './notifications.config.js';
import { NotificationSetting } from './notification-setting.entity.js';
import { PushDevice } from './push-device.entity.js';
import { TextRefused } from './text-provider.js';

/** Something to tell one person on their phone. `about` names it (with the kind, unique per person): the ledger sends it once. */
export interface Notice {
  userId: number;
  kind: NoticeKind;
  /** What the notice is about, unique for this person and kind (e.g. 'shift:12@2026-08-10T15:00:00.000Z'); at most 100 characters. */
  about: string;
  title: string;
  body: string;
  /** The app's page it opens. */
  url: string;
  /** An urgent message: also this text, to those who consented to texts. */
  text?: string;
}

export const NOTIFICATION_MESSAGES = {
  endpoint: 'endpoint must be the https address of a push service (Chrome, Firefox, Edge or Safari)',
  keys: 'keys.p256dh and keys.auth must be the subscription keys the browser gave (base64url)',
  textsUnavailable: 'This portal does not send text messages.',
  textsNeedConsent: 'Texts need a phone number and your consent to texts in your profile.',
  devices: 10,
} as const;

/** A temporary refusal waits this long times the attempts made; after MAX_ATTEMPTS it fails. */
const RETRY_MS = 60_000;
const MAX_ATTEMPTS = 5;
const DELIVER_EVERY_MS = 10_000;
const BATCH = 200;

const hashOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');
const isBase64Url = (value: unknown, bytes: number) =>
  typeof value === 'string' && /^[A-Za-z0-9_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64url').length === bytes;

/**
 * Notifications to phones (Web Push) and text messages, through the mail ledger: each notice is one
 * ledger entry per device of the person (and one per text), written in the transaction of the change
 * it reports under a key naming it, so nobody gets the same notice twice on a device, whichever
 * server sends it and however often the change is told. Each person's choices decide what is owed.
 * Entries are claimed pending → sending before they leave, as emails are.
 */
@Injectable()
export class NotificationsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Notifications');
  private timer: NodeJS.Timeout | null = null;
  private delivering: Promise<number> | null = null;
  private again = false;

  constructor(
    @InjectRepository(PushDevice) private readonly devices: Repository<PushDevice>,
    @InjectRepository(NotificationSetting) private readonly choices: Repository<NotificationSetting>,
    @InjectRepository(MailSend) private readonly sends: Repository<MailSend>,
    private readonly ledger: MailLedgerService,
    private readonly clock: Clock,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.app.jobsEnabled) return;
    this.timer = setInterval(() => void this.deliver(), DELIVER_EVERY_MS);
    this.timer.unref?.();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.delivering;
  }

  // ---- Choices and devices ----

  async settingsOf(userIds: readonly number[], manager: EntityManager = this.choices.manager): Promise<Map<number, NotificationSettings>> {
    const found = userIds.length ? await manager.findBy(NotificationSetting, { userId: In([...new Set(userIds)]) }) : [];
    const byUser = new Map(found.map((row) => [row.userId, { ...DEFAULT_NOTIFICATION_SETTINGS, ...row.settings }]));
    return new Map(userIds.map((id) => [id, byUser.get(id) ?? { ...DEFAULT_NOTIFICATION_SETTINGS }]));
  }

  /** The profile's phone number and consent to texts (users/ sits above this module: read by its columns). */
  private async textConsent(userIds: readonly number[], manager: EntityManager): Promise<Map<number, string>> {
    if (!userIds.length) return new Map();
    const rows = await manager.query<{ id: number | string; phone_number: string | null; can_text: number | boolean | string }[]>(
      `SELECT id, phone_number, can_text FROM users WHERE id IN (${userIds.map(() => '?').join(', ')})`,
      [...userIds],
    );
    return new Map(
      rows.flatMap((row) =>
        row.phone_number?.trim() && (row.can_text === true || Number(row.can_text) === 1)
          ? [[Number(row.id), row.phone_number.trim()]]
          : [],
      ),
    );
  }

  async view(caller: AuthUser): Promise<NotificationSettingsView> {
    const [settings, devices, consent] = await Promise.all([
      this.settingsOf([caller.id]),
      this.devices.countBy({ userId: caller.id }),
      this.textConsent([caller.id], this.choices.manager),
    ]);
    return {
      settings: settings.get(caller.id)!,
      push: { publicKey: this.config.vapid.publicKey, devices },
      texts: { available: this.config.text.available, consented: consent.has(caller.id) },
    };
  }

  async update(caller: AuthUser, settings: NotificationSettings): Promise<NotificationSettingsView> {
    if (settings.texts) {
      if (!this.config.text.available)
        throw AppException.badRequest(NOTIFICATION_MESSAGES.textsUnavailable, { texts: NOTIFICATION_MESSAGES.textsUnavailable });
      if (!(await this.textConsent([caller.id], this.choices.manager)).has(caller.id))
        throw AppException.badRequest(NOTIFICATION_MESSAGES.textsNeedConsent, { texts: NOTIFICATION_MESSAGES.textsNeedConsent });
    }
    const row = { userId: caller.id, settings: { ...DEFAULT_NOTIFICATION_SETTINGS, ...settings }, updatedAt: this.clock.now() };
    await this.choices.save(this.choices.create(row));
    return this.view(caller);
  }

  /** Whether a push endpoint may be posted to: https (http only for a loopback host the configuration names) on a push service's host. */
  endpointAllowed(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    const host = url.hostname.toLowerCase();
    const listed = this.config.pushHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
    const loopback = host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
    return listed && !url.username && !url.password && (url.protocol === 'https:' || (url.protocol === 'http:' && loopback));
  }

  async addDevice(caller: AuthUser, endpoint: string, keys: { p256dh?: unknown; auth?: unknown }): Promise<PushDeviceSaved> {
    if (!this.endpointAllowed(endpoint))
      throw AppException.badRequest(NOTIFICATION_MESSAGES.endpoint, { endpoint: NOTIFICATION_MESSAGES.endpoint });
    if (!isBase64Url(keys.p256dh, 65) || !isBase64Url(keys.auth, 16))
      throw AppException.badRequest(NOTIFICATION_MESSAGES.keys, { keys: NOTIFICATION_MESSAGES.keys });
    const endpointHash = hashOf(endpoint);
    const values = { userId: caller.id, endpoint, p256dh: keys.p256dh as string, auth: keys.auth as string, failures: 0 };
    let device = await this.devices.findOneBy({ endpointHash });
    if (device) {
      // The same browser signed in as someone else now: its notifications are theirs.
      await this.devices.update({ id: device.id }, values);
    } else {
      try {
        device = await this.devices.save(this.devices.create({ ...values, endpointHash, createdAt: this.clock.now(), lastSentAt: null }));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        device = (await this.devices.findOneBy({ endpointHash }))!;
        await this.devices.update({ id: device.id }, values);
      }
    }
    // At most NOTIFICATION_MESSAGES.devices per person: the oldest go.
    const mine = await this.devices.find({ where: { userId: caller.id }, order: { id: 'DESC' }, select: { id: true } });
    const extra = mine.slice(NOTIFICATION_MESSAGES.devices).map((d) => d.id);
    if (extra.length) await this.devices.delete({ id: In(extra) });
    return { id: device.id, devices: Math.min(mine.length, NOTIFICATION_MESSAGES.devices) };
  }

  async removeDevice(caller: AuthUser, endpoint: string): Promise<{ devices: number }> {
    await this.devices.delete({ userId: caller.id, endpointHash: hashOf(endpoint) });
    return { devices: await this.devices.countBy({ userId: caller.id }) };
  }

  // ---- Owing and delivering ----

  /**
   * Writes the notices owed into the mail ledger, in `manager`'s transaction: one entry per device of
   * each person whose choices let the notice through, and for an urgent one a text to those who
   * consented and left texts on. Answers the entries written (none for a notice the ledger already has).
   */
  async owe(manager: EntityManager, edition: string, notices: readonly Notice[]): Promise<MailSend[]> {
    if (!notices.length) return [];
    const userIds = [...new Set(notices.map((n) => n.userId))];
    const [settings, devices, phones] = await Promise.all([
      this.settingsOf(userIds, manager),
      manager.find(PushDevice, { where: { userId: In(userIds) }, select: { id: true, userId: true } }),
      notices.some((n) => n.text !== undefined) ? this.textConsent(userIds, manager) : Promise.resolve(new Map<number, string>()),
    ]);
    const owed: OwedMail[] = [];
    for (const notice of notices) {
      const choice = settings.get(notice.userId)!;
      if (!wantsNotice(choice, notice.kind)) continue;
      for (const device of devices.filter((d) => d.userId === notice.userId))
        owed.push({
          userId: notice.userId,
          recipient: `device:${device.id}`,
          kind: 'push',
          params: {
            notice: notice.kind,
            about: notice.about,
            deviceId: device.id,
            title: notice.title,
            body: noticeBody(notice.body),
            url: notice.url,
          },
        });
      const phone = phones.get(notice.userId);
      if (notice.text !== undefined && choice.texts && phone && this.config.text.available)
        owed.push({ userId: notice.userId, recipient: phone, kind: 'text', params: { about: notice.about, body: notice.text } });
    }
    return this.ledger.oweMany(manager, { edition, at: this.clock.now(), jobRunId: null }, owed);
  }

  /**
   * Delivers what is owed soon (after the change that owes it has committed), on a server that runs the
   * jobs; the others leave it to those, whose timer finds it within DELIVER_EVERY_MS.
   */
  kick(): void {
    if (this.app.jobsEnabled) setImmediate(() => void this.deliver());
  }

  /** Delivers every notice and text that is due, one round at a time on this server; answers how many went out. */
  deliver(): Promise<number> {
    if (this.delivering) {
      this.again = true;
      return this.delivering;
    }
    this.delivering = (async () => {
      let total = 0;
      do {
        this.again = false;
        total += await this.deliverRound();
      } while (this.again);
      return total;
    })().finally(() => {
      this.delivering = null;
    });
    return this.delivering;
  }

  private async deliverRound(): Promise<number> {
    const now = this.clock.now();
    let due: MailSend[];
    try {
      due = await this.sends.find({
        where: { kind: In(['push', 'text']), status: 'pending', retryAt: Or(IsNull(), LessThanOrEqual(now)) },
        order: { id: 'ASC' },
        take: BATCH,
      });
    } catch (error) {
      this.logger.warn(`Notifications could not be read: ${(error as Error).message}`);
      return 0;
    }
    let sent = 0;
    for (const send of due) if (await this.deliverOne(send)) sent += 1;
    return sent;
  }

  /** Claims one entry (pending → sending) and sends it; a temporary refusal goes back to pending, a permanent one fails. */
  private async deliverOne(send: MailSend): Promise<boolean> {
    const taken = await this.sends.update(
      { id: send.id, status: 'pending' },
      { status: 'sending', attempts: send.attempts + 1, claimedAt: this.clock.now() },
    );
    if (!taken.affected) return false;
    const params = send.params as Record<string, unknown>;
    try {
      if (send.kind === 'push') await this.push(params);
      else await this.config.text.send({ to: send.recipient, body: String(params.body) });
    } catch (error) {
      const gone = error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410);
      const permanent =
        gone ||
        (error instanceof WebPushError && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429) ||
        (error instanceof TextRefused && error.permanent) ||
        error instanceof DeviceGone ||
        send.attempts + 1 >= MAX_ATTEMPTS;
      // The push service says the subscription is over: the phone no longer wants them.
      if (gone) await this.devices.delete({ id: Number(params.deviceId) });
      const message = (error as Error).message.slice(0, 500);
      await this.sends.update(
        { id: send.id, status: 'sending' },
        permanent
          ? { status: 'failed', lastError: message }
          : { status: 'pending', lastError: message, retryAt: new Date(this.clock.now().getTime() + RETRY_MS * (send.attempts + 1)) },
      );
      return false;
    }
    await this.sends.update({ id: send.id, status: 'sending' }, { status: 'sent', sentAt: this.clock.now() });
    if (send.kind === 'push') await this.devices.update({ id: Number(params.deviceId) }, { lastSentAt: this.clock.now(), failures: 0 });
    return true;
  }

  private async push(params: Record<string, unknown>): Promise<void> {
    const device = await this.devices.findOneBy({ id: Number(params.deviceId) });
    if (!device) throw new DeviceGone();
    const payload = JSON.stringify({ title: params.title, body: params.body, url: params.url, tag: `${params.notice}:${params.about}` });
    await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
      vapidDetails: this.config.vapid,
      TTL: 6 * 3600,
      urgency: params.notice === 'urgent' || params.notice === 'reminder' ? 'high' : 'normal',
      timeout: 10_000,
      ...(this.config.agent ? { agent: this.config.agent } : {}),
    });
  }
}

/** The device was removed (its owner turned notifications off) before its notice left. */
class DeviceGone extends Error {
  constructor() {
    super('The device no longer receives notifications');
  }
}
