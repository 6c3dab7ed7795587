import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, LessThanOrEqual, type Repository } from 'typeorm';
import type { DataExportView, MyData } from '@svp/domain';
import { AfterAnswer } from '../common/after-answer.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { Clock } from '../clock/clock.js';
import { ProofStorage } from '../files/storage/proof-storage.js';
import { MailLedgerService } from '../mail/mail-ledger.service.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { SettingsService } from '../settings/settings.service.js';
import { consentsOf } from '../users/consents.js';
import { User } from '../users/user.entity.js';
import { DataExport } from './data-export.entity.js';
import { PersonalArchiveService } from './personal-archive.service.js';

/** How many days a ready archive can be downloaded; its file is deleted then. */
export const EXPORT_VALID_DAYS = 7;
/** How long a server may prepare an archive without finishing; another takes over after it. */
export const EXPORT_LEASE_MS = 5 * 60_000;
/** Attempts at preparing one archive before it is marked failed. */
export const EXPORT_ATTEMPTS = 3;
/** Archives a person may ask for in a day, counted across every server (the shared rate limits). */
export const EXPORTS_PER_DAY = 5;
/** Downloads of archives a person may make in a minute. */
export const EXPORT_DOWNLOADS_PER_MINUTE = 10;

const DAY_MS = 86_400_000;

export const EXPORT_MESSAGES = {
  notFound: 'There is no such archive of your data.',
  preparing: 'Your archive is still being prepared. You will get an email when it is ready.',
  failed: 'Your archive could not be prepared. Ask for a new one; if it fails again, write to the organisers.',
  expired: `This archive was deleted ${EXPORT_VALID_DAYS} days after it was made. Ask for a new one.`,
  tooMany: `You can ask for ${EXPORTS_PER_DAY} archives of your data a day. Please try again tomorrow.`,
  tooManyDownloads: 'Too many downloads. Please wait a minute and try again.',
} as const;

/**
 * "My data": the archive of everything the portal holds about a person, asked for by them, prepared
 * in the background (one server at a time, with a lease another server takes over when it runs
 * out), announced by email through the mail ledger, downloadable by its owner for EXPORT_VALID_DAYS,
 * then deleted (docs/api.md, 'Personal data').
 */
