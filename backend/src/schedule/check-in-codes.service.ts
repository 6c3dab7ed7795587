import { Inject, Injectable } from '@nestjs/common';
import { type CheckInCodes, checkInCodeWindow, isPlaceholderVenue } from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { checkInCodeKey, signCheckInCode } from './check-in-codes.js';
import { ScheduleReader } from './schedule-reader.service.js';
import { ScheduleService } from './schedule.service.js';

/** How far ahead the caller's codes are handed out: a day and a half, so a phone that goes offline overnight has the morning's. */
export const CHECK_IN_CODES_AHEAD_HOURS = 36;

/** A volunteer's personal check-in codes: one per shift, signed, good from check-in's opening to the shift's end. */
@Injectable()
export class CheckInCodesService {
  private readonly key: Buffer;

  constructor(
    private readonly schedule: ScheduleService,
    private readonly reader: ScheduleReader,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = checkInCodeKey(config.jwtSecret);
  }

  async codes(caller: AuthUser): Promise<CheckInCodes> {
    const now = await this.schedule.assertCanSee(caller);
    const horizon = now.getTime() + CHECK_IN_CODES_AHEAD_HOURS * 3_600_000;
    const shifts = (await this.reader.shiftsOfVolunteer(caller.id)).filter(
      (s) => !isPlaceholderVenue(s.venueName) && s.endsAt.getTime() > now.getTime() && s.startsAt.getTime() <= horizon,
    );
    return {
      now: now.toISOString(),
      codes: shifts.map((s) => {
        const { from, until } = checkInCodeWindow(s);
        return {
          shiftId: s.id,
          code: signCheckInCode(this.key, s.id, caller.id, until),
          validFrom: from.toISOString(),
          validUntil: until.toISOString(),
        };
      }),
    };
  }
}
