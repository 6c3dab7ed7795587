import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Writable } from 'node:stream';
import { type DataSource, In } from 'typeorm';
import {
  type LogisticsReport,
  REPORT_FILES,
  type VenueReportRow,
  type VolunteerReportRow,
  type AssignedRecord,
  type ConfirmationForm,
  isNotAShift,
  isPlaceholderVenue,
  logisticsTotals,
  passportStatuses,
  preconferenceDays,
  searchKey,
  venueDayFigures,
  volunteerFigures,
  withKeptCounts,
} from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { writeCsv } from '../common/csv.js';
import { Clock } from '../clock/clock.js';
import { type FilterValues, type ListQuery, filterOf } from '../common/admin-list.js';
import { AppException } from '../common/errors/app.exception.js';
import { PerformanceRecord } from '../schedule/performance-record.entity.js';
import { ShiftAssignment } from '../schedule/shift-assignment.entity.js';
import { Shift } from '../schedule/shift.entity.js';
import { shiftLabel } from '../schedule/shift-label.js';
import { personName } from '../schedule/shift.view.js';
import { Venue } from '../schedule/venue.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { KeptFigures } from './kept-figures.js';
import { User } from '../users/user.entity.js';

export { REPORT_FILES };
export type { VenueReportRow, VolunteerReportRow };

export const VOLUNTEER_REPORT_SORTABLE = [
  'id',
  'name',
  'svid',
  'role',
  'expectedHours',
  'scheduledHours',
  'checkedInHours',
  'shifts',
  'noShows',
  'averageRating',
] as const;
export const VENUE_REPORT_SORTABLE = ['id', 'day', 'venueName', 'slots', 'filledSlots', 'plannedHours', 'workedHours', 'coverage'] as const;

/** What the volunteer report's filter takes: those under their expected hours (or not), a name, email or SV ID. */
export const VOLUNTEER_REPORT_FILTERS = { underExpected: filterOf.boolean(), q: filterOf.text() };
/** What the venue report's filter takes: one venue, one Pacific day. */
export const VENUE_REPORT_FILTERS = { venueId: filterOf.id(), day: filterOf.day() };

export const REPORT_MESSAGES = {
  unknownKey: (key: string) => `There is no logistics count "${key}"; use a key from GET /api/admin/reports/logistics.`,
} as const;

function sortRows<T extends object>(rows: T[], sort: ListQuery['sort']): T[] {
  const direction = sort.order === 'DESC' ? -1 : 1;
  const value = (row: T) => (row as Record<string, unknown>)[sort.field];
  return rows.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    // Nothing (an average without ratings) sorts last either way.
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return (
      order * direction || String((a as { id: unknown }).id).localeCompare(String((b as { id: unknown }).id), undefined, { numeric: true })
    );
  });
}

/**
 * The organisers' reports of the week: hours per volunteer, coverage per venue and day, and the
 * logistics counted from the confirmation forms. The figures are domain/src/records; this loads them.
 */
