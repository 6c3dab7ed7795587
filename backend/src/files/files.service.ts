import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import {
  MAX_PROOF_BYTES,
  PROOF_EXTENSIONS,
  PROOF_TOO_LARGE_MESSAGE,
  PROOF_WRONG_TYPE_MESSAGE,
  type ProofOfEnrollment,
  type ProofType,
  type UploadTicket as UploadTicketView,
  detectProofType,
  hasProofExtension,
} from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { Clock } from '../clock/clock.js';
import { SettingsService } from '../settings/settings.service.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { NamedLocksService } from '../database/named-locks.service.js';
import { User } from '../users/user.entity.js';
import { findUserByKey, isOwnKey } from '../users/user-keys.js';
import { ProofEditability } from './proof-editability.js';
import { ProofFile } from './proof-file.entity.js';
import { ProofStorage } from './storage/proof-storage.js';
import { UploadTicket } from './upload-ticket.entity.js';

export const UPLOAD_TICKET_SECONDS = 600;
/** How long saving one proof may hold its owner's lock: a server that dies while saving frees it after this. */
export const PROOF_LOCK_LEASE_MS = 60_000;
/** How long reading an application waits for another request finishing the same owner's upload. */
const FINALIZE_WAIT_MS = 3_000;

/** The lock that keeps one owner's proof saved by one request at a time, on whatever server. */
export const proofLock = (userId: number) => `proof-upload:${userId}`;

export const FILE_MESSAGES = {
  expired: 'This upload link has expired. Please try the upload again.',
  invalid: 'This upload link is not valid. Please try the upload again.',
  used: 'This upload link has already been used. Please try the upload again.',
  empty: 'The file is empty. Please choose your proof of enrollment again.',
  notYours: 'You can only upload or read your own proof of enrollment.',
  none: 'No proof of enrollment has been uploaded yet.',
  inProgress:
    'Another upload of your proof of enrollment is being saved at this moment. ' +
    'Wait a few seconds and reload the page to see which file was kept; upload again if it is not the one you want.',
  sizeRequired: "file_size is required: the file's size in bytes (the upload link only takes a file of that size)",
  earlierEdition: "An earlier edition's files are read by administrators only; yours for this edition is read without `edition`.",
} as const;

interface UploadClaims {
  type: 'upload';
  sub: number;
  jti: string;
  exp: number;
}

/** Proofs of enrollment: signed single-use upload URLs, checks by size and content, one file per user. */
@Injectable()
export class FilesService {
  constructor(
    @InjectRepository(ProofFile) private readonly proofs: Repository<ProofFile>,
    @InjectRepository(UploadTicket) private readonly tickets: Repository<UploadTicket>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(ProofStorage) private readonly storage: ProofStorage,
    private readonly jwt: JwtService,
    private readonly settings: SettingsService,
    private readonly locks: NamedLocksService,
    private readonly clock: Clock,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** A signed, short-lived, single-use URL to PUT the caller's proof to. */
  async createUpload(
    caller: AuthUser,
    request: { user_id: number; file_type: string; file_name?: string; file_size?: number },
  ): Promise<UploadTicketView> {
    if (request.user_id !== caller.id) throw AppException.forbidden(FILE_MESSAGES.notYours);
    if (!(request.file_type in PROOF_EXTENSIONS))
      throw AppException.badRequest(PROOF_WRONG_TYPE_MESSAGE, { file_type: PROOF_WRONG_TYPE_MESSAGE });
    if (request.file_name !== undefined && !hasProofExtension(request.file_name)) {
      throw AppException.badRequest(PROOF_WRONG_TYPE_MESSAGE, { file_name: PROOF_WRONG_TYPE_MESSAGE });
    }
    if (request.file_size !== undefined && request.file_size >= MAX_PROOF_BYTES)
      throw new AppException(413, ErrorCode.PayloadTooLarge, PROOF_TOO_LARGE_MESSAGE);
    if (this.storage.direct && request.file_size === undefined)
      throw AppException.badRequest(FILE_MESSAGES.sizeRequired, { file_size: FILE_MESSAGES.sizeRequired });
    await this.assertCanChange(caller.id);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + UPLOAD_TICKET_SECONDS * 1000);
    const ticket = this.tickets.create({
      id: randomUUID(),
      userId: caller.id,
      fileType: request.file_type as ProofType,
      originalName: (request.file_name ?? `proof.${PROOF_EXTENSIONS[request.file_type as ProofType]}`).slice(0, 255),
      expiresAt,
      usedAt: null,
      createdAt: now,
    });
    await this.tickets.insert(ticket);
    const claims: UploadClaims = { type: 'upload', sub: caller.id, jti: ticket.id, exp: Math.floor(expiresAt.getTime() / 1000) };
    const url = await this.storage.uploadUrl({
      id: ticket.id,
      token: this.jwt.sign(claims),
      fileType: ticket.fileType,
      expiresInSeconds: UPLOAD_TICKET_SECONDS,
      contentLength: request.file_size ?? null,
    });
    return { url, method: 'PUT', content_type: ticket.fileType, expires_at: expiresAt.toISOString(), max_bytes: MAX_PROOF_BYTES - 1 };
  }