@Injectable()
export class DataExportsService {
  private readonly logger = new Logger('MyData');
  /** Names this process (and this application context, when a test starts two in one process). */
  private readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`.slice(0, 100);

  constructor(
    @InjectRepository(DataExport) private readonly exports: Repository<DataExport>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly archives: PersonalArchiveService,
    @Inject(ProofStorage) private readonly storage: ProofStorage,
    private readonly ledger: MailLedgerService,
    private readonly settings: SettingsService,
    private readonly limiter: RateLimiter,
    private readonly afterAnswer: AfterAnswer,
    private readonly clock: Clock,
  ) {}

  /** The caller's agreements and archives. */
  async myData(caller: AuthUser): Promise<MyData> {
    const rows = await this.exports.find({ where: { userId: caller.id }, order: { id: 'DESC' }, take: 20 });
    return {
      consents: await consentsOf(this.exports.manager, caller.id),
      exports: rows.map((row) => this.view(row)),
      validDays: EXPORT_VALID_DAYS,
    };
  }

  /** Asks for a new archive, prepared after the answer; one still being prepared is answered instead of a second. */
  async request(caller: AuthUser): Promise<DataExportView> {
    const preparing = await this.exports.findOne({ where: { userId: caller.id, state: 'preparing' }, order: { id: 'DESC' } });
    if (preparing) return this.view(preparing);
    if (await this.limiter.attempt([`data-export|user|${caller.id}`], EXPORTS_PER_DAY, DAY_MS)) {
      throw new AppException(429, ErrorCode.TooManyRequests, EXPORT_MESSAGES.tooMany);
    }
    const now = this.clock.now();
    const row = await this.exports.save(
      this.exports.create({
        userId: caller.id,
        state: 'preparing',
        requestedAt: now,
        readyAt: null,
        expiresAt: null,
        storageKey: null,
        size: null,
        message: null,
        owner: this.owner,
        leaseUntil: new Date(now.getTime() + EXPORT_LEASE_MS),
        attempts: 0,
      }),
    );
    this.afterAnswer.run(`Preparing archive ${row.id}`, () => this.prepare(row.id));
    return this.view(row);
  }

  /** The archive's bytes, for its owner only, while it can be downloaded. */
  async download(caller: AuthUser, id: number): Promise<{ fileName: string; bytes: Buffer }> {
    const row = await this.exports.findOneBy({ id, userId: caller.id });
    if (!row) throw AppException.notFound(EXPORT_MESSAGES.notFound);
    const view = this.view(row);
    if (view.state === 'expired') throw new AppException(410, ErrorCode.ExportExpired, EXPORT_MESSAGES.expired);
    if (view.state !== 'ready' || !row.storageKey)
      throw AppException.conflict(view.state === 'failed' ? EXPORT_MESSAGES.failed : EXPORT_MESSAGES.preparing, ErrorCode.ExportNotReady);
    if (await this.limiter.attempt([`data-export-download|user|${caller.id}`], EXPORT_DOWNLOADS_PER_MINUTE)) {
      throw new AppException(429, ErrorCode.TooManyRequests, EXPORT_MESSAGES.tooManyDownloads);
    }
    const bytes = await this.storage.read(row.storageKey);
    if (!bytes) throw new AppException(410, ErrorCode.ExportExpired, EXPORT_MESSAGES.expired);
    return { fileName: view.fileName, bytes };
  }

  /**
   * Prepares an archive this server holds, or one whose server stopped (its lease ran out): writes it
   * to the storage, then marks it ready and owes its email in one transaction.
   */
  async prepare(id: number): Promise<void> {
    const now = this.clock.now();
    const taken = await this.exports
      .createQueryBuilder()
      .update(DataExport)
      .set({ owner: this.owner, leaseUntil: new Date(now.getTime() + EXPORT_LEASE_MS), attempts: () => 'attempts + 1' })
      .where('id = :id AND state = :state', { id, state: 'preparing' })
      .andWhere('(owner = :owner OR lease_until IS NULL OR lease_until <= :now)', { owner: this.owner, now })
      .execute();
    if (!taken.affected) return;
    const row = (await this.exports.findOneBy({ id }))!;
    try {
      const bytes = await this.archives.archive(row.userId);
      const key = `my-data-${row.id}-${randomBytes(12).toString('hex')}.zip`;
      await this.storage.write(key, Buffer.from(bytes), 'application/zip');
      const readyAt = this.clock.now();
      const expiresAt = new Date(readyAt.getTime() + EXPORT_VALID_DAYS * DAY_MS);
      const user = await this.users.findOneByOrFail({ id: row.userId });
      const edition = await this.settings.editionKey();
      const receipts = await this.exports.manager.transaction(async (manager) => {
        const done = await manager.update(
          DataExport,
          { id, state: 'preparing', owner: this.owner },
          { state: 'ready', readyAt, expiresAt, storageKey: key, size: bytes.length, owner: null, leaseUntil: null, message: null },
        );
        // Another server took it over meanwhile: its archive is the one kept.
        if (!done.affected) return null;
        return this.ledger.oweMany(manager, { edition, at: readyAt, jobRunId: null }, [
          {
            userId: user.id,
            recipient: user.email,
            kind: 'data-export-ready',
            params: { firstName: user.firstName, exportId: row.id, expiresAt: expiresAt.toISOString() },
          },
        ]);
      });
      if (receipts === null) {
        await this.storage.remove(key);
        return;
      }
      await this.ledger.sendReceipts(receipts);
    } catch (error) {
      this.logger.error(`Archive ${id} could not be prepared: ${(error as Error).stack ?? String(error)}`);
      const failed = row.attempts + 1 >= EXPORT_ATTEMPTS;
      await this.exports.update(
        { id, state: 'preparing', owner: this.owner },
        failed
          ? { state: 'failed', owner: null, leaseUntil: null, message: EXPORT_MESSAGES.failed }
          : { owner: null, leaseUntil: null, message: null },
      );
    }
  }

  /**
   * On the servers that run the jobs: prepares the archives a stopped server left (lease run out),
   * and deletes the files of archives past their time.
   */
  async sweep(): Promise<{ prepared: number; expired: number }> {
    const now = this.clock.now();
    // A lease run out: its server stopped; none: an attempt failed and waits for another.
    const abandoned = await this.exports.find({
      where: [
        { state: 'preparing', leaseUntil: LessThan(now) },
        { state: 'preparing', leaseUntil: IsNull() },
      ],
      select: { id: true },
      order: { id: 'ASC' },
      take: 20,
    });
    let prepared = 0;
    for (const { id } of abandoned) {
      await this.prepare(id);
      prepared += 1;
    }
    const old = await this.exports.find({ where: { state: 'ready', expiresAt: LessThanOrEqual(now) }, take: 100 });
    for (const row of old) {
      const expired = await this.exports.update({ id: row.id, state: 'ready' }, { state: 'expired', storageKey: null });
      if (expired.affected && row.storageKey) await this.storage.remove(row.storageKey);
    }
    return { prepared, expired: old.length };
  }

  private view(row: DataExport): DataExportView {
    const expired = row.state === 'expired' || (row.state === 'ready' && row.expiresAt !== null && row.expiresAt <= this.clock.now());
    return {
      id: row.id,
      state: expired ? 'expired' : row.state,
      requestedAt: row.requestedAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      size: row.state === 'ready' && !expired ? row.size : null,
      fileName: `sv-portal-my-data-${row.requestedAt.toISOString().slice(0, 10)}-${row.id}.zip`,
      message: row.message,
    };
  }
}
