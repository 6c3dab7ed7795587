import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { formatShiftDay, pacificTime } from '@svp/domain';
import { DataSource, In } from 'typeorm';
import { MailContextService } from '../mail/mail-context.service.js';
import { MailService } from '../mail/mail.service.js';
import { type Notice, NotificationsService } from '../mail/notifications/notifications.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { type MailContext, swapAcceptedMail, swapAcceptedTeamLeaderMail, swapRequestedMail } from '../mail/templates.js';
import type { MailMessage } from '../mail/mail.service.js';
import type { ShiftView } from '../schedule/shift.view.js';
import { User } from '../users/user.entity.js';
import type { SwapRequestView } from './swap-request.view.js';

type Recipient = Pick<User, 'id' | 'email' | 'firstName' | 'lastName'>;

/** "Greeter at Exhibit Hall, Sun Aug 10th 08:00–12:00 (Pacific time)" */
export function shiftLine(shift: ShiftView): string {
  const startsAt = new Date(shift.starts_at);
  return (
    `${shift.role} at ${shift.venue.name}, ` +
    `${formatShiftDay(startsAt)} ${pacificTime(startsAt)}–${pacificTime(new Date(shift.ends_at))} (Pacific time)`
  );
}

const nameOf = (person: { given_name: string; family_name: string }) => `${person.given_name} ${person.family_name}`.trim();

/**
 * The swap emails: to the volunteer asked, and when a swap is done to both volunteers and
 * the team leaders of both venues. Sent after the change is committed; a mail that cannot go out is
 * logged and never undoes the change.
 */
@Injectable()
export class SwapNotices {
  private readonly logger = new Logger('SwapNotices');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly mailContext: MailContextService,
    private readonly notifications: NotificationsService,
    private readonly settings: SettingsService,
  ) {}

  /** The same news on the volunteers' phones, each notice once (the mail ledger's key names the request and what happened). */
  private async notify(notices: Notice[]): Promise<void> {
    try {
      const edition = await this.settings.editionKey();
      await this.dataSource.manager.transaction((manager) => this.notifications.owe(manager, edition, notices));
      this.notifications.kick();
    } catch (error) {
      this.logger.warn(`Swap notifications could not be owed: ${(error as Error).message}`);
    }
  }

  async requested(request: SwapRequestView): Promise<void> {
    await this.notify([
      {
        userId: request.swapped_sv!.id,
        kind: 'swap',
        about: `swap:${request.id}:asked`,
        title: `${nameOf(request.sv)} asks to swap shifts`,
        body: `Your ${shiftLine(request.swapped_shift!)} for their ${shiftLine(request.shift)}.`,
        url: '/schedule/swap/list',
      },
    ]);
    await this.deliver(async (context) => {
      const [asked] = await this.recipients([request.swapped_sv!.id]);
      if (!asked) return [];
      return [
        swapRequestedMail(
          asked.email,
          asked.firstName,
          { requesterName: nameOf(request.sv), offered: shiftLine(request.shift), asked: shiftLine(request.swapped_shift!) },
          context,
        ),
      ];
    });
  }

  async accepted(request: SwapRequestView): Promise<void> {
    await this.notify(
      [
        [request.sv, request.swapped_sv!, request.swapped_shift!],
        [request.swapped_sv!, request.sv, request.shift],
      ].map(([person, partner, now]) => ({
        userId: (person as SwapRequestView['sv']).id,
        kind: 'swap' as const,
        about: `swap:${request.id}:accepted`,
        title: 'Your shift swap is done',
        body: `You swapped with ${nameOf(partner as SwapRequestView['sv'])}: you now work ${shiftLine(now as ShiftView)}.`,
        url: '/schedule',
      })),
    );
    await this.deliver(async (context) => {
      const creator = request.sv;
      const acceptor = request.swapped_sv!;
      const given = request.shift;
      const taken = request.swapped_shift!;
      const leaderIds = [...given.venue.teamLeaders, ...taken.venue.teamLeaders].map((l) => l.id);
      const people = new Map((await this.recipients([creator.id, acceptor.id, ...leaderIds])).map((u) => [u.id, u]));
      const messages: MailMessage[] = [];
      const toVolunteer = (person: typeof creator, partner: typeof creator, now: ShiftView, before: ShiftView) => {
        const user = people.get(person.id);
        if (user)
          messages.push(
            swapAcceptedMail(
              user.email,
              user.firstName,
              { partnerName: nameOf(partner), now: shiftLine(now), before: shiftLine(before) },
              context,
            ),
          );
      };
      toVolunteer(creator, acceptor, taken, given);
      toVolunteer(acceptor, creator, given, taken);
      const moves = [
        { name: nameOf(creator), now: shiftLine(taken), before: shiftLine(given) },
        { name: nameOf(acceptor), now: shiftLine(given), before: shiftLine(taken) },
      ];
      for (const id of new Set(leaderIds)) {
        const leader = people.get(id);
        if (leader) messages.push(swapAcceptedTeamLeaderMail(leader.email, leader.firstName, { moves }, context));
      }
      return messages;
    });
  }

  private recipients(ids: number[]): Promise<Recipient[]> {
    return this.dataSource.manager.find(User, {
      where: { id: In([...new Set(ids)]) },
      select: { id: true, email: true, firstName: true, lastName: true },
    });
  }

  /** Builds and sends the messages; every failure is logged, none is thrown. */
  private async deliver(build: (context: MailContext) => Promise<MailMessage[]>): Promise<void> {
    try {
      const messages = await build(await this.mailContext.context());
      const results = await Promise.allSettled(messages.map((message) => this.mail.send(message)));
      results.forEach((result, i) => {
        if (result.status === 'rejected')
          this.logger.warn(
            `Swap notice "${messages[i]!.subject}" to ${messages[i]!.to} not sent: ${(result.reason as Error)?.message ?? result.reason}`,
          );
      });
    } catch (error) {
      this.logger.warn(`Swap notices not sent: ${(error as Error)?.message ?? error}`);
    }
  }
}