  /** The bytes PUT to a local upload URL: the ticket is used up whatever happens next. */
  async receiveUpload(token: string, body: unknown): Promise<ProofOfEnrollment> {
    const ticket = await this.claim(this.readUploadToken(token));
    const owner = await this.users.findOneByOrFail({ id: ticket.userId });
    const saved = await this.withProofLock(owner.id, 0, async () => {
      await this.assertCanChange(owner.id);
      return this.store(owner, ticket, Buffer.isBuffer(body) ? body : Buffer.alloc(0));
    });
    if (!saved.done) throw AppException.conflict(FILE_MESSAGES.inProgress, ErrorCode.UploadInProgress);
    return saved.value;
  }

  /** Checks an upload token before its body is read (a forged or expired link is refused without reading a byte). */
  checkUploadToken(token: string): void {
    this.readUploadToken(token);
  }

  /**
   * Direct-to-storage uploads are checked and moved into place the next time the owner's proof is
   * needed, while the application can still change: one staged after it was submitted or closed is
   * discarded. Its size is asked first, and a file over the limit is never read.
   */
  async finalizePending(userId: number): Promise<void> {
    if (!this.storage.direct) return;
    const pending = await this.tickets.find({
      where: { userId, usedAt: IsNull(), createdAt: MoreThan(new Date(this.clock.now().getTime() - 2 * UPLOAD_TICKET_SECONDS * 1000)) },
      order: { createdAt: 'ASC' },
    });
    if (!pending.length) return;
    // Another request finishing this owner's upload right now keeps the tickets it has not reached for the next read.
    await this.withProofLock(userId, FINALIZE_WAIT_MS, async () => {
      for (const ticket of pending) {
        const size = await this.storage.stagedSize(ticket.id);
        if (size === null) continue;
        const claimed = await this.claim(ticket).catch(() => null);
        if (!claimed) continue;
        try {
          if (size > 0 && size < MAX_PROOF_BYTES && (await this.canChange(userId))) {
            const bytes = await this.storage.readStaged(ticket.id, MAX_PROOF_BYTES - 1);
            if (bytes) await this.store(await this.users.findOneByOrFail({ id: userId }), ticket, bytes);
          }
        } catch {
          // A bad staged file is discarded, not kept.
        } finally {
          await this.storage.removeStaged(ticket.id);
        }
      }
    });
  }

