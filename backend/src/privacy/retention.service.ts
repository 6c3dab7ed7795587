import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In, IsNull, Not } from 'typeorm';
import {
  type ConfirmationForm,
  REMOVED_TEXT,
  RETENTION_KINDS,
  RETENTION_KIND_TEXTS,
  type RetentionKind,
  type RetentionRow,
  editionEndsAt,
  isRetentionKind,
  passportStatuses,
  retentionSchedule,
} from '@svp/domain';
import type { Writable } from 'node:stream';
import { Application } from '../applications/application.entity.js';
import { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../common/auth-user.js';
import { writeCsv } from '../common/csv.js';
import { AppException } from '../common/errors/app.exception.js';
import { Clock } from '../clock/clock.js';
import { ProofFile } from '../files/proof-file.entity.js';
import { ProofStorage } from '../files/storage/proof-storage.js';
import type { JobRun } from '../jobs/job-run.entity.js';
import { JobRunsService, LeaseLostError, type RunOccurrence } from '../jobs/job-runs.service.js';
import { ApplicationReference } from '../references/application-reference.entity.js';
import { ReportsService } from '../reports/reports.service.js';
import { PerformanceRecord } from '../schedule/performance-record.entity.js';
import { Shift } from '../schedule/shift.entity.js';
import { Edition } from '../settings/edition.entity.js';
import { type CurrentEdition, SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import { CallerCache } from '../users/caller-cache.js';
import { DataRemoval } from './data-removal.entity.js';

/** The job name a retention removal runs under in job_runs: one occurrence per edition, kind and due instant. */
export const retentionJob = (kind: RetentionKind) => `retention-${kind}`;

/** A run that starts later than this after its due time was caught up (the server was down). */
const CATCH_UP_AFTER_MS = 60_000;

/** The columns of the download of what will be removed, after the person's Name and SV ID: the values the removal clears. */
export const DUE_COLUMNS: Readonly<Record<RetentionKind, readonly string[]>> = {
  proofs: ['File Name', 'Size (bytes)', 'Uploaded At'],
  passports: ['Passport Answer'],
  health: ['Dietary Restrictions', 'Special Requests'],
  phones: ['Phone Number', 'Texts Allowed', 'Calls Allowed'],
  refereeStatements: ['Referee', 'Statement', 'Reason for Declining'],
  performanceNotes: ['Shift Starts At', 'Shift Role', 'Notes', 'Time Note'],
};

export const RETENTION_MESSAGES = {
  kinds: `One of: ${RETENTION_KINDS.join(', ')}.`,
  unknownKind: (kind: string) => `There is no kind of personal data called '${kind}'. Use one of: ${RETENTION_KINDS.join(', ')}.`,
  unknownEdition: (id: number) => `There is no edition ${id}. Pick an edition from the Data retention page.`,
};

/** One record a kind's removal clears: the row it changes, whose it is, and the values it clears (in DUE_COLUMNS' order). */
interface DueRecord {
  id: number;
  userId: number;
  values: (string | number)[];
  /** passports, health: the confirmation form the removal rewrites. */
  form?: ConfirmationForm;
  /** proofs: the stored file the removal deletes. */
  storageKey?: string;
}

/** The download of what one kind's removal would clear: its name, how many rows, when the kind was removed if it was. */
export interface DueCsv {
  fileName: string;
  total: number;
  removedAt: Date | null;
  write: (out: Writable) => Promise<void>;
}

/** A health note still holding words (not empty, not the placeholder a removal leaves). */
const written = (text: string | undefined): text is string => Boolean(text?.trim()) && text !== REMOVED_TEXT;
/** A boolean column read raw (0 or 1 on SQLite and MariaDB). */
const truthy = (value: unknown) => value === true || Number(value) === 1;

interface Due {
  edition: CurrentEdition;
  kind: RetentionKind;
  days: number;
  dueAt: Date;
}

/** What one removal did, and what to do once its transaction has committed (files to delete). */
interface Removed {
  removed: number;
  figures: Record<string, number>;
  files: string[];
}

/**
 * Removes each kind of an edition's sensitive data when its time comes (the edition's `retention`
 * settings, counted from the end of its conference): once per occurrence across every server, with
 * catch-up after downtime, as the deadline jobs run (job_runs). Each removal is one transaction with
 * its audit entry (the kind and how many, never the data) and its data_removals row; the figures
 * reports and the next selection need stay (docs/decisions.md, 'How long personal data is kept').
 * A closed edition is read-only for everyone but this: removal is the deliberate exception.
 */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger('Retention');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly runs: JobRunsService,
    private readonly audit: AuditService,
    private readonly reports: ReportsService,
    private readonly callers: CallerCache,
    @Inject(ProofStorage) private readonly storage: ProofStorage,
    private readonly clock: Clock,
  ) {}

  /** Every edition, oldest first, with its settings. */
  private async editions(): Promise<CurrentEdition[]> {
    const rows = await this.dataSource.manager.find(Edition, { select: { id: true }, order: { id: 'ASC' } });
    const editions = await Promise.all(rows.map((row) => this.settings.edition(row.id)));
    return editions.filter((edition): edition is CurrentEdition => edition !== null);
  }

  /** Every removal of every edition, earliest first. */
  private async schedule(): Promise<Due[]> {
    const all = (await this.editions()).flatMap((edition) =>
      retentionSchedule(edition.settings.conference, edition.settings.retention).map((row) => ({ edition, ...row })),
    );
    return all.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.edition.id - b.edition.id);
  }

  private occurrence(due: Due): RunOccurrence {
    return { job: retentionJob(due.kind), slot: due.dueAt.toISOString(), dueAt: due.dueAt };
  }

  /** Runs every removal that is due and has not run (or failed and may be retried); answers the runs it finished. */
  async runDue(): Promise<JobRun[]> {
    const finished: JobRun[] = [];
    for (const due of await this.schedule()) {
      if (due.dueAt.getTime() > this.clock.now().getTime()) break;
      const occurrence = this.occurrence(due);
      const existing = await this.runs.find(occurrence, due.edition.key);
      if (existing && (existing.outcome === 'succeeded' || existing.outcome === 'skipped')) continue;
      const late = this.clock.now().getTime() - due.dueAt.getTime() > CATCH_UP_AFTER_MS;
      const claim = await this.runs.claim(occurrence, due.edition.key, late ? 'catch-up' : 'schedule');
      if (claim.state !== 'claimed') continue;
      finished.push(await this.execute(claim.run, due));
    }
    return finished;
  }

  /** The next removal still ahead, for the timer; null when none is. */
  async nextDueAt(): Promise<Date | null> {
    const now = this.clock.now().getTime();
    return (await this.schedule()).find((due) => due.dueAt.getTime() > now)?.dueAt ?? null;
  }

  private async execute(run: JobRun, due: Due): Promise<JobRun> {
    try {
      // What the logistics report counts from the passport answers now, read before they go, so that it goes on counting them.
      const figures = due.kind === 'passports' ? await this.passportFigures(due.edition.id) : {};
      const outcome = await this.dataSource.transaction(async (manager) => {
        const result = await this.remove(manager, due.edition, due.kind, figures);
        await manager.insert(DataRemoval, {
          editionId: due.edition.id,
          kind: due.kind,
          dueAt: due.dueAt,
          removedAt: this.clock.now(),
          removed: result.removed,
          figures: result.figures,
          jobRunId: run.id,
        });
        await this.audit.record(
          null,
          {
            action: 'retention.remove',
            entity: 'edition',
            entityId: due.edition.id,
            after: {
              kind: due.kind,
              title: RETENTION_KIND_TEXTS[due.kind].title,
              removed: result.removed,
              days: due.days,
              dueAt: due.dueAt,
            },
          },
          manager,
        );
        return result;
      });
      if (due.kind === 'phones') for (const id of outcome.removedUsers ?? []) this.callers.forget(id);
      for (const key of outcome.files) {
        try {
          await this.storage.remove(key);
        } catch (error) {
          this.logger.warn(`A removed proof's file (${key}) could not be deleted: ${(error as Error).message}`);
        }
      }
      const title = RETENTION_KIND_TEXTS[due.kind].title;
      return await this.runs.finish(
        run,
        'succeeded',
        { removed: outcome.removed },
        `${title} of ${due.edition.name}: ${outcome.removed} removed.`,
      );
    } catch (error) {
      if (error instanceof LeaseLostError) return run;
      this.logger.error(`Retention run ${run.id} (${run.job}, ${run.edition}) failed: ${(error as Error).stack ?? String(error)}`);
      try {
        return await this.runs.finish(run, 'failed', {}, `Failed: ${(error as Error).message}`);
      } catch (finishing) {
        if (finishing instanceof LeaseLostError) return run;
        throw finishing;
      }
    }
  }

  /**
   * Removes one kind of an edition's data in the transaction; what is removed is chosen again here (`due`, the query the download of
   * what will be removed reads too), so a second run removes nothing twice.
   */
  private async remove(
    manager: EntityManager,
    edition: CurrentEdition,
    kind: RetentionKind,
    figures: Record<string, number>,
  ): Promise<Removed & { removedUsers?: number[] }> {
    const due = await this.due(manager, edition, kind);
    const ids = due.map((record) => record.id);
    switch (kind) {
      case 'proofs': {
        if (ids.length) await manager.delete(ProofFile, { id: In(ids) });
        return { removed: ids.length, figures: {}, files: due.flatMap((record) => (record.storageKey ? [record.storageKey] : [])) };
      }
      case 'passports': {
        for (const { id, form } of due) await manager.update(Application, { id }, { confirmation: { ...form!, passportStatus: '' } });
        return { removed: ids.length, figures, files: [] };
      }
      case 'health': {
        // The placeholder keeps each note counted (dietary restrictions, special requests) without its words.
        for (const { id, form } of due) {
          await manager.update(
            Application,
            { id },
            {
              confirmation: {
                ...form!,
                dietRestrictions: written(form!.dietRestrictions) ? REMOVED_TEXT : form!.dietRestrictions,
                additionalInfo: written(form!.additionalInfo) ? REMOVED_TEXT : form!.additionalInfo,
              },
            },
          );
        }
        return { removed: ids.length, figures: {}, files: [] };
      }
      case 'phones': {
        if (ids.length) await manager.update(User, { id: In(ids) }, { phoneNumber: null, canText: false, canCall: false });
        return { removed: ids.length, figures: {}, files: [], removedUsers: ids };
      }
      case 'refereeStatements': {
        if (ids.length)
          await manager
            .createQueryBuilder()
            .update(ApplicationReference)
            .set({ statement: null, declineReason: null, version: () => 'version + 1' })
            .where({ id: In(ids) })
            .execute();
        return { removed: ids.length, figures: {}, files: [] };
      }
      case 'performanceNotes': {
        if (ids.length)
          await manager
            .createQueryBuilder()
            .update(PerformanceRecord)
            .set({ notes: null, timeNote: null, version: () => 'version + 1' })
            .where({ id: In(ids) })
            .execute();
        return { removed: ids.length, figures: {}, files: [] };
      }
    }
  }

  /**
   * What one kind's removal would clear of an edition now, one record per row it changes, oldest first: the one query both the
   * removal and the download of what will be removed read, so that they never disagree.
   */
  private async due(manager: EntityManager, edition: CurrentEdition, kind: RetentionKind): Promise<DueRecord[]> {
    switch (kind) {
      case 'proofs': {
        const proofs = await manager.find(ProofFile, {
          where: { editionId: edition.id },
          select: { id: true, userId: true, storageKey: true, originalName: true, size: true, uploadedAt: true },
          order: { id: 'ASC' },
        });
        return proofs.map((p) => ({
          id: p.id,
          userId: p.userId,
          storageKey: p.storageKey,
          values: [p.originalName, p.size, p.uploadedAt.toISOString()],
        }));
      }
      case 'passports': {
        const labels = new Map(passportStatuses(edition.settings.conference).map((option) => [option.value, option.label]));
        return (await this.forms(manager, edition.id))
          .filter((f) => f.form.passportStatus)
          .map(({ id, userId, form }) => ({ id, userId, form, values: [labels.get(form.passportStatus) ?? form.passportStatus] }));
      }
      case 'health':
        return (await this.forms(manager, edition.id))
          .filter((f) => written(f.form.dietRestrictions) || written(f.form.additionalInfo))
          .map(({ id, userId, form }) => ({
            id,
            userId,
            form,
            values: [written(form.dietRestrictions) ? form.dietRestrictions : '', written(form.additionalInfo) ? form.additionalInfo : ''],
          }));
      case 'phones':
        return (await this.phoneHolders(manager, edition.id)).map((u) => ({
          id: u.id,
          userId: u.id,
          values: [u.phoneNumber, u.canText ? 'Yes' : 'No', u.canCall ? 'Yes' : 'No'],
        }));
      case 'refereeStatements':
        return this.statements(manager, edition.id);
      case 'performanceNotes':
        return this.notes(manager, edition.id);
    }
  }

  /** The passport counts of an edition's logistics report that come from answers still held (not those kept from a removal before). */
  private async passportFigures(editionId: number): Promise<Record<string, number>> {
    const report = await this.reports.logistics(editionId);
    return Object.fromEntries(
      report.totals
        .filter((total) => total.key.startsWith('passport:'))
        .map((total) => [total.key, total.count - (total.kept ?? 0)] as const)
        .filter(([, count]) => count > 0),
    );
  }

  /** The confirmation forms of an edition, by application. */
  private async forms(manager: EntityManager, editionId: number): Promise<{ id: number; userId: number; form: ConfirmationForm }[]> {
    const rows = await manager.find(Application, {
      where: { editionId, confirmation: Not(IsNull()) },
      select: { id: true, userId: true, confirmation: true },
      order: { id: 'ASC' },
    });
    return rows.flatMap((row) => (row.confirmation ? [{ id: row.id, userId: row.userId, form: row.confirmation }] : []));
  }

  /** The people whose latest application is this edition's (or earlier) and whose profile holds a phone number. */
  private async phoneHolders(
    manager: EntityManager,
    editionId: number,
  ): Promise<{ id: number; phoneNumber: string; canText: boolean; canCall: boolean }[]> {
    const rows: { id: number | string; phone: string; canText: unknown; canCall: unknown }[] = await manager
      .createQueryBuilder()
      .select('DISTINCT u.id', 'id')
      .addSelect('u.phone_number', 'phone')
      .addSelect('u.can_text', 'canText')
      .addSelect('u.can_call', 'canCall')
      .from('users', 'u')
      .innerJoin('applications', 'a', 'a.user_id = u.id AND a.edition_id = :editionId', { editionId })
      .where('u.phone_number IS NOT NULL')
      .andWhere('NOT EXISTS (SELECT 1 FROM applications later WHERE later.user_id = u.id AND later.edition_id > :editionId)', { editionId })
      .orderBy('u.id', 'ASC')
      .getRawMany();
    return rows.map((row) => ({ id: Number(row.id), phoneNumber: row.phone, canText: truthy(row.canText), canCall: truthy(row.canCall) }));
  }

  /** The referees' statements and reasons for declining of an edition's applications, each with the applicant it is about. */
  private async statements(manager: EntityManager, editionId: number): Promise<DueRecord[]> {
    const rows: {
      id: number | string;
      userId: number | string;
      first: string;
      last: string;
      statement: string | null;
      reason: string | null;
    }[] = await manager
      .createQueryBuilder()
      .select('r.id', 'id')
      .addSelect('a.user_id', 'userId')
      .addSelect('r.referee_first_name', 'first')
      .addSelect('r.referee_last_name', 'last')
      .addSelect('r.statement', 'statement')
      .addSelect('r.decline_reason', 'reason')
      .from('application_references', 'r')
      .innerJoin('applications', 'a', 'a.id = r.application_id')
      .where('a.edition_id = :editionId', { editionId })
      .andWhere('(r.statement IS NOT NULL OR r.decline_reason IS NOT NULL)')
      .orderBy('r.id', 'ASC')
      .getRawMany();
    return rows.map((row) => ({
      id: Number(row.id),
      userId: Number(row.userId),
      values: [`${row.first} ${row.last}`.trim(), row.statement ?? '', row.reason ?? ''],
    }));
  }

  /** The team leaders' notes on an edition's shifts, each with the volunteer it is about and the shift. */
  private async notes(manager: EntityManager, editionId: number): Promise<DueRecord[]> {
    const rows: {
      id: number | string;
      userId: number | string;
      shiftId: number | string;
      notes: string | null;
      timeNote: string | null;
    }[] = await manager
      .createQueryBuilder()
      .select('r.id', 'id')
      .addSelect('r.volunteer_id', 'userId')
      .addSelect('r.shift_id', 'shiftId')
      .addSelect('r.notes', 'notes')
      .addSelect('r.time_note', 'timeNote')
      .from('performance_records', 'r')
      .innerJoin(Shift, 's', 's.id = r.shift_id')
      .where('s.edition_id = :editionId', { editionId })
      .andWhere("((r.notes IS NOT NULL AND r.notes <> '') OR r.time_note IS NOT NULL)")
      .orderBy('r.id', 'ASC')
      .getRawMany();
    const shiftIds = [...new Set(rows.map((row) => Number(row.shiftId)))];
    const shifts = shiftIds.length
      ? await manager.find(Shift, { where: { id: In(shiftIds) }, select: { id: true, startsAt: true, role: true } })
      : [];
    const shiftOf = new Map(shifts.map((shift) => [shift.id, shift]));
    return rows.map((row) => {
      const shift = shiftOf.get(Number(row.shiftId));
      return {
        id: Number(row.id),
        userId: Number(row.userId),
        values: [shift?.startsAt.toISOString() ?? '', shift?.role ?? '', row.notes ?? '', row.timeNote ?? ''],
      };
    });
  }

  /** How many of a kind an edition still holds. */
  private async held(edition: CurrentEdition, kind: RetentionKind): Promise<number> {
    return (await this.due(this.dataSource.manager, edition, kind)).length;
  }

  /**
   * The download of what one kind's removal would clear of an edition now (the rows `due` finds, with whose they are); audit-logged
   * with the kind and how many rows, never the data. An unknown kind is refused (400), an unknown edition too (404).
   */
  async dueCsv(actor: AuthUser, editionId: number, kind: string): Promise<DueCsv> {
    if (!isRetentionKind(kind)) throw AppException.badRequest(RETENTION_MESSAGES.unknownKind(kind), { kind: RETENTION_MESSAGES.kinds });
    const edition = await this.settings.edition(editionId);
    if (!edition) throw AppException.notFound(RETENTION_MESSAGES.unknownEdition(editionId));
    const manager = this.dataSource.manager;
    const due = await this.due(manager, edition, kind);
    const userIds = [...new Set(due.map((record) => record.userId))];
    const users = userIds.length
      ? await manager.find(User, { where: { id: In(userIds) }, select: { id: true, firstName: true, lastName: true, svid: true } })
      : [];
    const userOf = new Map(users.map((user) => [user.id, user]));
    const removal = await manager.findOne(DataRemoval, { where: { editionId, kind }, order: { removedAt: 'DESC', id: 'DESC' } });
    await this.audit.record(actor, {
      action: 'retention.download',
      entity: 'edition',
      entityId: edition.id,
      after: { kind, title: RETENTION_KIND_TEXTS[kind].title, rows: due.length },
    });
    const rows = due.map((record) => {
      const user = userOf.get(record.userId);
      return [user ? `${user.firstName} ${user.lastName}`.trim() : '', user?.svid ?? '', ...record.values];
    });
    return {
      fileName: `${edition.key}-${kind}-to-remove.csv`.replace(/[^\w.-]/g, '_'),
      total: due.length,
      removedAt: removal?.removedAt ?? null,
      write: (out) => writeCsv(out, ['Name', 'SV ID', ...DUE_COLUMNS[kind]], rows),
    };
  }

  /** The admin panel's retention page: every kind of every edition, newest edition first, earliest removal first. */
  async overview(): Promise<RetentionRow[]> {
    const now = this.clock.now().getTime();
    const editions = (await this.editions()).reverse();
    const removals = await this.dataSource.manager.find(DataRemoval, { order: { removedAt: 'DESC', id: 'DESC' } });
    const rows: RetentionRow[] = [];
    for (const edition of editions) {
      const runs = await this.runs.forEdition(edition.key);
      for (const due of retentionSchedule(edition.settings.conference, edition.settings.retention)) {
        const run = runs.find((r) => r.job === retentionJob(due.kind) && r.slot === due.dueAt.toISOString());
        const removal = removals.find((r) => r.editionId === edition.id && r.kind === due.kind);
        const leaseHeld = run ? run.leaseUntil.getTime() > now : false;
        const state: RetentionRow['state'] = !run
          ? due.dueAt.getTime() <= now
            ? 'due'
            : 'scheduled'
          : run.outcome === 'succeeded' || run.outcome === 'skipped'
            ? 'done'
            : run.outcome === 'running' && leaseHeld
              ? 'running'
              : 'failed';
        rows.push({
          id: `${edition.id}:${due.kind}`,
          editionId: edition.id,
          editionKey: edition.key,
          editionName: edition.name,
          kind: due.kind,
          ...RETENTION_KIND_TEXTS[due.kind],
          days: due.days,
          endsAt: editionEndsAt(edition.settings.conference).toISOString(),
          dueAt: due.dueAt.toISOString(),
          state,
          held: await this.held(edition, due.kind),
          removed: removal?.removed ?? null,
          removedAt: removal?.removedAt.toISOString() ?? null,
          message: run?.message ?? null,
        });
      }
    }
    return rows;
  }

  /** The logistics counts kept from the removed answers of an edition (KeptFigures). */
  async keptLogistics(editionId: number): Promise<Record<string, number>> {
    const removals = await this.dataSource.manager.find(DataRemoval, { where: { editionId }, select: { id: true, figures: true } });
    const kept: Record<string, number> = {};
    for (const removal of removals) for (const [key, count] of Object.entries(removal.figures ?? {})) kept[key] = (kept[key] ?? 0) + count;
    return kept;
  }
}
