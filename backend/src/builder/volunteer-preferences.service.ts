import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Writable } from 'node:stream';
import { In, type Repository } from 'typeorm';
import {
  type ConfirmationForm,
  FORM_VENUE_PREFERENCES,
  VENUE_PREFERENCES,
  hoursOf,
  preconferenceDays,
  searchKey,
  venuePreferenceLabel,
} from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { type FilterValues, type ListQuery, filterOf } from '../common/admin-list.js';
import { writeCsv } from '../common/csv.js';
import { ScheduleWorldService } from '../schedule/schedule-world.service.js';
import { exceptionView } from '../schedule/shift-assignments.service.js';
import { shiftLabel } from '../schedule/shift-label.js';
import { personName } from '../schedule/shift.view.js';
import { User } from '../users/user.entity.js';
import { VolunteerConstraints } from '../schedule/volunteer-constraints.entity.js';
import { SettingsService } from '../settings/settings.service.js';

export const PREFERENCES_FILE_NAME = 'volunteer-preferences.csv';

/** What the preferences list and its CSV filter on: a name, email or SV ID; team leaders or not; pre-conference or not; a venue. */
export const PREFERENCES_FILTERS = {
  q: filterOf.text(),
  teamLeader: filterOf.boolean(),
  preconference: filterOf.boolean(),
  venuePreference: filterOf.oneOf(VENUE_PREFERENCES.map((p) => p.value).filter((value) => value !== 'none')),
};
export type PreferencesFilter = FilterValues<typeof PREFERENCES_FILTERS>;

/** The preferences overview: each confirmed volunteer's availability, preferences, expected and assigned hours. */
@Injectable()
export class VolunteerPreferencesService {
  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    private readonly world: ScheduleWorldService,
    private readonly settings: SettingsService,
  ) {}

  async rows(filter: PreferencesFilter) {
    const settings = await this.settings.get();
    const world = await this.world.world(settings);
    const manager = this.applications.manager;
    const editionId = await this.settings.currentId();
    const [forms, constraints] = await Promise.all([
      manager.find(Application, { where: { editionId, status: 'confirmed' }, select: { id: true, userId: true, confirmation: true } }),
      manager.find(VolunteerConstraints, { where: { editionId } }),
    ]);
    const formOf = new Map(forms.map((a) => [a.userId, (a.confirmation ?? {}) as Partial<ConfirmationForm>]));
    const constraintsOf = new Map(constraints.map((c) => [c.userId, c]));
    const shiftById = new Map(world.shifts.map((s) => [s.id, s]));
    const assigned = new Map<number, number>();
    for (const a of world.assignments) {
      const shift = shiftById.get(a.shiftId);
      if (shift) assigned.set(a.volunteerId, (assigned.get(a.volunteerId) ?? 0) + hoursOf(shift));
    }
    const exceptions = await this.exceptions(world);
    const days = preconferenceDays(settings.conference);
    const rows = world.volunteers.map((v) => {
      const user = world.users.get(v.id)!;
      const form = formOf.get(v.id) ?? {};
      const c = constraintsOf.get(v.id);
      return {
        id: v.id,
        name: v.name,
        svid: user.svid,
        email: user.email,
        teamLeader: v.teamLeader,
        preconference: {
          wanted: form.preconfShifts === true,
          startDay: form.preconfShifts ? (days.find((d) => d.value === form.preconfStart)?.label ?? null) : null,
          startTime: form.preconfShifts ? (form.preconfStartTime ?? null) : null,
        },
        venuePreferences: FORM_VENUE_PREFERENCES.filter((key) => form[key] === true),
        unavailable: c?.unavailable ?? [],
        maxHoursPerDay: c?.maxHoursPerDay ?? null,
        minRestMinutes: c?.minRestMinutes ?? null,
        expectedHours: v.expectedHours,
        assignedHours: Math.round((assigned.get(v.id) ?? 0) * 100) / 100,
        exceptions: exceptions.get(v.id) ?? [],
      };
    });
    const words = filter.q ? searchKey(filter.q) : '';
    return rows
      .filter((r) => !words || searchKey(`${r.name} ${r.email} ${r.svid}`).includes(words))
      .filter((r) => filter.teamLeader === undefined || r.teamLeader === filter.teamLeader)
      .filter((r) => filter.preconference === undefined || r.preconference.wanted === filter.preconference)
      .filter((r) => !filter.venuePreference || (r.venuePreferences as readonly string[]).includes(filter.venuePreference))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }

  /** The shifts each person holds through an exception, with who made it and why: one query for the makers' names. */
  private async exceptions(world: Awaited<ReturnType<ScheduleWorldService['world']>>) {
    const made = world.assignments.filter((a) => a.exceptionRules);
    const makers = [...new Set(made.flatMap((a) => (a.exceptionBy === null ? [] : [a.exceptionBy])))];
    const names = new Map(
      (makers.length
        ? await this.applications.manager.find(User, { where: { id: In(makers) }, select: { id: true, firstName: true, lastName: true } })
        : []
      ).map((u) => [u.id, personName(u)]),
    );
    const byPerson = new Map<number, ({ shiftId: number; shiftLabel: string } & NonNullable<ReturnType<typeof exceptionView>>)[]>();
    for (const a of made) {
      const shift = world.rows.get(a.shiftId);
      const view = exceptionView(a, names);
      if (!shift || !view) continue;
      const list = byPerson.get(a.volunteerId) ?? [];
      list.push({ shiftId: a.shiftId, shiftLabel: shiftLabel(shift, world.venues.get(shift.venueId)), ...view });
      byPerson.set(a.volunteerId, list);
    }
    return byPerson;
  }

  async list(query: ListQuery<PreferencesFilter>) {
    const all = await this.rows(query.filter);
    return { rows: all.slice(query.offset, query.offset + query.limit), total: all.length };
  }

  /** The same rows as a CSV file, with labels for people to read. */
  async writeCsv(rows: Awaited<ReturnType<VolunteerPreferencesService['rows']>>, out: Writable): Promise<void> {
    const when = (gap: { day: string; from: string | null; to: string | null }) =>
      gap.from ? `${gap.day} ${gap.from}–${gap.to}` : `${gap.day} (all day)`;
    await writeCsv(
      out,
      [
        'Name',
        'SV ID',
        'Email',
        'Role',
        'Pre-conference shifts',
        'First pre-conference day',
        'Earliest start (Pacific)',
        'Venue preferences',
        'Cannot work',
        'Most hours a day',
        'Least rest between shifts (minutes)',
        'Expected hours',
        'Assigned hours',
        'Exceptions to the rules',
      ],
      rows.map((r) => [
        r.name,
        r.svid,
        r.email,
        r.teamLeader ? 'Team Leader' : 'Student Volunteer',
        r.preconference.wanted ? 'Yes' : 'No',
        r.preconference.startDay ?? '',
        r.preconference.startTime ?? '',
        r.venuePreferences.map(venuePreferenceLabel).join('; '),
        r.unavailable.map(when).join('; '),
        r.maxHoursPerDay ?? '',
        r.minRestMinutes ?? '',
        r.expectedHours,
        r.assignedHours,
        r.exceptions.map((e) => `${e.shiftLabel}: ${e.reason} (${e.madeBy.name})`).join('; '),
      ]),
    );
  }
}