  /**
   * The proof as a data URL, for its owner or an administrator: the current edition's, or for an
   * administrator an earlier edition's (`edition`), which stays as it was uploaded (docs/decisions.md, 'Editions').
   */
  async read(caller: AuthUser, key: string, requestedEdition?: string) {
    const owner = await this.ownerFor(caller, key);
    const currentId = await this.settings.currentId();
    let editionId = currentId;
    if (requestedEdition !== undefined && Number(requestedEdition) !== currentId) {
      if (!caller.isAdmin) throw AppException.forbidden(FILE_MESSAGES.earlierEdition);
      editionId = (await this.settings.editionFor(requestedEdition)).id;
    }
    if (editionId === currentId) await this.finalizePending(owner.id);
    const proof = await this.proofs.findOneBy({ userId: owner.id, editionId });
    const bytes = proof ? await this.storage.read(proof.storageKey) : null;
    if (!proof || !bytes) throw AppException.notFound(FILE_MESSAGES.none);
    const dataURL = `data:${proof.mime};base64,${bytes.toString('base64')}`;
    return {
      url: dataURL,
      dataURL,
      name: proofView(proof, owner.svid).name,
      original_name: proof.originalName,
      type: proof.mime,
      size: proof.size,
    };
  }

  /** 'Remove File': the owner deletes their proof while the application can still change. */
  async remove(caller: AuthUser, key: string): Promise<void> {
    const owner = await this.ownerFor(caller, key);
    if (owner.id !== caller.id) throw AppException.forbidden(FILE_MESSAGES.notYours);
    await this.assertCanChange(owner.id);
    const proof = await this.proofs.findOneBy({ userId: owner.id, editionId: await this.settings.currentId() });
    if (!proof) return;
    await this.proofs.delete({ id: proof.id });
    await this.storage.remove(proof.storageKey);
  }

  /** How the application of an edition shows its proof (an earlier edition's read with `?edition=`); null when there is none. */
  async proofFor(userId: number, editionId: number): Promise<ProofOfEnrollment | null> {
    const proof = await this.proofs.findOneBy({ userId, editionId });
    if (!proof) return null;
    const view = proofView(proof, (await this.users.findOneByOrFail({ id: userId })).svid);
    return (await this.settings.isCurrent(editionId)) ? view : { ...view, url: `${view.url}?edition=${editionId}` };
  }

  async proofsFor(userIds: number[], editionId: number): Promise<Map<number, ProofFile>> {
    if (!userIds.length) return new Map();
    const rows = await this.proofs
      .createQueryBuilder('p')
      .where('p.userId IN (:...ids)', { ids: userIds })
      .andWhere('p.editionId = :editionId', { editionId })
      .getMany();
    return new Map(rows.map((row) => [row.userId, row]));
  }

  private async store(owner: User, ticket: UploadTicket, bytes: Buffer): Promise<ProofOfEnrollment> {
    if (bytes.length === 0) throw AppException.badRequest(FILE_MESSAGES.empty, { file: FILE_MESSAGES.empty });
    if (bytes.length >= MAX_PROOF_BYTES) throw new AppException(413, ErrorCode.PayloadTooLarge, PROOF_TOO_LARGE_MESSAGE);
    const type = detectProofType(bytes);
    if (!type) throw new AppException(415, ErrorCode.UnsupportedMediaType, PROOF_WRONG_TYPE_MESSAGE);
    const edition = await this.settings.current();
    // One proof per edition, so each edition's has a name of its own (files stored before editions keep theirs).
    const key = `${owner.svid}-${edition.key}.${PROOF_EXTENSIONS[type]}`;
    await this.storage.write(key, bytes, type);
    const previous = await this.proofs.findOneBy({ userId: owner.id, editionId: edition.id });
    const now = this.clock.now();
    if (previous) {
      await this.proofs.update(
        { id: previous.id },
        { storageKey: key, originalName: ticket.originalName, mime: type, size: bytes.length, uploadedAt: now },
      );
      // Replacing a proof removes the old one (a PDF replaced by a JPEG leaves no PDF behind).
      if (previous.storageKey !== key) await this.storage.remove(previous.storageKey);
    } else {
      try {
        await this.proofs.insert({
          editionId: edition.id,
          userId: owner.id,
          storageKey: key,
          originalName: ticket.originalName,
          mime: type,
          size: bytes.length,
          uploadedAt: now,
        });
      } catch (error) {
        // Only a save that got past the owner's lock (its lease ran out) can meet another here.
        if (isUniqueViolation(error)) throw AppException.conflict(FILE_MESSAGES.inProgress, ErrorCode.UploadInProgress);
        throw error;
      }
    }
    return proofView({ storageKey: key, mime: type, size: bytes.length, uploadedAt: now, originalName: ticket.originalName }, owner.svid);
  }

