import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Writable } from 'node:stream';
import { APPLICATION_LABELS, type ApplicationData, REFERENCE_STATE_LABELS, answerText, emptyApplicationData } from '@svp/domain';
import { csvWriter } from '../common/csv.js';
import { SettingsService } from '../settings/settings.service.js';
import {
  AVERAGE_SCORE,
  type AdminApplicationRow,
  AdminApplicationQuery,
  type ApplicationFilter,
  averageOf,
  parseData,
  referenceRatingOf,
} from './admin-application-query.js';
import { statusOf } from './applications.service.js';
import { EarlierEditions } from './earlier-editions.js';

export const EXPORT_FILE_NAME = 'filtered-sv-apps.csv';
/** The kept columns, first and in this order (docs/product.md, 'CSV export'). */
export const EXPORT_IDENTITY_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'SV ID',
  'Completed',
  'Team Leader',
  'Financial Aid',
  'Username',
] as const;
export const EXPORT_STATUS_COLUMN = 'Processing Status';
export const EXPORT_SCORE_COLUMN = 'Average Essay Score';
/** The person's earlier editions, with `history=true`. */
export const EXPORT_HISTORY_COLUMNS = [
  'Earlier Editions',
  'Earlier Hours Worked',
  'Earlier Average Rating',
  'Earlier No-shows',
  'TL Experience',
] as const;
/** After the Processing Status: where each reference stands and what the received ones say on average. */
export const EXPORT_REFERENCE_COLUMNS = [
  'First Reference State',
  'Second Reference State',
  'References Received',
  'Average Reference Rating',
] as const;
/** Data fields left out of the export: the proof, the step and the terms (docs/product.md, 'CSV export'). */
const EXPORT_EXCLUDED = new Set(['proofOfEnrollment', 'step', 'acceptedTerms']);
export const EXPORT_DATA_FIELDS = Object.keys(emptyApplicationData()).filter((k) => !EXPORT_EXCLUDED.has(k)) as (keyof ApplicationData)[];

interface ExportColumn {
  header: string;
  cell: (data: Partial<ApplicationData>) => string;
}

/**
 * 'With App Data': each answer under its label as the applicant saw it, worded as a person reads it
 * (answerText); the school's country also keeps its ISO code, which spreadsheets and mail merges match on.
 */
export const EXPORT_DATA_COLUMNS: readonly ExportColumn[] = EXPORT_DATA_FIELDS.flatMap((field): ExportColumn[] => {
  const column = { header: APPLICATION_LABELS[field], cell: (data: Partial<ApplicationData>) => answerText(field, data[field]) };
  if (field !== 'schoolCountry') return [column];
  return [column, { header: 'School Country Code', cell: (data) => (typeof data.schoolCountry === 'string' ? data.schoolCountry : '') }];
});

/** Rows fetched per query while exporting: small, so each batch's text dies young. */
const EXPORT_BATCH = 100;

/** The administrators' CSV export of the filtered applications (filtered-sv-apps.csv). */
@Injectable()
export class ApplicationExportService {
  constructor(
    private readonly rows: AdminApplicationQuery,
    private readonly settings: SettingsService,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** How many rows the export of `filter` has. */
  async count(filter: ApplicationFilter): Promise<number> {
    return this.rows.matching(filter).getCount();
  }

  /** Streams the CSV of the filtered applications, through the server's one CSV writer (common/csv.ts). */
  async exportCsv(
    filter: ApplicationFilter,
    withData: boolean,
    withScores: boolean,
    out: Writable,
    signal?: { aborted: boolean },
    withHistory = false,
  ): Promise<void> {
    const { statusCatalogue } = (await this.settings.edition(filter.editionId))!.settings;
    const columns: string[] = [...EXPORT_IDENTITY_COLUMNS, EXPORT_STATUS_COLUMN, ...EXPORT_REFERENCE_COLUMNS];
    if (withData) columns.push(...EXPORT_DATA_COLUMNS.map((column) => column.header));
    if (withScores) columns.push(EXPORT_SCORE_COLUMN);
    if (withHistory) columns.push(...EXPORT_HISTORY_COLUMNS);
    const csv = csvWriter(out, columns);
    // The order is read once (ids only), then the rows follow in small batches by id: memory stays flat
    // whatever the number of applications, and no cursor has to compare rounded averages.
    const order = await this.rows
      .matching(filter)
      .select('a.id', 'a_id')
      .orderBy(`COALESCE(${AVERAGE_SCORE}, -1)`, 'DESC')
      .addOrderBy('a.id', 'ASC')
      .getRawMany<{ a_id: number | string }>();
    const ids = order.map((row) => Number(row.a_id));
    for (let start = 0; start < ids.length && !signal?.aborted; start += EXPORT_BATCH) {
      const batch = ids.slice(start, start + EXPORT_BATCH);
      const byId = new Map(
        (await this.rows.matching({ editionId: filter.editionId, ids: batch }).getRawMany<AdminApplicationRow>()).map((row) => [
          Number(row.a_id),
          row,
        ]),
      );
      const histories = withHistory
        ? await this.earlierEditions().summaries(
            [...byId.values()].map((row) => ({
              userId: Number(row.a_user_id),
              teamLeader: !!row.a_team_leader,
              data: parseData(row.a_data),
            })),
            filter.editionId,
          )
        : null;
      for (const id of batch) {
        const row = byId.get(id);
        if (!row) continue; // deleted since the order was read
        const record: unknown[] = [
          row.u_first_name,
          row.u_last_name,
          row.u_email,
          row.u_svid,
          yesNo(row.a_completed),
          yesNo(row.a_team_leader),
          yesNo(row.a_financial_aid),
          row.u_username,
          statusOf(statusCatalogue, { status: row.a_status, statusTag: row.a_status_tag }).status,
          row.first_reference_state ? REFERENCE_STATE_LABELS[row.first_reference_state] : '',
          row.second_reference_state ? REFERENCE_STATE_LABELS[row.second_reference_state] : '',
          Number(row.references_received ?? 0),
          referenceRatingOf(row) === null ? '' : referenceRatingOf(row)!.toFixed(2),
        ];
        if (withData) {
          const data = { ...emptyApplicationData(), ...parseData(row.a_data) };
          record.push(...EXPORT_DATA_COLUMNS.map((column) => column.cell(data)));
        }
        if (withScores) record.push(averageOf(row) === null ? '' : averageOf(row)!.toFixed(2));
        if (histories) {
          const history = histories.get(Number(row.a_user_id))!;
          record.push(
            history.editions.join(', '),
            history.hoursWorked,
            history.averageRating === null ? '' : history.averageRating.toFixed(2),
            history.noShows,
            history.teamLeaderExperience,
          );
        }
        await csv.write(record);
      }
    }
    await csv.end();
  }

  // The editions module answers (with `history=true`); it depends on this one, so it is found at run time.
  private earlierEditions(): EarlierEditions {
    return this.moduleRef.get(EarlierEditions, { strict: false });
  }
}

const yesNo = (value: unknown) => (value === true || value === 1 || value === '1' ? 'Yes' : 'No');
