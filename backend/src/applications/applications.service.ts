import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type Repository } from 'typeorm';
import {
  APPLICATION_LABELS,
  type ApplicationData,
  type ApplicationFlags,
  type CatalogueName,
  type EditionSettings,
  type ProofOfEnrollment,
  WORD_LIMITS,
  applicationProblems,
  applicationProgress,
  countWords,
  emptyApplicationData,
  entryForState,
  applicationYears,
  canApplyAsTeamLeader,
  carryOverAnswers,
  isProfileComplete,
  offerDeadline,
  validateApplicationData,
} from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { FilesService, proofView } from '../files/files.service.js';
import { findUserByKey, isOwnKey } from '../users/user-keys.js';
import { SettingsService } from '../settings/settings.service.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { type ApplicationSummary, profileOf } from '../users/profile.mapper.js';
import { ApplicationStatusLookup } from '../users/profile.service.js';
import { User } from '../users/user.entity.js';
import { Application } from './application.entity.js';
import { ApplicationRows } from './application-rows.js';
import { PortalYears } from './portal-years.service.js';
import { ReceiptsService } from './receipts.service.js';
import type { SaveApplicationDto } from './dto/save-application.dto.js';
import { APPLICATION_MESSAGES, assertEditable } from './editability.js';

export type ApplicationView = Awaited<ReturnType<ApplicationsService['view']>>;

