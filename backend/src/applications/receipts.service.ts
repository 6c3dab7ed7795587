import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type ApplicationFlags, type EditionSettings, POLICY_DOCUMENTS, editionTexts } from '@svp/domain';
import { MailLedgerService } from '../mail/mail-ledger.service.js';
import type { MailSend } from '../mail/mail-send.entity.js';
import { recordConsents } from '../users/consents.js';
import type { User } from '../users/user.entity.js';
import { SettingsService } from '../settings/settings.service.js';

/**
 * The receipts an applicant gets for their own actions: an application received, a place confirmed.
 * Each is written to the mail ledger in the transaction of the change it reports (so it exists
 * exactly when the change does, and once per edition), then sent after the commit by `send`.
 */
@Injectable()
export class ReceiptsService {
  constructor(
    private readonly ledger: MailLedgerService,
    private readonly settings: SettingsService,
  ) {}

  /**
   * Owes the receipt of a submitted application; answers the ledger rows to send after the commit.
   * A submission also records the three agreements it carries (a submission needs every one ticked),
   * in the same transaction (docs/decisions.md, 'Consents').
   */
  async applicationReceived(
    manager: EntityManager,
    user: User,
    flags: ApplicationFlags,
    settings: EditionSettings,
    at: Date,
  ): Promise<MailSend[]> {
    const { teamLeaderResults, studentVolunteerResults } = settings.resultTexts;
    const resultsBy = flags.teamLeader
      ? `${teamLeaderResults} about your Team Leader application, and ${studentVolunteerResults} about your Student Volunteer application`
      : studentVolunteerResults;
    const edition = await this.settings.editionKey();
    await recordConsents(manager, user.id, POLICY_DOCUMENTS, 'application', at, edition);
    return this.ledger.oweMany(manager, { edition, at, jobRunId: null }, [
      {
        userId: user.id,
        recipient: user.email,
        kind: 'application-received',
        params: {
          firstName: user.firstName,
          submittedAt: at.toISOString(),
          teamLeader: flags.teamLeader,
          financialAid: flags.financialAid,
          resultsBy,
        },
      },
    ]);
  }

  /** Owes the receipt of a confirmed place, as a Team Leader or a Student Volunteer. */
  async placeConfirmed(manager: EntityManager, user: User, teamLeader: boolean, settings: EditionSettings, at: Date): Promise<MailSend[]> {
    const { conference, timeline } = settings;
    return this.ledger.oweMany(manager, { edition: await this.settings.editionKey(), at, jobRunId: null }, [
      {
        userId: user.id,
        recipient: user.email,
        kind: 'place-confirmed',
        params: {
          firstName: user.firstName,
          role: teamLeader ? 'Team Leader' : 'Student Volunteer',
          serviceDays: editionTexts(conference).serviceDays,
          hours: teamLeader ? conference.tlHours : conference.svHours,
          schedulesReleaseDate: timeline.schedulesReleaseDate,
        },
      },
    ]);
  }

  /** Sends receipts once the transaction that owed them has committed; the change never waits on the mail server. */
  send(sends: readonly MailSend[]): void {
    void this.ledger.sendReceipts(sends);
  }
}
