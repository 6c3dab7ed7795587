import { Foundation1764000000000 } from './1764000000000-Foundation.js';
import { AccountsAndProfile1764100000000 } from './1764100000000-AccountsAndProfile.js';
import { Applications1764200000000 } from './1764200000000-Applications.js';
import { Jury1764300000000 } from './1764300000000-Jury.js';
import { Schedule1764400000000 } from './1764400000000-Schedule.js';
import { CalendarFeeds1764500000000 } from './1764500000000-CalendarFeeds.js';
import { ScheduleRevision1764550000000 } from './1764550000000-ScheduleRevision.js';
import { ShiftSwaps1764600000000 } from './1764600000000-ShiftSwaps.js';
import { Jobs1764700000000 } from './1764700000000-Jobs.js';
import { MailLedger1764800000000 } from './1764800000000-MailLedger.js';
import { PerformanceRecordVersions1764810000000 } from './1764810000000-PerformanceRecordVersions.js';
import { SearchKeys1764900000000 } from './1764900000000-SearchKeys.js';
import { MailReceipts1764910000000 } from './1764910000000-MailReceipts.js';
import { ScheduleBuilder1765000000000 } from './1765000000000-ScheduleBuilder.js';
import { References1765100000000 } from './1765100000000-References.js';
import { WeekRecords1765200000000 } from './1765200000000-WeekRecords.js';
import { Messages1765300000000 } from './1765300000000-Messages.js';
import { Editions1765400000000 } from './1765400000000-Editions.js';
import { RateLimits1765500000000 } from './1765500000000-RateLimits.js';
import { OnceAcrossServers1765510000000 } from './1765510000000-OnceAcrossServers.js';
import { ScheduleExceptions1765600000000 } from './1765600000000-ScheduleExceptions.js';
import { MessageRendering1765700000000 } from './1765700000000-MessageRendering.js';
import { CalendarSequence1765710000000 } from './1765710000000-CalendarSequence.js';
import { EditionRoles1765800000000 } from './1765800000000-EditionRoles.js';
import { WeekOnTheFloor1765900000000 } from './1765900000000-WeekOnTheFloor.js';
import { PersonalData1766000000000 } from './1766000000000-PersonalData.js';

/** Every migration, oldest first (listed explicitly: ESM builds cannot glob-load them). */
export const MIGRATIONS = [
  Foundation1764000000000,
  AccountsAndProfile1764100000000,
  Applications1764200000000,
  Jury1764300000000,
  Schedule1764400000000,
  CalendarFeeds1764500000000,
  ScheduleRevision1764550000000,
  ShiftSwaps1764600000000,
  Jobs1764700000000,
  MailLedger1764800000000,
  PerformanceRecordVersions1764810000000,
  SearchKeys1764900000000,
  MailReceipts1764910000000,
  ScheduleBuilder1765000000000,
  References1765100000000,
  WeekRecords1765200000000,
  Messages1765300000000,
  Editions1765400000000,
  RateLimits1765500000000,
  OnceAcrossServers1765510000000,
  ScheduleExceptions1765600000000,
  MessageRendering1765700000000,
  CalendarSequence1765710000000,
  EditionRoles1765800000000,
  WeekOnTheFloor1765900000000,
  PersonalData1766000000000,
];
