import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { type Gates, applicationClosed } from '@svp/domain';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import type { ProofEditability } from '../files/proof-editability.js';
import { SettingsService } from '../settings/settings.service.js';
import { Application } from './application.entity.js';

export const APPLICATION_MESSAGES = {
  notOpen: 'Applications are not open yet.',
  closed: 'Applications have closed',
  submitted: 'Your application has been submitted and can no longer be edited.',
  stale:
    'Your application was changed in another window since you opened it. Reload it to see the latest version, then make your change again.',
  notFound: 'You have not started an application yet.',
  teamLeaderClosed: 'The deadline for Team Leader applications has passed',
  teamLeaderFirstTimer: 'Team Leader applicants need at least one year of prior SV experience.',
  notVerified: 'Please confirm your email address (use the code we emailed you) before submitting.',
  profileIncomplete: 'Please complete your profile before submitting your application.',
} as const;

/** Whether an application (or a new one, when null) may still be written now; throws the reason. */
export function assertEditable(application: Pick<Application, 'completed' | 'closed'> | null, gates: Gates): void {
  if (gates.beforeLaunch) throw AppException.conflict(APPLICATION_MESSAGES.notOpen, ErrorCode.NotOpen);
  if (applicationClosed(application, gates)) throw AppException.deadlinePassed(APPLICATION_MESSAGES.closed);
  if (application?.completed) throw AppException.conflict(APPLICATION_MESSAGES.submitted, ErrorCode.Submitted);
}

/** A proof of enrollment may change while its owner's application of the current edition may. */
@Injectable()
export class ApplicationProofEditability implements ProofEditability {
  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    private readonly settings: SettingsService,
  ) {}

  async assertCanChange(userId: number): Promise<void> {
    const { gates } = await this.settings.gates();
    assertEditable(await this.applications.findOneBy({ userId, editionId: await this.settings.currentId() }), gates);
  }
}
