import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type ApplicationData, type TeamLeaderEligibility, declaredVolunteerYears, teamLeaderEligibility } from '@svp/domain';
import { Edition } from '../settings/edition.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { Application } from './application.entity.js';

/**
 * The years in which people held a confirmed place through the portal, and the team-leader experience
 * rule checked against them (an applicant's save, the administrators' view, the earlier editions).
 */
@Injectable()
export class PortalYears {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
  ) {}

  /** The years (edition keys) before `editionId` in which each of these people held a confirmed place, newest first. */
  async of(userIds: readonly number[], editionId: number): Promise<Map<number, number[]>> {
    const years = new Map<number, number[]>(userIds.map((id) => [id, []]));
    if (!userIds.length) return years;
    const rows = await this.dataSource
      .getRepository(Application)
      .createQueryBuilder('a')
      .innerJoin(Edition, 'e', 'e.id = a.editionId')
      .select(['a.userId AS user_id', 'e.key AS edition_key'])
      .where('a.userId IN (:...userIds)', { userIds: [...userIds] })
      .andWhere('a.editionId < :editionId', { editionId })
      .andWhere("a.status = 'confirmed'")
      .getRawMany<{ user_id: number | string; edition_key: string }>();
    for (const row of rows) years.get(Number(row.user_id))?.push(Number(row.edition_key));
    for (const list of years.values()) list.sort((a, b) => b - a);
    return years;
  }

  /** The team-leader experience rule for an application of an edition: portal years first, declared ones flagged. */
  async teamLeaderCheck(userId: number, editionId: number, data: Partial<ApplicationData>): Promise<TeamLeaderEligibility> {
    const edition = await this.settings.edition(editionId);
    const portalYears = (await this.of([userId], editionId)).get(userId) ?? [];
    return teamLeaderEligibility({ portalYears, declaredYears: declaredVolunteerYears(data) }, Number(edition?.key ?? 0));
  }
}
