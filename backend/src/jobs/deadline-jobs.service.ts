import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In, type Repository } from 'typeorm';
import { type EditionSettings, WAITLIST_OFFER_DAYS, confirmationTag, offerDeadline, rawAverages } from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { ApplicationStatusService } from '../applications/application-status.service.js';
import { AuditService } from '../audit/audit.service.js';
import { AppException } from '../common/errors/app.exception.js';
import { JuryScore } from '../jury/jury-score.entity.js';
import { ReferencesService } from '../references/references.service.js';
import { type JobDefinition, type JobName, jobDefinition, reminderSkipReason } from './job-catalogue.js';
import type { OwedMail } from '../mail/mail-ledger.service.js';
import { JobMailService } from './job-mail.service.js';
import type { JobCounts, JobRun } from './job-run.entity.js';
import { JobRunsService } from './job-runs.service.js';
import { waitlistOrder } from './waitlist-order.js';

const DAY_MS = 24 * 3600 * 1000;
/** Emails written down per transaction. */
const OWE_BATCH = 100;

/** The run a job method works for: its row (for the outbox and the lease), the settings and the time it started. */
export interface ActiveRun {
  run: JobRun;
  settings: EditionSettings;
  /** The edition the run belongs to (the current one): only its applications are touched. */
  editionId: number;
  now: Date;
}

export interface JobResult {
  /** Changes made in this attempt, added to those of earlier attempts of the same run. */
  added?: JobCounts;
  /** Figures that describe the run as a whole, replacing earlier attempts' figures. */
  counts?: JobCounts;
  /** Why the run did nothing on purpose. */
  skipped?: string;
}

type WithUser = Application & { user: NonNullable<Application['user']> };

/**
 * What each deadline job does. Every method can run again for the same occurrence (after a crash,
 * by hand) without repeating itself: it changes only what is still to change, and the emails it
 * owes are written down with the change, in one transaction, once per run and recipient.
 */