  private readUploadToken(token: string): string {
    let claims: Partial<UploadClaims>;
    try {
      claims = this.jwt.verify<UploadClaims>(token, { algorithms: ['HS256'], ignoreExpiration: true });
    } catch {
      throw AppException.forbidden(FILE_MESSAGES.invalid);
    }
    if (claims.type !== 'upload' || typeof claims.jti !== 'string' || typeof claims.exp !== 'number')
      throw AppException.forbidden(FILE_MESSAGES.invalid);
    if (claims.exp * 1000 <= this.clock.now().getTime()) throw AppException.forbidden(FILE_MESSAGES.expired);
    return claims.jti;
  }

  /** Marks the ticket used; of two uses, only the first gets through. */
  private async claim(ticketOrId: UploadTicket | string): Promise<UploadTicket> {
    const ticket = typeof ticketOrId === 'string' ? await this.tickets.findOneBy({ id: ticketOrId }) : ticketOrId;
    if (!ticket) throw AppException.forbidden(FILE_MESSAGES.invalid);
    const now = this.clock.now();
    if (ticket.expiresAt.getTime() <= now.getTime() && !this.storage.direct) throw AppException.forbidden(FILE_MESSAGES.expired);
    const result = await this.tickets.update({ id: ticket.id, usedAt: IsNull() }, { usedAt: now });
    if (!result.affected) throw AppException.conflict(FILE_MESSAGES.used, ErrorCode.UploadUsed);
    return ticket;
  }

  // The applications module decides (the proof is part of the application); it depends on this one, so it is found at run time.
  private assertCanChange(userId: number): Promise<void> {
    return this.moduleRef.get(ProofEditability, { strict: false }).assertCanChange(userId);
  }

  private async canChange(userId: number): Promise<boolean> {
    try {
      await this.assertCanChange(userId);
      return true;
    } catch (error) {
      if (error instanceof AppException) return false;
      throw error;
    }
  }

  /**
   * Runs `work` holding the owner's proof lock, so two uploads by one applicant (two tabs, two
   * servers) are saved one at a time; waits up to `waitMs` for it, then gives up (`done: false`).
   */
  private async withProofLock<T>(
    userId: number,
    waitMs: number,
    work: () => Promise<T>,
  ): Promise<{ done: true; value: T } | { done: false }> {
    const giveUpAt = Date.now() + waitMs;
    for (;;) {
      const lock = await this.locks.acquire(proofLock(userId), `proof upload of user ${userId}`, PROOF_LOCK_LEASE_MS);
      if (lock.acquired) {
        try {
          return { done: true, value: await work() };
        } finally {
          await this.locks.release(proofLock(userId), lock.token).catch(() => undefined);
        }
      }
      if (Date.now() >= giveUpAt) return { done: false };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The user a key names (profile id, username or svid), if the caller may see their files. */
  private async ownerFor(caller: AuthUser, key: string): Promise<User> {
    if (isOwnKey(caller, key)) return this.users.findOneByOrFail({ id: caller.id });
    if (!caller.isAdmin) throw AppException.forbidden(FILE_MESSAGES.notYours);
    const owner = await findUserByKey(this.users, key);
    if (!owner) throw AppException.notFound(`There is no user ${key}.`);
    return owner;
  }
}

export function proofView(
  proof: Pick<ProofFile, 'storageKey' | 'mime' | 'size' | 'uploadedAt' | 'originalName'>,
  svid: string,
): ProofOfEnrollment {
  // Shown as the svid plus its extension, whatever edition's name it is stored under.
  const extension = proof.storageKey.slice(proof.storageKey.lastIndexOf('.') + 1);
  return {
    name: `${svid}.${extension}`,
    originalName: proof.originalName,
    size: proof.size,
    type: proof.mime,
    url: `/api/files/${svid}`,
    uploadedAt: proof.uploadedAt.toISOString(),
  };
}
