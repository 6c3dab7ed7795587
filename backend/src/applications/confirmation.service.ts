import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  type ConfirmationForm,
  confirmationError,
  confirmationTag,
  emptyConfirmationForm,
  normaliseConfirmation,
  offerLapsed,
} from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { Clock } from '../clock/clock.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import { Application } from './application.entity.js';
import { ApplicationStatusService } from './application-status.service.js';
import { ReceiptsService } from './receipts.service.js';
import { recordConsents } from '../users/consents.js';
import { ApplicationsService, type ApplicationView } from './applications.service.js';
import type { ConfirmDto } from './dto/confirm.dto.js';

export const CONFIRMATION_RESULT_MESSAGES = {
  noOffer: 'There is no offer to confirm.',
  alreadyConfirmed: 'You have already confirmed your place with other answers. Write to the programme if something changed.',
  deadline: 'The confirmation deadline has passed',
  nothingToDecline: 'There is no place to decline.',
  confirmed: 'Your place is confirmed. See you in Vancouver!',
  declined: 'You have declined your place.',
} as const;

/** Confirming or declining an offered place (docs/product.md, 'Confirmation'). */
@Injectable()
export class ConfirmationService {
  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly status: ApplicationStatusService,
    private readonly applicationViews: ApplicationsService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly receipts: ReceiptsService,
  ) {}

  async confirm(caller: AuthUser, dto: ConfirmDto): Promise<ApplicationView> {
    const { user, application } = await this.own(caller, dto.sv_id);
    const { sv_id: _svid, ...answers } = dto;
    const form = normaliseConfirmation({ ...emptyConfirmationForm(), ...defined(answers) } as ConfirmationForm);
    if (application?.status === 'confirmed') {
      // The same answers again (a double click, a retry) is no change.
      if (JSON.stringify(application.confirmation) === JSON.stringify(form)) return this.applicationViews.view(application, user, 'owner');
      throw AppException.conflict(CONFIRMATION_RESULT_MESSAGES.alreadyConfirmed, ErrorCode.AlreadyConfirmed);
    }
    if (application?.status !== 'offered') throw AppException.conflict(CONFIRMATION_RESULT_MESSAGES.noOffer, ErrorCode.NoOffer);
    // A place offered from the waitlist after the edition's deadline carries a deadline of its own.
    const { settings, now } = await this.settings.gates();
    if (offerLapsed(settings.timeline, application.offerExpiresAt, now)) {
      throw AppException.deadlinePassed(CONFIRMATION_RESULT_MESSAGES.deadline);
    }
    const problem = confirmationError(form);
    if (problem) throw AppException.badRequest(problem.message, { [problem.field]: problem.message });

    const tag = confirmationTag(application.statusTag, user.role === 'Team-Leader');
    const { updated, receipts } = await this.applications.manager.transaction(async (manager) => ({
      updated: await this.status.transition(manager, application, 'confirmed', {
        tag,
        actor: { id: user.id, email: user.email },
        reason: 'applicant',
        changes: { confirmation: form, confirmedAt: now },
      }),
      receipts: await this.receipts.placeConfirmed(manager, user, tag === 'TL', settings, now),
      // The photo and video consent is the media release, agreed again for the week (docs/decisions.md, 'Consents').
      consents: await recordConsents(manager, user.id, ['media-release'], 'confirmation', now, await this.settings.editionKey()),
    }));
    this.receipts.send(receipts);
    return this.applicationViews.view(updated, user, 'owner');
  }

  async decline(caller: AuthUser, svid: string | undefined): Promise<ApplicationView> {
    const { user, application } = await this.own(caller, svid);
    if (application?.status === 'declined' && application.declineReason === 'applicant')
      return this.applicationViews.view(application, user, 'owner');
    if (application?.status !== 'offered' && application?.status !== 'confirmed') {
      throw AppException.conflict(CONFIRMATION_RESULT_MESSAGES.nothingToDecline, ErrorCode.NothingToDecline);
    }
    const updated = await this.applications.manager.transaction((manager) =>
      this.status.transition(manager, application, 'declined', {
        actor: { id: user.id, email: user.email },
        reason: 'applicant',
        changes: { declinedAt: this.clock.now(), declineReason: 'applicant' },
      }),
    );
    return this.applicationViews.view(updated, user, 'owner');
  }

  private async own(caller: AuthUser, svid: string | undefined) {
    if (svid !== undefined && svid !== caller.svid) throw AppException.forbidden('You can only confirm or decline your own place.');
    const user = await this.users.findOneByOrFail({ id: caller.id });
    return { user, application: await this.applications.findOneBy({ userId: user.id, editionId: await this.settings.currentId() }) };
  }
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
