import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnModuleInit, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, MoreThan, Not, type Repository } from 'typeorm';
import { Clock } from '../clock/clock.js';
import { APP_CONFIG, type AppConfig, ConfigError } from '../config/app.config.js';
import { localUploadsDir, uploadsFolderId } from '../files/storage/local.storage.js';
import { RunningServer } from './running-server.entity.js';

/** How often a server says it is still running. */
export const HEARTBEAT_MS = 10_000;
/** A server seen within this long is taken to be running. */
export const SEEN_WITHIN_MS = 30_000;
/** Rows of servers that stopped without saying so are removed after this long. */
const FORGET_AFTER_MS = 24 * 3_600_000;

/**
 * Why a server keeping proofs on its own disk must not run beside `others`: one of them keeps its
 * proofs elsewhere (S3, or an uploads folder that is not this one). Null when nothing is wrong.
 */
export function uploadsFolderProblem(
  me: { uploadsDir: string; uploadsFolderId: string },
  others: readonly RunningServer[],
  now: Date,
): string | null {
  const elsewhere = others.find((other) => other.storage !== 'local' || other.uploadsFolderId !== me.uploadsFolderId);
  if (!elsewhere) return null;
  const seconds = Math.max(0, Math.round((now.getTime() - elsewhere.seenAt.getTime()) / 1000));
  const where = elsewhere.storage === 'local' ? 'in an uploads folder of its own' : `with STORAGE=${elsewhere.storage}`;
  return (
    `STORAGE=local keeps proofs of enrollment on this server's disk (${me.uploadsDir}), but another server using the same database ` +
    `(${elsewhere.host}, seen ${seconds} s ago) keeps them ${where}: ` +
    `a proof uploaded through one server could not be read through the other. ` +
    'Set STORAGE=s3 on every server, or mount one folder shared by every server as DATA_DIR/uploads; ' +
    'STORAGE_SHARED=true tells a server that its uploads folder is shared and skips this check.'
  );
}

/**
 * Each server's heartbeat in `running_servers`: written at start, every HEARTBEAT_MS, and removed at
 * shutdown. At start, a server with STORAGE=local that finds another server running which keeps its
 * proofs elsewhere refuses to start in production (and warns otherwise), unless STORAGE_SHARED=true.
 */
@Injectable()
export class RunningServers implements OnModuleInit, OnModuleDestroy {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`.slice(0, 64);
  private readonly logger = new Logger('Servers');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectRepository(RunningServer) private readonly servers: Repository<RunningServer>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    const uploadsDir = localUploadsDir(this.config.dataDir);
    const folderId = this.config.storage === 'local' ? await uploadsFolderId(uploadsDir) : null;
    const now = this.clock.now();
    await this.servers.insert({
      id: this.id,
      host: hostname().slice(0, 255),
      storage: this.config.storage,
      uploadsFolderId: folderId,
      startedAt: now,
      seenAt: now,
    });
    if (folderId !== null && !this.config.storageShared) {
      const problem = uploadsFolderProblem({ uploadsDir, uploadsFolderId: folderId }, await this.others(), now);
      if (problem && this.config.production) {
        await this.servers.delete({ id: this.id });
        throw new ConfigError(`Refusing to start: ${problem}`);
      }
      if (problem) this.logger.warn(problem);
    }
    this.timer = setInterval(() => void this.beat().catch(() => undefined), HEARTBEAT_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.servers.delete({ id: this.id }).catch(() => undefined);
  }

  /** The other servers seen running in the last SEEN_WITHIN_MS. */
  others(): Promise<RunningServer[]> {
    return this.servers.findBy({ id: Not(this.id), seenAt: MoreThan(new Date(this.clock.now().getTime() - SEEN_WITHIN_MS)) });
  }

  private async beat(): Promise<void> {
    const now = this.clock.now();
    const seen = await this.servers.update({ id: this.id }, { seenAt: now });
    if (!seen.affected)
      await this.servers.insert({
        id: this.id,
        host: hostname().slice(0, 255),
        storage: this.config.storage,
        uploadsFolderId: null,
        startedAt: now,
        seenAt: now,
      });
    await this.servers.delete({ seenAt: LessThan(new Date(now.getTime() - FORGET_AFTER_MS)) });
  }
}