/** One application per user and edition: load by key, save with the deadline and stale-write rules, submit when complete. */
@Injectable()
export class ApplicationsService implements ApplicationStatusLookup {
  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly files: FilesService,
    private readonly settings: SettingsService,
    private readonly rows: ApplicationRows,
    private readonly receipts: ReceiptsService,
    private readonly portalYears: PortalYears,
  ) {}

  /** GET /application/{key}: the caller's own by profile id, username or svid; any for an administrator. */
  async findByKey(caller: AuthUser, key: string): Promise<ApplicationView> {
    const own = isOwnKey(caller, key);
    let owner: User | null;
    if (own) owner = await this.users.findOneBy({ id: caller.id });
    else if (caller.isAdmin) owner = await findUserByKey(this.users, key);
    else throw AppException.forbidden('You can only see your own application.');
    if (!owner) throw AppException.notFound(`There is no user ${key}.`);
    const application = await this.applications.findOneBy({ userId: owner.id, editionId: await this.settings.currentId() });
    if (!application) throw AppException.notFound(own ? APPLICATION_MESSAGES.notFound : 'This user has not started an application.');
    await this.files.finalizePending(owner.id);
    return this.view(application, owner, caller.isAdmin && !own ? 'admin' : 'owner');
  }

  /**
   * POST /application/save: creates or updates the caller's application; `completed: true` submits it.
   * A draft save, the load at the deadline, is one read (application and proof) and one write; the
   * user's row is read only to submit or to explain a conflict.
   */
  async save(caller: AuthUser, dto: SaveApplicationDto): Promise<ApplicationView & { notices: string[] }> {
    if (dto.sv_id !== undefined && dto.sv_id !== caller.svid) throw AppException.forbidden('You can only save your own application.');
    const { settings, gates, now } = await this.settings.gates();
    const editionId = await this.settings.currentId();
    const { application: existing, proof } = await this.rows.ownWithProof(caller.id, editionId);
    let owner: User | undefined;
    const user = async () => (owner ??= await this.users.findOneByOrFail({ id: caller.id }));
    assertEditable(existing, gates);

    // The server keeps the proof itself (POST /files/upload). Left out by destructuring, not `delete`:
    // a deleted key turns the ~9 KB object into a slow dictionary for every step after (merge, JSON).
    const { proofOfEnrollment: _sentProof, ...incoming } = dto.data;
    const problems = validateApplicationData(incoming, applicationYears(settings));
    if (problems.length) {
      throw AppException.badRequest(
        problems.length === 1 ? problems[0]!.message : `Please correct these fields: ${problems.map((p) => p.message).join('; ')}`,
        Object.fromEntries(problems.map((p) => [`data.${p.field}`, p.message])),
      );
    }
    if (existing && dto.updated_at !== undefined && dto.updated_at !== existing.updatedAt.toISOString())
      throw await this.stale(existing, await user());

    const { step, ...answers } = incoming as Partial<ApplicationData> & { step?: number };
    let data: Partial<ApplicationData> = withoutProof({ ...emptyApplicationData(), ...existing?.data, ...answers });
    // A returning applicant's new application starts from last year's school, graduation, referees and experience.
    let carriedFromEditionId: number | null = null;
    if (!existing) {
      const previous = await this.latestEarlier(caller.id, editionId);
      const carry = previous ? carryOverAnswers(previous.data, data, applicationYears(settings)) : null;
      if (previous && carry?.carried.length) {
        data = carry.data;
        carriedFromEditionId = previous.editionId;
      }
    }
    const notices: string[] = [];
    let teamLeader = dto.team_leader ?? existing?.teamLeader ?? false;
    // The domain's rule: the opt-in is dropped (with a notice) after its deadline, and refused to a first-timer before it.
    if (teamLeader && !canApplyAsTeamLeader(data, gates.afterTeamLeaderDeadline)) {
      if (!gates.afterTeamLeaderDeadline) {
        throw AppException.badRequest(APPLICATION_MESSAGES.teamLeaderFirstTimer, {
          team_leader: APPLICATION_MESSAGES.teamLeaderFirstTimer,
        });
      }
      teamLeader = false;
      notices.push(APPLICATION_MESSAGES.teamLeaderClosed);
    }
    const flags: ApplicationFlags = { teamLeader, financialAid: dto.financial_aid ?? existing?.financialAid ?? false };
    const completed = dto.completed === true;
    // 'Team leaders need at least 1 year of prior SV experience': on the portal's records, or declared (then flagged to the organisers).
    if (completed && teamLeader) {
      const check = await this.portalYears.teamLeaderCheck(caller.id, editionId, data);
      if (!check.eligible) throw AppException.badRequest(check.reason, { team_leader: check.reason });
    }
    if (completed) await this.assertSubmittable(await user(), data, flags);

    const updatedAt = existing ? new Date(Math.max(now.getTime(), existing.updatedAt.getTime() + 1)) : now;
    const row = {
      data: data as Application['data'],
      step: step ?? existing?.step ?? 0,
      completed,
      teamLeader: flags.teamLeader,
      financialAid: flags.financialAid,
      submittedAt: completed ? now : null,
      updatedAt,
    };
    if (existing) {
      const changes = { ...row, version: existing.version + 1 };
      // Compare-and-set on the version: of two saves based on the same version, the second is stale.
      // A submission owes its receipt in the same transaction, so it exists exactly when the submission does.
      const submitter = completed ? await user() : null;
      const { written, receipts } = submitter
        ? await this.applications.manager.transaction(async (manager) => {
            if (!(await this.rows.compareAndSet(existing.id, existing.version, changes, manager))) return { written: false, receipts: [] };
            return { written: true, receipts: await this.receipts.applicationReceived(manager, submitter, flags, settings, now) };
          })
        : { written: await this.rows.compareAndSet(existing.id, existing.version, changes), receipts: [] };
      if (!written) {
        const current = await this.applications.findOneByOrFail({ id: existing.id });
        assertEditable(current, gates);
        throw await this.stale(current, await user());
      }
      this.receipts.send(receipts);
      const saved = Object.assign(existing, changes);
      // Submitting may have taken in a proof uploaded straight to storage: read it again then.
      if (completed) return { ...(await this.view(saved, await user(), 'owner')), notices };
      return {
        ...this.present(saved, settings, proof ? proofView(proof, caller.svid) : null, null, await this.carriedOver(saved)),
        notices,
      };
    }
    const created = this.applications.create({
      ...row,
      editionId,
      carriedFromEditionId,
      userId: caller.id,
      status: 'pending',
      statusTag: null,
      closed: false,
      version: 1,
      createdAt: now,
    });
    const submitter = completed ? await user() : null;
    let saved: Application;
    try {
      const outcome = await this.applications.manager.transaction(async (manager) => {
        const inserted = await manager.save(created);
        return { inserted, receipts: submitter ? await this.receipts.applicationReceived(manager, submitter, flags, settings, now) : [] };
      });
      saved = outcome.inserted;
      this.receipts.send(outcome.receipts);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw await this.stale(await this.applications.findOneByOrFail({ userId: caller.id, editionId }), await user());
    }
    return { ...(await this.view(saved, await user(), 'owner')), notices };
  }

  /** Whether a user has an application this edition, and its wire status id, for the profile. */
  async summaryFor(userId: number): Promise<ApplicationSummary> {
    const application = await this.applications.findOneBy({ userId, editionId: await this.settings.currentId() });
    if (!application) return { exists: false, statusId: null };
    const { statusCatalogue } = await this.settings.get();
    return { exists: true, statusId: entryForState(statusCatalogue, application.status, application.statusTag).id };
  }

  async view(application: Application, user: User, audience: 'owner' | 'admin') {
    const settings = (await this.settings.edition(application.editionId))?.settings ?? (await this.settings.get());
    return this.present(
      application,
      settings,
      await this.files.proofFor(user.id, application.editionId),
      audience === 'admin' ? user : null,
      await this.carriedOver(application),
    );
  }

  /** The user's latest application of an edition before `editionId`, if any. */
  private latestEarlier(userId: number, editionId: number): Promise<Application | null> {
    return this.applications.findOne({ where: { userId, editionId: LessThan(editionId) }, order: { editionId: 'DESC' } });
  }

  /** The earlier edition an application started from, by key and name; null when it started empty. */
  private async carriedOver(application: Application): Promise<{ key: string; name: string } | null> {
    if (application.carriedFromEditionId === null || application.carriedFromEditionId === undefined) return null;
    const edition = await this.settings.edition(application.carriedFromEditionId);
    return edition ? { key: edition.key, name: edition.name } : null;
  }

  /** The application as its owner sees it, and with the applicant's name and email for an administrator (`adminOf`). */
  private present(
    application: Application,
    settings: EditionSettings,
    proof: ProofOfEnrollment | null,
    adminOf: User | null = null,
    carriedOver: { key: string; name: string } | null = null,
  ) {
    const data = { ...emptyApplicationData(), ...application.data, proofOfEnrollment: proof, step: application.step };
    const flags = { teamLeader: application.teamLeader, financialAid: application.financialAid };
    const status = statusOf(settings.statusCatalogue, application);
    const { missing, overLimit } = applicationProblems(data, flags);
    return {
      id: application.id,
      data,
      step: application.step,
      updated_at: application.updatedAt.toISOString(),
      completed: application.completed,
      team_leader: application.teamLeader,
      financial_aid: application.financialAid,
      status_id: status.application_status_id,
      sv: {
        ...status,
        ...(adminOf
          ? {
              Username: adminOf.username,
              UserAttributes: {
                given_name: adminOf.firstName,
                family_name: adminOf.lastName,
                email: adminOf.email,
                'custom:svid': adminOf.svid,
              },
            }
          : {}),
      },
      progress: applicationProgress(data, flags, application.completed),
      problems: {
        missing: missing.map((field) => ({ field, label: APPLICATION_LABELS[field] })),
        over_limit: overLimit.map((field) => ({
          field,
          label: APPLICATION_LABELS[field],
          words: countWords(data[field] as string),
          limit: WORD_LIMITS[field],
        })),
      },
      closed: application.closed,
      submitted_at: application.submittedAt?.toISOString() ?? null,
      confirmation: application.confirmation,
      confirmed_at: application.confirmedAt?.toISOString() ?? null,
      declined_at: application.declinedAt?.toISOString() ?? null,
      /** Until when an offered place can be confirmed: the edition's deadline, or a waitlist offer's own. */
      confirm_by: application.status === 'offered' ? offerDeadline(settings.timeline, application.offerExpiresAt).toISOString() : null,
      carried_over: carriedOver,
    };
  }

  private async assertSubmittable(user: User, data: Partial<ApplicationData>, flags: ApplicationFlags): Promise<void> {
    if (!user.verified)
      throw AppException.badRequest(
        APPLICATION_MESSAGES.notVerified,
        { email: APPLICATION_MESSAGES.notVerified },
        ErrorCode.EmailNotVerified,
      );
    if (!isProfileComplete(profileOf(user))) {
      throw AppException.badRequest(
        APPLICATION_MESSAGES.profileIncomplete,
        { profile: APPLICATION_MESSAGES.profileIncomplete },
        ErrorCode.ProfileIncomplete,
      );
    }
    await this.files.finalizePending(user.id);
    const { missing, overLimit } = applicationProblems(
      { ...data, proofOfEnrollment: await this.files.proofFor(user.id, await this.settings.currentId()) },
      flags,
    );
    if (!missing.length && !overLimit.length) return;
    const errors: Record<string, string> = {};
    for (const field of missing) errors[`data.${field}`] = `${APPLICATION_LABELS[field]} is required`;
    for (const field of overLimit) {
      errors[`data.${field}`] =
        `${APPLICATION_LABELS[field]} is ${countWords(data[field] as string)} words; the limit is ${WORD_LIMITS[field]}`;
    }
    throw new AppException(
      400,
      ErrorCode.Incomplete,
      'So close! Your application still needs a few things before you can submit it.',
      errors,
      {
        missing: missing.map((f) => APPLICATION_LABELS[f]),
        over_limit: overLimit.map((f) => APPLICATION_LABELS[f]),
      },
    );
  }

  private async stale(current: Application, user: User): Promise<AppException> {
    return AppException.conflict(APPLICATION_MESSAGES.stale, ErrorCode.Stale, { current: await this.view(current, user, 'owner') });
  }
}

/** The answers without the proof of enrollment, kept in its own table (a copy: `delete` would make a slow dictionary object). */
function withoutProof(data: Partial<ApplicationData>): Partial<ApplicationData> {
  const { proofOfEnrollment: _proof, ...answers } = data;
  return answers;
}

export function statusOf(catalogue: CatalogueName, application: Pick<Application, 'status' | 'statusTag'>) {
  const entry = entryForState(catalogue, application.status, application.statusTag);
  return { application_status_id: entry.id, status: entry.label, state: application.status, tag: application.statusTag };
}
