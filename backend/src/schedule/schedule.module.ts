import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Application } from '../applications/application.entity.js';
import { User } from '../users/user.entity.js';
import { AdminShiftAssignmentsController } from './admin-shift-assignments.controller.js';
import { AdminShiftsController } from './admin-shifts.controller.js';
import { AdminVenuesController } from './admin-venues.controller.js';
import { CalendarFeed } from './calendar/calendar-feed.entity.js';
import { CalendarFeedsService } from './calendar/calendar-feeds.service.js';
import { CalendarController } from './calendar/calendar.controller.js';
import { ScheduleImportController } from './import/schedule-import.controller.js';
import { ScheduleImportService } from './import/schedule-import.service.js';
import { PerformanceRecord } from './performance-record.entity.js';
import { PerformanceRecordsService } from './performance-records.service.js';
import { RosterController } from './roster.controller.js';
import { RosterService } from './roster.service.js';
import { ScheduleReader } from './schedule-reader.service.js';
import { ScheduleController } from './schedule.controller.js';
import { ScheduleService } from './schedule.service.js';
import { ScheduleSnapshots } from './schedule-snapshots.js';
import { ScheduleAccessCache } from './schedule-access.js';
import { ShiftAssignment } from './shift-assignment.entity.js';
import { ShiftAssignmentsService } from './shift-assignments.service.js';
import { Shift } from './shift.entity.js';
import { ShiftsService } from './shifts.service.js';
import { VenueTeamLeader } from './venue-team-leader.entity.js';
import { Venue } from './venue.entity.js';
import { VenuesService } from './venues.service.js';
import { ScheduleWorldService } from './schedule-world.service.js';
import { ScheduleChangeNotices } from './schedule-change-notices.service.js';
import { VolunteerConstraints } from './volunteer-constraints.entity.js';
import { AccountChangeListener } from '../users/account-changes.js';
import { ScheduleAccountListener } from './schedule-account-listener.js';
import { RecordAction } from './record-action.entity.js';
import { RecordSyncService } from './record-sync.service.js';
import { CheckInCodesService } from './check-in-codes.service.js';
import { CheckInController } from './check-in.controller.js';
import { ShiftReminders } from './shift-reminders.js';

export const SCHEDULE_ENTITIES = [
  Venue,
  VenueTeamLeader,
  Shift,
  ShiftAssignment,
  PerformanceRecord,
  CalendarFeed,
  VolunteerConstraints,
  RecordAction,
];

@Module({
  imports: [TypeOrmModule.forFeature([...SCHEDULE_ENTITIES, Application, User])],
  // CalendarController and RosterController first: their /schedule/:id/calendar* and /schedule/roster routes must not meet
  // ScheduleController's /schedule/:id.
  controllers: [
    CalendarController,
    RosterController,
    ScheduleController,
    AdminVenuesController,
    AdminShiftsController,
    AdminShiftAssignmentsController,
    ScheduleImportController,
    CheckInController,
  ],
  providers: [
    ScheduleReader,
    ScheduleSnapshots,
    ScheduleAccessCache,
    ScheduleService,
    PerformanceRecordsService,
    VenuesService,
    ShiftsService,
    ShiftAssignmentsService,
    CalendarFeedsService,
    ScheduleImportService,
    ScheduleWorldService,
    ScheduleChangeNotices,
    RosterService,
    RecordSyncService,
    CheckInCodesService,
    ShiftReminders,
    { provide: AccountChangeListener, useClass: ScheduleAccountListener },
  ],
  exports: [ScheduleReader, ScheduleService, ScheduleWorldService, ShiftAssignmentsService, ScheduleChangeNotices, ShiftReminders],
})
export class ScheduleModule {}
