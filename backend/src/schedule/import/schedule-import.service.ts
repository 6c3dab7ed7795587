import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import {
  ASSIGNMENT_LAYOUT,
  type AssignmentImportLookups,
  type CsvLayout,
  type CsvRow,
  type EditionSettings,
  type ImportRowCheck,
  type ImportRowError,
  type ImportVenue,
  SHIFT_LAYOUT,
  type ShiftImportLookups,
  assignmentBreaks,
  checkAssignmentRows,
  checkShiftRows,
  isDay,
} from '@svp/domain';
import { Application } from '../../applications/application.entity.js';
import { AuditService } from '../../audit/audit.service.js';
import { Clock } from '../../clock/clock.js';
import type { AuthUser } from '../../common/auth-user.js';
import { AppException, ErrorCode } from '../../common/errors/app.exception.js';
import { isUniqueViolation } from '../../database/database-errors.js';
import { SettingsService } from '../../settings/settings.service.js';
import { User } from '../../users/user.entity.js';
import { ScheduleWorldService, builderShift } from '../schedule-world.service.js';
import { lockRows } from '../locks.js';
import { bumpScheduleRevision } from '../schedule-revision.js';
import { personName } from '../shift.view.js';
import { ShiftAssignment } from '../shift-assignment.entity.js';
import { Shift } from '../shift.entity.js';
import { Venue } from '../venue.entity.js';
import { type CsvTable, csvRowsProblem, csvSizeProblem, readCsv } from './csv-rows.js';

/** The answer of POST /api/admin/schedule-import/{kind}; a refused import carries the same fields in its 400 body. */
export interface ImportResult {
  dryRun: boolean;
  /** Data rows in the file (blank rows left out). */
  rows: number;
  /** Rows without a problem. */
  valid: number;
  errors: ImportRowError[];
  created: number;
}

export const IMPORT_OUTCOME_MESSAGES = {
  refused: (bad: number, rows: number) =>
    `Nothing was imported: ${bad} of ${rows} row${rows === 1 ? '' : 's'} ${bad === 1 ? 'has' : 'have'} problems. ` +
    `Fix ${bad === 1 ? 'it' : 'them'} and import the file again.`,
  scheduleChanged: 'The schedule changed while this file was being imported, so nothing was saved. Check the file again, then import it.',
  alreadyAssigned:
    'A volunteer in this file was assigned to one of its shifts while it was being imported, so nothing was saved. Check the file again.',
} as const;

// Rows per INSERT statement: far below the bound-parameter limits of SQLite and MySQL.
const INSERT_CHUNK = 500;