@Injectable()
export class DeadlineJobsService {
  private readonly logger = new Logger('Jobs');

  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectRepository(JuryScore) private readonly scores: Repository<JuryScore>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly status: ApplicationStatusService,
    private readonly audit: AuditService,
    private readonly mails: JobMailService,
    private readonly runs: JobRunsService,
    private readonly references: ReferencesService,
  ) {}

  execute(job: JobName, active: ActiveRun): Promise<JobResult> {
    switch (job) {
      case 'team-leader-deadline':
        return this.clearTeamLeaderOptions(active);
      case 'application-reminder-7d':
      case 'application-reminder-1d':
        return this.remindApplicants(active, jobDefinition(job));
      case 'application-deadline':
        return this.lockOpenApplications(active);
      case 'references-request':
        return this.requestReferences(active);
      case 'references-reminder-7d':
      case 'references-reminder-1d':
        return this.remindReferees(active, jobDefinition(job));
      case 'decisions-release':
        return this.releaseDecisions(active);
      case 'confirmation-reminder-7d':
      case 'confirmation-reminder-1d':
        return this.remindOffered(active, jobDefinition(job));
      case 'confirmation-deadline':
        return this.expireOffers(active);
      case 'schedules-release':
        return this.announceSchedules(active);
    }
  }

  /** At the TL deadline: every application not submitted loses its Team Leader option; its applicant is told. */
  async clearTeamLeaderOptions({ run, settings, now, editionId }: ActiveRun): Promise<JobResult> {
    const open = (await this.applications.find({
      where: { editionId, completed: false, teamLeader: true },
      relations: { user: true },
      order: { id: 'ASC' },
    })) as WithUser[];
    const { applicationEndDate } = settings.timeline;
    // Caught up after the application deadline, the advice to finish as a Student Volunteer would come too late.
    const notify = now.getTime() < Date.parse(applicationEndDate);
    let cleared = 0;
    for (const application of open) {
      await this.runs.keepAlive(run);
      await this.dataSource.transaction(async (manager) => {
        const result = await manager.update(
          Application,
          { id: application.id, completed: false, teamLeader: true },
          { teamLeader: false, version: () => 'version + 1' },
        );
        if (!result.affected) return;
        cleared += 1;
        await this.audit.record(
          null,
          {
            action: 'application.update',
            entity: 'application',
            entityId: application.id,
            before: { teamLeader: true },
            after: { teamLeader: false, reason: 'deadline' },
          },
          manager,
        );
        if (notify) {
          await this.mails.owe(manager, run, {
            userId: application.userId,
            recipient: application.user.email,
            kind: 'team-leader-closed',
            params: { firstName: application.user.firstName, applicationEndDate },
          });
        }
      });
    }
    return { added: { cleared } };
  }

  /** At the application deadline: every application not submitted is closed for good; submitted ones stay as they are. */
  async lockOpenApplications({ run, editionId }: ActiveRun): Promise<JobResult> {
    const open = await this.applications.find({
      where: { editionId, completed: false, closed: false },
      select: { id: true },
      order: { id: 'ASC' },
    });
    let locked = 0;
    for (const { id } of open) {
      await this.runs.keepAlive(run);
      await this.dataSource.transaction(async (manager) => {
        const result = await manager.update(
          Application,
          { id, completed: false, closed: false },
          { closed: true, version: () => 'version + 1' },
        );
        if (!result.affected) return;
        locked += 1;
        await this.audit.record(
          null,
          {
            action: 'application.update',
            entity: 'application',
            entityId: id,
            before: { closed: false },
            after: { closed: true, reason: 'deadline' },
          },
          manager,
        );
      });
    }
    const submitted = await this.applications.countBy({ editionId, completed: true });
    return { added: { locked }, counts: { submitted } };
  }

  /**
   * When applications close: each submitted application gets its reference rows (from its answers),
   * and each referee still waiting is owed the request, in the same transaction; the ledger keeps it
   * to one email per reference and request, across re-runs, restarts and servers.
   */
  async requestReferences({ run, settings, now, editionId }: ActiveRun): Promise<JobResult> {
    if (now.getTime() >= Date.parse(settings.timeline.referencesDeadline)) {
      return { skipped: 'Not sent: references had already closed when this job could run.' };
    }
    const submitted = (await this.applications.find({
      where: { editionId, completed: true },
      relations: { user: true },
      order: { id: 'ASC' },
    })) as WithUser[];
    let created = 0;
    let requested = 0;
    for (const application of submitted) {
      await this.runs.keepAlive(run);
      await this.dataSource.transaction(async (manager) => {
        const prepared = await this.references.prepareRequests(manager, application, settings, now);
        created += prepared.created;
        requested += prepared.mails.length;
        await this.mails.oweMany(manager, run, prepared.mails);
      });
    }
    return { added: { referencesCreated: created }, counts: { applications: submitted.length, referencesRequested: requested } };
  }

  /** Before references close: referees who have not answered are reminded. */
  async remindReferees({ run, settings, now, editionId }: ActiveRun, job: JobDefinition): Promise<JobResult> {
    const skipped = reminderSkipReason(job, settings.timeline, now);
    if (skipped) return { skipped };
    const mails = await this.references.remindersOwed(settings, editionId, job.daysBefore, run.dueAt);
    await this.oweAll(run, mails);
    return { counts: { waiting: mails.length } };
  }

  /** At the acceptance date: every submitted applicant with a decision is emailed it, once. */
  async releaseDecisions({ run, settings, editionId }: ActiveRun): Promise<JobResult> {
    const decided = (await this.applications.find({
      where: { editionId, completed: true, status: In(['offered', 'waitlisted', 'rejected']) },
      relations: { user: true },
      order: { id: 'ASC' },
    })) as WithUser[];
    const mails: OwedMail<'decision'>[] = decided.map((application) => {
      const outcome = application.status as 'offered' | 'waitlisted' | 'rejected';
      return {
        userId: application.userId,
        recipient: application.user.email,
        kind: 'decision',
        params: {
          firstName: application.user.firstName,
          outcome,
          ...(outcome === 'offered'
            ? {
                confirmBy: offerDeadline(settings.timeline, application.offerExpiresAt).toISOString(),
                // The place they will confirm, by the same rule as the confirmation itself.
                teamLeader: confirmationTag(application.statusTag, application.user.role === 'Team-Leader') === 'TL',
              }
            : {}),
        },
      };
    });
    await this.oweAll(run, mails);
    const count = (state: string) => decided.filter((a) => a.status === state).length;
    // Submitted but not decided yet: not emailed; running the job again once they are decided tells them.
    const undecided = await this.applications.countBy({ editionId, completed: true, status: 'pending' });
    return { counts: { offered: count('offered'), waitlisted: count('waitlisted'), rejected: count('rejected'), undecided } };
  }

  /** Before the application deadline: applicants whose application is still in progress are reminded. */
  async remindApplicants({ run, settings, now, editionId }: ActiveRun, job: JobDefinition): Promise<JobResult> {
    const skipped = reminderSkipReason(job, settings.timeline, now);
    if (skipped) return { skipped };
    const open = (await this.applications.find({
      where: { editionId, completed: false, closed: false },
      relations: { user: true },
      order: { id: 'ASC' },
    })) as WithUser[];
    await this.oweAll(
      run,
      open.map((application) => ({
        userId: application.userId,
        recipient: application.user.email,
        kind: 'application-reminder' as const,
        params: {
          firstName: application.user.firstName,
          applicationEndDate: settings.timeline.applicationEndDate,
          daysLeft: job.daysBefore,
        },
      })),
    );
    return { counts: { inProgress: open.length } };
  }

  /** Before the confirmation deadline: applicants offered a place who have not confirmed it are reminded. */
  async remindOffered({ run, settings, now, editionId }: ActiveRun, job: JobDefinition): Promise<JobResult> {
    const skipped = reminderSkipReason(job, settings.timeline, now);
    if (skipped) return { skipped };
    // Places offered from the waitlist carry their own deadline, not this one.
    const offered = (await this.applications.find({
      where: { editionId, status: 'offered' },
      relations: { user: true },
      order: { id: 'ASC' },
    })) as WithUser[];
    const unconfirmed = offered.filter((application) => application.offerExpiresAt === null);
    await this.oweAll(
      run,
      unconfirmed.map((application) => ({
        userId: application.userId,
        recipient: application.user.email,
        kind: 'confirmation-reminder' as const,
        params: { firstName: application.user.firstName, confirmBy: settings.timeline.confirmationDeadline, daysLeft: job.daysBefore },
      })),
    );
    return { counts: { unconfirmed: unconfirmed.length } };
  }

  /**
   * At the confirmation deadline (and at the own deadline of each waitlist offer): offers not
   * confirmed become declined; with autoOfferWaitlist on, the places they free go to waitlisted
   * applicants, best average jury score first, each with WAITLIST_OFFER_DAYS to confirm.
   */
  async expireOffers({ run, settings, now, editionId }: ActiveRun): Promise<JobResult> {
    const offered = await this.applications.find({
      where: { editionId, status: 'offered' },
      relations: { user: true },
      order: { id: 'ASC' },
    });
    const lapsing = offered.filter(
      (a) => offerDeadline(settings.timeline, a.offerExpiresAt).getTime() <= run.dueAt.getTime(),
    ) as WithUser[];
    let declined = 0;
    for (const application of lapsing) {
      await this.runs.keepAlive(run);
      const changed = await this.transition(application, async (manager, current) => {
        await this.status.transition(manager, current, 'declined', {
          actor: null,
          reason: 'deadline',
          changes: { declinedAt: now, declineReason: 'deadline' },
        });
        await this.mails.owe(manager, run, {
          userId: application.userId,
          recipient: application.user.email,
          kind: 'offer-lapsed',
          params: { firstName: application.user.firstName },
        });
      });
      if (changed) declined += 1;
    }

    let offeredFromWaitlist = 0;
    if (settings.autoOfferWaitlist) {
      // Counted from the outbox, which is written with each change: right across a crash and a resumed attempt.
      const places = (await this.mails.countOwed(run, 'offer-lapsed')) - (await this.mails.countOwed(run, 'waitlist-offer'));
      if (places > 0) {
        const confirmBy = new Date(now.getTime() + WAITLIST_OFFER_DAYS * DAY_MS);
        for (const application of await this.waitlistInOrder(editionId)) {
          if (offeredFromWaitlist >= places) break;
          await this.runs.keepAlive(run);
          const changed = await this.transition(application, async (manager, current) => {
            await this.status.transition(manager, current, 'offered', {
              actor: null,
              reason: 'waitlist',
              changes: { offerExpiresAt: confirmBy },
            });
            await this.mails.owe(manager, run, {
              userId: application.userId,
              recipient: application.user.email,
              kind: 'waitlist-offer',
              params: { firstName: application.user.firstName, confirmBy: confirmBy.toISOString() },
            });
          });
          if (changed) offeredFromWaitlist += 1;
        }
      }
    }
    const waitlisted = await this.applications.countBy({ editionId, completed: true, status: 'waitlisted' });
    return { added: { declined, offeredFromWaitlist }, counts: { waitlisted } };
  }

  /** When schedules are out: every confirmed volunteer is told. */
  async announceSchedules({ run, editionId }: ActiveRun): Promise<JobResult> {
    const confirmed = (await this.applications.find({
      where: { editionId, status: 'confirmed' },
      relations: { user: true },
      order: { id: 'ASC' },
    })) as WithUser[];
    await this.oweAll(
      run,
      confirmed.map((application) => ({
        userId: application.userId,
        recipient: application.user.email,
        kind: 'schedules-released' as const,
        params: { firstName: application.user.firstName },
      })),
    );
    return { counts: { confirmed: confirmed.length } };
  }

  /** The waitlisted applications, in the order their applicants are offered freed places. */
  private async waitlistInOrder(editionId: number): Promise<WithUser[]> {
    const waitlisted = (await this.applications.find({
      where: { editionId, completed: true, status: 'waitlisted' },
      relations: { user: true },
    })) as WithUser[];
    if (!waitlisted.length) return [];
    const scores = await this.scores.findBy({ applicationId: In(waitlisted.map((a) => a.id)) });
    const averages = rawAverages(scores);
    return waitlistOrder(
      waitlisted.map((application) => ({ application, applicationId: application.id, submittedAt: application.submittedAt })),
      averages,
    ).map((c) => c.application);
  }

  /**
   * Applies one status change to the application as it is now, in a transaction; false when it
   * changed meanwhile (the applicant confirmed, an administrator decided) and is left alone.
   */
  private async transition(
    application: WithUser,
    change: (manager: EntityManager, current: Application) => Promise<void>,
  ): Promise<boolean> {
    const current = await this.applications.findOneBy({ id: application.id });
    if (!current || current.status !== application.status) return false;
    try {
      await this.dataSource.transaction((manager) => change(manager, current));
      return true;
    } catch (error) {
      if (error instanceof AppException && error.status === 409) {
        this.logger.warn(`Application ${application.id} changed while a job was deciding it; left as it is.`);
        return false;
      }
      throw error;
    }
  }

  private async oweAll(run: JobRun, mails: readonly OwedMail[]): Promise<void> {
    for (let start = 0; start < mails.length; start += OWE_BATCH) {
      await this.runs.keepAlive(run);
      await this.dataSource.transaction(async (manager) => {
        await this.mails.oweMany(manager, run, mails.slice(start, start + OWE_BATCH));
      });
    }
  }
}
