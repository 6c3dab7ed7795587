import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, In, LessThan } from 'typeorm';
import {
  type ApplicationData,
  type ComparedDay,
  type EditionComparison,
  type EditionFigures,
  type EditionHistoryRow,
  type VolunteerReportRow,
  declaredVolunteerYears,
  pacificDay,
  statusLabel,
  teamLeaderEligibility,
} from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import type { EarlierEditions, HistorySummary } from '../applications/earlier-editions.js';
import { PortalYears } from '../applications/portal-years.service.js';
import { ReportsService } from '../reports/reports.service.js';
import { Edition } from '../settings/edition.entity.js';
import { SettingsService } from '../settings/settings.service.js';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * What the earlier editions say about a person: the years they were a confirmed volunteer or
 * team leader, and each year's status, hours worked, ratings, no-shows and team leaders' notes (from
 * the same figures as the volunteer report); the team-leader experience rule checked against them;
 * and this edition's application figures beside the last one's.
 */
@Injectable()
export class EditionHistoryService implements EarlierEditions {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly reports: ReportsService,
    private readonly portalYears: PortalYears,
  ) {}

  /** The editions before `editionId`, newest first. */
  private earlierEditions(editionId: number): Promise<Edition[]> {
    return this.dataSource.getRepository(Edition).find({ where: { id: LessThan(editionId) }, order: { id: 'DESC' } });
  }

  /** GET /api/users/volunteer-history: the caller's confirmed years before the current edition. */
  async ownYears(userId: number): Promise<number[]> {
    return (await this.portalYears.of([userId], await this.settings.currentId())).get(userId) ?? [];
  }

  /** A person's editions before `editionId`, newest first: only those with an application or a shift. */
  async history(userId: number, editionId: number): Promise<EditionHistoryRow[]> {
    const editions = await this.earlierEditions(editionId);
    if (!editions.length) return [];
    const applications = await this.dataSource.getRepository(Application).find({
      where: { userId, editionId: In(editions.map((e) => e.id)) },
      select: { id: true, editionId: true, status: true, statusTag: true },
    });
    const applicationOf = new Map(applications.map((a) => [a.editionId, a]));
    const rows: EditionHistoryRow[] = [];
    for (const edition of editions) {
      const [figures] = await this.reports.volunteerRows({ edition: edition.id }, [userId]);
      const application = applicationOf.get(edition.id);
      if (!application && !figures?.shifts) continue;
      const settings = this.settings.read(edition.settings);
      rows.push({
        editionId: edition.id,
        key: edition.key,
        name: edition.name,
        status: application ? statusLabel(settings.statusCatalogue, application.status, application.statusTag) : null,
        servedAs: application?.status === 'confirmed' ? (application.statusTag === 'TL' || figures?.role === 'TL' ? 'TL' : 'SV') : null,
        hoursWorked: figures?.checkedInHours ?? 0,
        noShows: figures?.noShows ?? 0,
        averageRating: figures?.averageRating ?? null,
        notes: (figures?.notes ?? []).map(({ shiftLabel, note }) => ({ shiftLabel, note })),
      });
    }
    return rows;
  }

  /** The CSV export's history columns for many people at once: each earlier edition's report is read once. */
  async summaries(
    users: readonly { userId: number; teamLeader: boolean; data: Partial<ApplicationData> }[],
    editionId: number,
  ): Promise<Map<number, HistorySummary>> {
    const ids = users.map((u) => u.userId);
    const editions = await this.earlierEditions(editionId);
    const byEdition: { key: string; rows: Map<number, VolunteerReportRow> }[] = [];
    for (const edition of editions) {
      const rows = await this.reports.volunteerRows({ edition: edition.id }, ids);
      byEdition.push({ key: edition.key, rows: new Map(rows.map((r) => [r.id, r])) });
    }
    const confirmedYears = await this.portalYears.of(ids, editionId);
    const editionYear = Number((await this.settings.edition(editionId))?.key ?? 0);
    return new Map(
      users.map((user) => {
        const mine = byEdition.flatMap(({ key, rows }) => {
          const row = rows.get(user.userId);
          return row && (row.shifts || confirmedYears.get(user.userId)?.includes(Number(key))) ? [{ key, row }] : [];
        });
        const rated = mine.filter(({ row }) => row.averageRating !== null);
        const check = teamLeaderEligibility(
          { portalYears: confirmedYears.get(user.userId) ?? [], declaredYears: declaredVolunteerYears(user.data) },
          editionYear,
        );
        return [
          user.userId,
          {
            editions: [...new Set([...mine.map(({ key }) => key), ...(confirmedYears.get(user.userId) ?? []).map(String)])]
              .sort()
              .reverse(),
            hoursWorked: round2(mine.reduce((sum, { row }) => sum + row.checkedInHours, 0)),
            averageRating: rated.length ? round2(rated.reduce((sum, { row }) => sum + row.averageRating!, 0) / rated.length) : null,
            noShows: mine.reduce((sum, { row }) => sum + row.noShows, 0),
            teamLeaderExperience: !check.eligible ? 'None' : check.flagged ? 'Declared only' : 'Portal',
          },
        ];
      }),
    );
  }

  /** This edition's application figures beside the last one's, and applications per day on the same calendar days. */
  async comparison(): Promise<EditionComparison> {
    const current = await this.settings.current();
    const [previous] = await this.earlierEditions(current.id);
    const [currentFigures, currentDays] = await this.figures(current.id, current.key, current.name);
    const [previousFigures, previousDays] = previous
      ? await this.figures(previous.id, previous.key, previous.name)
      : [null, new Map<string, { started: number; completed: number }>()];
    const days = [...new Set([...currentDays.keys(), ...previousDays.keys()])].sort();
    const perDay: ComparedDay[] = days.map((day) => ({
      day,
      started: currentDays.get(day)?.started ?? 0,
      completed: currentDays.get(day)?.completed ?? 0,
      previousStarted: previousDays.get(day)?.started ?? 0,
      previousCompleted: previousDays.get(day)?.completed ?? 0,
    }));
    return { current: currentFigures, previous: previousFigures, perDay };
  }

  private async figures(
    editionId: number,
    key: string,
    name: string,
  ): Promise<[EditionFigures, Map<string, { started: number; completed: number }>]> {
    const rows = await this.dataSource
      .getRepository(Application)
      .find({ where: { editionId }, select: { id: true, status: true, completed: true, createdAt: true, submittedAt: true } });
    const days = new Map<string, { started: number; completed: number }>();
    const on = (at: Date) => {
      const day = pacificDay(at).slice(5);
      const entry = days.get(day) ?? { started: 0, completed: 0 };
      days.set(day, entry);
      return entry;
    };
    for (const row of rows) {
      on(row.createdAt).started += 1;
      if (row.completed && row.submittedAt) on(row.submittedAt).completed += 1;
    }
    const started = rows.length;
    const completed = rows.filter((r) => r.completed).length;
    // Every declined place was offered first: the lifecycle reaches 'declined' only from an offer.
    const offered = rows.filter((r) => r.status === 'offered' || r.status === 'confirmed' || r.status === 'declined').length;
    const confirmed = rows.filter((r) => r.status === 'confirmed').length;
    return [{ key, name, started, completed, completion: started ? round2(completed / started) : 0, offered, confirmed }, days];
  }
}
