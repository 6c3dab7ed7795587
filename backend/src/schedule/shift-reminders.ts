import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, type DataSource, In } from 'typeorm';
import { formatShiftTime, isPlaceholderVenue } from '@svp/domain';
import { Clock } from '../clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { type Notice, NotificationsService } from '../mail/notifications/notifications.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { ShiftAssignment } from './shift-assignment.entity.js';
import { Shift } from './shift.entity.js';
import { Venue } from './venue.entity.js';

/** How often a server that runs the jobs looks for reminders due. */
export const REMINDERS_EVERY_MS = 60_000;
/** The longest reminder anyone can choose (NotificationSettings.reminderMinutes). */
const LONGEST_MINUTES = 1440;

/**
 * A reminder on each person's phone before each of their shifts, as long before as they chose (an hour
 * unless they changed it). Owed once per person, shift and start time through the mail ledger: a
 * shift moved to another time is a new reminder, a reminder looked for twice is one.
 */
@Injectable()
export class ShiftReminders implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Reminders');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.jobsEnabled) return;
    this.timer = setInterval(
      () => void this.remind().catch((e: Error) => this.logger.warn(`Reminders failed: ${e.message}`)),
      REMINDERS_EVERY_MS,
    );
    this.timer.unref?.();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Owes the reminders due now (and not owed before); answers how many notices were written. */
  remind(): Promise<number> {
    this.running ??= this.remindNow().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async remindNow(): Promise<number> {
    const { gates } = await this.settings.gates();
    if (!gates.schedulesOut) return 0;
    const now = this.clock.now();
    const manager = this.dataSource.manager;
    const shifts = await manager.find(Shift, {
      where: { editionId: await this.settings.currentId(), startsAt: Between(now, new Date(now.getTime() + LONGEST_MINUTES * 60_000)) },
    });
    const upcoming = shifts.filter((s) => s.startsAt.getTime() > now.getTime());
    if (!upcoming.length) return 0;
    const venues = new Map(
      (await manager.find(Venue, { where: { id: In([...new Set(upcoming.map((s) => s.venueId))]) } })).map((v) => [v.id, v]),
    );
    const working = upcoming.filter((s) => venues.has(s.venueId) && !isPlaceholderVenue(venues.get(s.venueId)!.name));
    if (!working.length) return 0;
    const assignments = await manager.find(ShiftAssignment, {
      where: { shiftId: In(working.map((s) => s.id)) },
      select: { shiftId: true, volunteerId: true },
    });
    const choices = await this.notifications.settingsOf([...new Set(assignments.map((a) => a.volunteerId))]);
    const byId = new Map(working.map((s) => [s.id, s]));
    const notices: Notice[] = assignments.flatMap((a) => {
      const shift = byId.get(a.shiftId)!;
      const choice = choices.get(a.volunteerId)!;
      if (!choice.reminders || shift.startsAt.getTime() - now.getTime() > choice.reminderMinutes * 60_000) return [];
      const venue = venues.get(shift.venueId)!;
      return [
        {
          userId: a.volunteerId,
          kind: 'reminder' as const,
          about: `shift:${shift.id}@${shift.startsAt.toISOString()}`,
          title: `Your shift starts at ${formatShiftTime(shift.startsAt)}`,
          body:
            `${shift.role} at ${venue.name}${venue.location ? ` (${venue.location})` : ''}` +
            (shift.reportTo ? `; report to ${shift.reportTo}.` : '.'),
          url: '/schedule',
        },
      ];
    });
    if (!notices.length) return 0;
    const edition = await this.settings.editionKey();
    const written = await manager.transaction((tx) => this.notifications.owe(tx, edition, notices));
    if (written.length) this.notifications.kick();
    return written.length;
  }
}