@Injectable()
export class ReportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** Every shift of an edition that is work (no Placeholder venue, no Job Fair or Chapters Lunch), with its venue. */
  private async workShifts(editionId: number) {
    const manager = this.dataSource.manager;
    const [shifts, venues] = await Promise.all([
      manager.find(Shift, { where: { editionId } }),
      manager.find(Venue, { where: { editionId } }),
    ]);
    const venueOf = new Map(venues.map((v) => [v.id, v]));
    const work = shifts.filter((s) => {
      const venue = venueOf.get(s.venueId);
      return (
        venue && !isPlaceholderVenue(venue.name) && !isNotAShift({ role: s.role, venue: { name: venue.name, location: venue.location } })
      );
    });
    return { shifts: work, venueOf };
  }

  /** Every assignment to a work shift of an edition with its record; only those of `volunteerIds` when given. */
  private async assignedRecords(editionId: number, volunteerIds?: readonly number[]) {
    const manager = this.dataSource.manager;
    const whose = volunteerIds ? { volunteerId: In([...volunteerIds]) } : {};
    const [{ shifts, venueOf }, assignments, records] = await Promise.all([
      this.workShifts(editionId),
      manager.find(ShiftAssignment, { where: whose, select: { id: true, shiftId: true, volunteerId: true } }),
      manager.find(PerformanceRecord, { where: whose }),
    ]);
    const shiftOf = new Map(shifts.map((s) => [s.id, s]));
    const recordOf = new Map(records.map((r) => [`${r.shiftId}:${r.volunteerId}`, r]));
    const assigned: AssignedRecord[] = assignments.flatMap((a) => {
      const shift = shiftOf.get(a.shiftId);
      if (!shift) return [];
      const r = recordOf.get(`${a.shiftId}:${a.volunteerId}`);
      return [
        {
          shiftId: shift.id,
          volunteerId: a.volunteerId,
          venueId: shift.venueId,
          startsAt: shift.startsAt,
          endsAt: shift.endsAt,
          day: shift.day,
          checkIn: r?.checkIn ?? false,
          checkInAt: r?.checkInAt ?? null,
          checkOutAt: r?.checkOutAt ?? null,
          rating: r?.rating ?? 0,
          notes: r?.notes ?? null,
        },
      ];
    });
    return { shifts, shiftOf, venueOf, assigned };
  }

  /**
   * GET /admin/reports/volunteers: confirmed volunteers, team leaders and anyone holding a shift, with
   * their figures. With `only`, the rows of those users whoever they are (the certificates of service).
   */
  async volunteerRows(filter: FilterValues<typeof VOLUNTEER_REPORT_FILTERS>, only?: readonly number[]): Promise<VolunteerReportRow[]> {
    const { underExpected } = filter;
    if (only && !only.length) return [];
    const manager = this.dataSource.manager;
    const edition = await this.settings.editionFor(filter.edition);
    const [{ shiftOf, venueOf, assigned }, confirmed] = await Promise.all([
      this.assignedRecords(edition.id, only),
      only ? [] : manager.find(Application, { where: { editionId: edition.id, status: 'confirmed' }, select: { id: true, userId: true } }),
    ]);
    const { settings } = edition;
    // That edition's team leaders: an earlier edition keeps those it had (docs/decisions.md, 'Editions').
    const leaders = await this.settings.teamLeaderIds(edition.id);
    const ids = [...new Set([...confirmed.map((a) => a.userId), ...assigned.map((a) => a.volunteerId), ...leaders])];
    const wanted = only ? [...only] : ids;
    const users = wanted.length
      ? await manager.find(User, {
          where: { id: In(wanted) },
          select: { id: true, firstName: true, lastName: true, svid: true, email: true, role: true },
        })
      : [];
    const byVolunteer = new Map<number, AssignedRecord[]>();
    for (const a of assigned) byVolunteer.set(a.volunteerId, [...(byVolunteer.get(a.volunteerId) ?? []), a]);
    const now = this.clock.now();
    const words = filter.q ? searchKey(filter.q) : '';
    return users
      .filter((u) => !words || searchKey(`${u.firstName} ${u.lastName} ${u.email} ${u.svid}`).includes(words))
      .map((u) => {
        const teamLeader = leaders.has(u.id);
        const mine = (byVolunteer.get(u.id) ?? []).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.shiftId - b.shiftId);
        return {
          id: u.id,
          name: personName(u),
          svid: u.svid,
          role: teamLeader ? ('TL' as const) : ('SV' as const),
          expectedHours: teamLeader ? settings.conference.tlHours : settings.conference.svHours,
          ...volunteerFigures(mine, now),
          notes: mine
            .filter((a) => a.notes?.trim())
            .map((a) => ({
              shiftId: a.shiftId,
              shiftLabel: shiftLabel(shiftOf.get(a.shiftId)!, venueOf.get(a.venueId)),
              note: a.notes!.trim(),
            })),
        };
      })
      .filter((row) => underExpected === undefined || row.scheduledHours < row.expectedHours === underExpected)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }

  async volunteers(query: ListQuery<FilterValues<typeof VOLUNTEER_REPORT_FILTERS>>) {
    const rows = sortRows(await this.volunteerRows(query.filter), query.sort);
    return { rows: rows.slice(query.offset, query.offset + query.limit), total: rows.length };
  }

  async volunteersCsv(rows: VolunteerReportRow[], sort: ListQuery['sort'], out: Writable): Promise<void> {
    sortRows(rows, sort);
    await writeCsv(
      out,
      ['Name', 'SV ID', 'Role', 'Expected Hours', 'Scheduled Hours', 'Checked-in Hours', 'Shifts', 'No-shows', 'Average Rating', 'Notes'],
      rows.map((r) => [
        r.name,
        r.svid,
        r.role === 'TL' ? 'Team Leader' : 'Student Volunteer',
        r.expectedHours,
        r.scheduledHours,
        r.checkedInHours,
        r.shifts,
        r.noShows,
        r.averageRating ?? '',
        r.notes.map((n) => `${n.shiftLabel}: ${n.note}`).join(' | '),
      ]),
    );
  }

  /** GET /admin/reports/venues: per venue and Pacific day (the day a shift starts on). */
  async venueRows(filter: FilterValues<typeof VENUE_REPORT_FILTERS>): Promise<VenueReportRow[]> {
    const edition = await this.settings.editionFor(filter.edition);
    const { shifts, venueOf, assigned } = await this.assignedRecords(edition.id);
    const count = new Map<number, number>();
    for (const a of assigned) count.set(a.shiftId, (count.get(a.shiftId) ?? 0) + 1);
    const figures = venueDayFigures(
      shifts.map((s) => ({
        id: s.id,
        venueId: s.venueId,
        day: s.day,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        slots: s.svSlots,
        assigned: count.get(s.id) ?? 0,
      })),
      assigned,
      this.clock.now(),
    );
    const { venueId, day } = filter;
    return figures
      .map((f) => ({
        id: `${f.venueId}:${f.day}`,
        venueId: f.venueId,
        venueName: venueOf.get(f.venueId)!.name,
        day: f.day,
        slots: f.slots,
        filledSlots: f.filledSlots,
        plannedHours: f.plannedHours,
        workedHours: f.workedHours,
        coverage: f.coverage,
      }))
      .filter((r) => (venueId === undefined || r.venueId === venueId) && (day === undefined || r.day === day))
      .sort((a, b) => a.day.localeCompare(b.day) || a.venueName.localeCompare(b.venueName) || a.venueId - b.venueId);
  }

  async venues(query: ListQuery<FilterValues<typeof VENUE_REPORT_FILTERS>>) {
    const rows = query.sort.field === 'id' ? await this.venueRows(query.filter) : sortRows(await this.venueRows(query.filter), query.sort);
    if (query.sort.field === 'id' && query.sort.order === 'DESC') rows.reverse();
    return { rows: rows.slice(query.offset, query.offset + query.limit), total: rows.length };
  }

  async venuesCsv(rows: VenueReportRow[], out: Writable): Promise<void> {
    await writeCsv(
      out,
      ['Venue', 'Day', 'Slots', 'Filled', 'Coverage %', 'Planned Hours', 'Worked Hours'],
      rows.map((r) => [r.venueName, r.day, r.slots, r.filledSlots, Math.round(r.coverage * 1000) / 10, r.plannedHours, r.workedHours]),
    );
  }

  /** GET /admin/reports/logistics: confirmed volunteers and team leaders who filled in the confirmation form. */
  async logistics(requested?: unknown): Promise<LogisticsReport> {
    const { id: editionId, settings } = await this.settings.editionFor(requested);
    const leaders = [...(await this.settings.teamLeaderIds(editionId))];
    const rows = await this.dataSource.manager
      .createQueryBuilder(Application, 'a')
      .innerJoin(User, 'u', 'u.id = a.user_id')
      .select([
        'a.user_id AS user_id',
        'a.confirmation AS confirmation',
        'u.first_name AS first_name',
        'u.last_name AS last_name',
        'u.svid AS svid',
        'u.email AS email',
      ])
      .where('a.confirmation IS NOT NULL')
      .andWhere('a.edition_id = :editionId', { editionId })
      .andWhere(leaders.length ? "(a.status = 'confirmed' OR a.user_id IN (:...leaders))" : "a.status = 'confirmed'", { leaders })
      .getRawMany<{
        user_id: number | string;
        confirmation: string | null;
        first_name: string;
        last_name: string;
        svid: string;
        email: string;
      }>();
    const people = rows.flatMap((row) => {
      const form = parseForm(row.confirmation);
      return form
        ? [
            {
              id: Number(row.user_id),
              name: personName({ firstName: row.first_name, lastName: row.last_name }),
              svid: row.svid,
              email: row.email,
              form,
            },
          ]
        : [];
    });
    const report = logisticsTotals(people, {
      passport: passportStatuses(settings.conference),
      preconferenceDays: preconferenceDays(settings.conference),
    });
    // Answers removed under the retention settings are still counted (docs/decisions.md, 'How long personal data is kept').
    return withKeptCounts(report, await this.moduleRef.get(KeptFigures, { strict: false }).logistics(editionId));
  }

  /**
   * The totals (Item, Count), or with a key the people behind one count (Name, SV ID, Email, Detail).
   * An unknown key is refused (404) here, before anything is written.
   */
  async logisticsCsv(key: string | undefined, edition?: unknown): Promise<{ fileName: string; write: (out: Writable) => Promise<void> }> {
    const { totals } = await this.logistics(edition);
    if (key === undefined)
      return {
        fileName: REPORT_FILES.logistics,
        write: (out) =>
          writeCsv(
            out,
            ['Item', 'Count'],
            totals.map((t) => [t.label, t.count]),
          ),
      };
    const total = totals.find((t) => t.key === key);
    if (!total) throw AppException.notFound(REPORT_MESSAGES.unknownKey(key));
    return {
      fileName: REPORT_FILES.logisticsList(key),
      write: (out) =>
        writeCsv(
          out,
          ['Name', 'SV ID', 'Email', 'Detail'],
          total.people.map((p) => [p.name, p.svid, p.email, p.detail]),
        ),
    };
  }
}

function parseForm(value: unknown): Partial<ConfirmationForm> | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return value as Partial<ConfirmationForm>;
  try {
    const parsed = JSON.parse(String(value)) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Partial<ConfirmationForm>) : null;
  } catch {
    return null;
  }
}