/** Imports shifts and assignments from CSV: a dry run lists every bad row; a real run writes all rows or none. */
@Injectable()
export class ScheduleImportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly world: ScheduleWorldService,
    private readonly settings: SettingsService,
  ) {}

  async importShifts(actor: AuthUser, csv: string, dryRun: boolean): Promise<ImportResult> {
    const table = readImportFile(csv, SHIFT_LAYOUT);
    const editionId = await this.settings.currentId();
    if (dryRun) return outcome(table, checkShiftRows(table.rows, await shiftLookups(this.dataSource.manager, table.rows, editionId)), true);
    return this.dataSource.transaction(async (manager) => {
      const checked = checkShiftRows(table.rows, await shiftLookups(manager, table.rows, editionId));
      assertClean(table, checked);
      const now = this.clock.now();
      await insertInChunks(
        manager,
        Shift,
        checked.accepted.map(({ row: _row, ...shift }) => ({ ...shift, editionId, createdAt: now, updatedAt: now })),
      );
      const result = { ...outcome(table, checked, false), created: checked.accepted.length };
      await bumpScheduleRevision(manager);
      await this.audit.record(
        actor,
        { action: 'schedule-import.shifts', entity: 'shift', after: { rows: result.rows, created: result.created } },
        manager,
      );
      return result;
    });
  }

  async importAssignments(actor: AuthUser, csv: string, dryRun: boolean): Promise<ImportResult> {
    const table = readImportFile(csv, ASSIGNMENT_LAYOUT);
    const editionId = await this.settings.currentId();
    if (dryRun)
      return outcome(
        table,
        checkAssignmentRows(
          table.rows,
          await assignmentLookups(this.dataSource.manager, table.rows, this.world, await this.settings.get(), editionId),
        ),
        true,
      );
    const named = await namedUsersAndShifts(this.dataSource.manager, table.rows, editionId);
    const locked = { users: new Set(named.users.map((u) => u.id)), shifts: new Set(named.shifts.map((s) => s.id)) };
    try {
      return await this.dataSource.transaction(async (manager) => {
        // Locks first, in locks.ts's order, so the checks below read what no other admin can change until commit.
        await lockRows(manager, 'users', [...locked.users]);
        await lockRows(manager, 'shifts', [...locked.shifts]);
        const checked = checkAssignmentRows(
          table.rows,
          await assignmentLookups(manager, table.rows, this.world, await this.settings.get(), editionId),
        );
        assertClean(table, checked);
        if (checked.accepted.some((a) => !locked.users.has(a.volunteerId) || !locked.shifts.has(a.shiftId))) {
          throw AppException.conflict(IMPORT_OUTCOME_MESSAGES.scheduleChanged, ErrorCode.ScheduleChanged);
        }
        const now = this.clock.now();
        await insertInChunks(
          manager,
          ShiftAssignment,
          checked.accepted.map(({ row: _row, ...assignment }) => ({ ...assignment, createdAt: now, updatedAt: now })),
        );
        const result = { ...outcome(table, checked, false), created: checked.accepted.length };
        const counts = {
          rows: result.rows,
          created: result.created,
          shifts: new Set(checked.accepted.map((a) => a.shiftId)).size,
          volunteers: new Set(checked.accepted.map((a) => a.volunteerId)).size,
        };
        await bumpScheduleRevision(manager);
        await this.audit.record(actor, { action: 'schedule-import.assignments', entity: 'shift-assignment', after: counts }, manager);
        return result;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppException.conflict(IMPORT_OUTCOME_MESSAGES.alreadyAssigned, ErrorCode.AlreadyAssigned);
      throw error;
    }
  }
}

/** Parses the file, refusing one too big to import (413). */
function readImportFile(csv: string, layout: CsvLayout): CsvTable {
  const tooLarge = csvSizeProblem(csv);
  if (tooLarge) throw new AppException(413, ErrorCode.PayloadTooLarge, tooLarge);
  const table = readCsv(csv, layout);
  const tooManyRows = csvRowsProblem(table);
  if (tooManyRows) throw new AppException(413, ErrorCode.PayloadTooLarge, tooManyRows);
  return table;
}

function outcome(table: CsvTable, checked: ImportRowCheck<unknown>, dryRun: boolean): ImportResult {
  const errors = [...table.errors, ...checked.errors].sort((a, b) => a.row - b.row);
  // A file with only a bad header still shows "1 of 1 rows have problems", not "1 of 0".
  const rows = Math.max(table.total, new Set(errors.map((e) => e.row)).size);
  return { dryRun, rows, valid: checked.accepted.length, errors, created: 0 };
}

/** A real import with any bad row writes nothing: 400 with the rows, as a dry run lists them. */
function assertClean(table: CsvTable, checked: ImportRowCheck<unknown>): void {
  const result = outcome(table, checked, false);
  if (!result.errors.length) return;
  const bad = new Set(result.errors.map((e) => e.row)).size;
  throw new AppException(400, ErrorCode.ImportRowsInvalid, IMPORT_OUTCOME_MESSAGES.refused(bad, result.rows), undefined, { ...result });
}

async function insertInChunks(manager: EntityManager, target: typeof Shift | typeof ShiftAssignment, rows: object[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(target)
      .values(rows.slice(start, start + INSERT_CHUNK))
      .updateEntity(false)
      .execute();
  }
}

/** The venue ids and days a file's rows name, to load only the shifts they can mean. */
function namedVenuesAndDays(rows: readonly CsvRow[], venues: readonly ImportVenue[]): { venueIds: number[]; days: string[] } {
  const names = new Set(rows.map((r) => (r.values.venue ?? '').toLowerCase()));
  const days = new Set(rows.map((r) => r.values.day ?? '').filter(isDay));
  return { venueIds: venues.filter((v) => names.has(v.name.trim().toLowerCase())).map((v) => v.id), days: [...days] };
}

async function shiftsAt(manager: EntityManager, rows: readonly CsvRow[], venues: readonly ImportVenue[]): Promise<Shift[]> {
  const { venueIds, days } = namedVenuesAndDays(rows, venues);
  // The venues are the current edition's, so their shifts are too.
  return venueIds.length && days.length ? manager.findBy(Shift, { venueId: In(venueIds), day: In(days) }) : [];
}

/** Two queries, whatever the file's size. */
async function shiftLookups(manager: EntityManager, rows: readonly CsvRow[], editionId: number): Promise<ShiftImportLookups> {
  const venues = await manager.find(Venue, { where: { editionId }, select: { id: true, name: true } });
  return { venues, existing: await shiftsAt(manager, rows, venues) };
}

/** The users and shifts an assignments file names (what a real import locks): three queries. */
async function namedUsersAndShifts(
  manager: EntityManager,
  rows: readonly CsvRow[],
  editionId: number,
): Promise<{ venues: Venue[]; users: User[]; shifts: Shift[] }> {
  const svids = [...new Set(rows.map((r) => (r.values.svid ?? '').toLowerCase()).filter(Boolean))];
  const [venues, users] = await Promise.all([
    manager.find(Venue, { where: { editionId }, select: { id: true, name: true } }),
    svids.length
      ? manager
          .createQueryBuilder(User, 'u')
          .select(['u.id', 'u.firstName', 'u.lastName', 'u.svid'])
          .where('LOWER(u.svid) IN (:...svids)', { svids })
          .getMany()
      : Promise.resolve([]),
  ]);
  return { venues, users, shifts: await shiftsAt(manager, rows, venues) };
}

/** Eleven queries, whatever the file's size. */
async function assignmentLookups(
  manager: EntityManager,
  rows: readonly CsvRow[],
  world: ScheduleWorldService,
  settings: EditionSettings,
  editionId: number,
): Promise<AssignmentImportLookups<Shift>> {
  const { venues, users, shifts } = await namedUsersAndShifts(manager, rows, editionId);
  const userIds = users.map((u) => u.id);
  const [applications, heldPairs, heldShifts] = await Promise.all([
    userIds.length ? manager.find(Application, { where: { editionId, userId: In(userIds) }, select: { userId: true, status: true } }) : [],
    userIds.length
      ? manager.find(ShiftAssignment, { where: { volunteerId: In(userIds) }, select: { shiftId: true, volunteerId: true } })
      : [],
    userIds.length
      ? manager
          .createQueryBuilder(Shift, 'shift')
          .innerJoin(ShiftAssignment, 'a', 'a.shift_id = shift.id')
          .where('a.volunteer_id IN (:...userIds)', { userIds })
          .andWhere('shift.edition_id = :editionId', { editionId })
          .getMany()
      : [],
  ]);
  const assignments = shifts.length
    ? await manager.find(ShiftAssignment, { where: { shiftId: In(shifts.map((s) => s.id)) }, select: { shiftId: true, volunteerId: true } })
    : [];

  const confirmed = new Set(applications.filter((a) => a.status === 'confirmed').map((a) => a.userId));
  const shiftById = new Map(heldShifts.map((s) => [s.id, s]));
  const held = new Map<number, Shift[]>();
  for (const pair of heldPairs) {
    const shift = shiftById.get(pair.shiftId);
    if (!shift) continue;
    const list = held.get(pair.volunteerId) ?? [];
    list.push(shift);
    held.set(pair.volunteerId, list);
  }
  const rules = await world.volunteers(userIds, settings, manager);
  return {
    venues,
    volunteers: users.map((u) => ({ id: u.id, svid: u.svid, name: personName(u), confirmed: confirmed.has(u.id) })),
    shifts,
    assignments,
    held,
    ruleBreaks: (volunteerId, shift, heldShifts) => {
      const volunteer = rules.get(volunteerId);
      if (!volunteer) return [];
      const asRule = (s: Shift) => builderShift(s, settings.conference);
      return assignmentBreaks(volunteer, asRule(shift), heldShifts.map(asRule))
        .filter((b) => b.rule !== 'overlap')
        .map((b) => b.message);
    },
  };
}
