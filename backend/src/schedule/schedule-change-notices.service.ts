import { Injectable } from '@nestjs/common';
import { type EntityManager, In } from 'typeorm';
import { type EditionSettings } from '@svp/domain';
import { Clock } from '../clock/clock.js';
import { MailLedgerService, type OwedMail } from '../mail/mail-ledger.service.js';
import type { MailSend } from '../mail/mail-send.entity.js';
import { type Notice, NotificationsService } from '../mail/notifications/notifications.service.js';
import { Shift } from './shift.entity.js';
import { Venue } from './venue.entity.js';
import { User } from '../users/user.entity.js';
import { shiftLabel } from './shift-label.js';
import { SettingsService } from '../settings/settings.service.js';

type Pair = { shiftId: number; volunteerId: number };

/**
 * Once schedules are out, every change to someone's assignments (a build applied or undone, an
 * administrator's edit) is emailed to each person it touches: one email per person per change,
 * listing what was added and removed, owed in the change's transaction through the mail ledger.
 */
@Injectable()
export class ScheduleChangeNotices {
  constructor(
    private readonly ledger: MailLedgerService,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly notifications: NotificationsService,
  ) {}

  /** Owes the notices of one change (`change` names it uniquely, e.g. 'build:12:apply'); none before schedules are out. */
  async owe(
    manager: EntityManager,
    settings: EditionSettings,
    change: string,
    removed: readonly Pair[],
    added: readonly Pair[],
  ): Promise<MailSend[]> {
    const now = this.clock.now();
    if (now.getTime() < Date.parse(settings.timeline.schedulesReleaseDate) || (!removed.length && !added.length)) return [];
    const shiftIds = [...new Set([...removed, ...added].map((p) => p.shiftId))];
    const userIds = [...new Set([...removed, ...added].map((p) => p.volunteerId))];
    const [shifts, users] = await Promise.all([
      manager.find(Shift, { where: { id: In(shiftIds) } }),
      manager.find(User, { where: { id: In(userIds) }, select: { id: true, firstName: true, email: true } }),
    ]);
    const venues = new Map(
      (await manager.find(Venue, { where: { id: In([...new Set(shifts.map((s) => s.venueId))]) } })).map((v) => [v.id, v]),
    );
    const shiftById = new Map(shifts.map((s) => [s.id, s]));
    const label = (id: number) => {
      const shift = shiftById.get(id);
      return shift ? shiftLabel(shift, venues.get(shift.venueId)) : `Shift ${id}`;
    };
    const mails: OwedMail<'schedule-changed'>[] = users.map((user) => ({
      userId: user.id,
      recipient: user.email,
      kind: 'schedule-changed',
      params: {
        firstName: user.firstName,
        change,
        added: added.filter((p) => p.volunteerId === user.id).map((p) => label(p.shiftId)),
        removed: removed.filter((p) => p.volunteerId === user.id).map((p) => label(p.shiftId)),
      },
    }));
    const edition = await this.settings.editionKey();
    // The same news on their phones: one notice per person and change.
    const notices: Notice[] = mails.map((mail) => ({
      userId: mail.userId,
      kind: 'shift-change',
      about: `change:${change}`,
      title: 'Your schedule changed',
      body: [
        mail.params.added.length ? `Added: ${mail.params.added.join('; ')}.` : '',
        mail.params.removed.length ? `Removed: ${mail.params.removed.join('; ')}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
      url: '/schedule',
    }));
    return [
      ...(await this.ledger.oweMany(manager, { edition, at: now, jobRunId: null }, mails)),
      ...(await this.notifications.owe(manager, edition, notices)),
    ];
  }

  /** Sends them after the change has committed. */
  send(sends: readonly MailSend[]): void {
    void this.ledger.sendReceipts(sends);
    if (sends.some((send) => send.kind === 'push' || send.kind === 'text')) this.notifications.kick();
  }
}
