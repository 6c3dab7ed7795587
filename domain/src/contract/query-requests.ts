import { type Static, Type } from './schema.js';

/**
 * The query parameters of the routes that take them through a DTO, declared once like the request bodies: the OpenAPI document
 * describes each route's query parameters from its schema here (backend/src/openapi/request-bodies.ts names the DTO of each)
 * and each DTO is tied to it (`SameShape`). A flag is written `true` or `false`, a number in digits.
 */

const edition = Type.Optional(
  Type.String({ pattern: '^\\d{1,9}$', description: 'The id of the edition to read; the current one without it.', examples: ['1'] }),
);
const flag = (description?: string) => Type.Optional(Type.Boolean(description ? { description } : {}));

/** `?edition=<id>` on an administrator's read: an earlier edition's records (read-only). */
export const EditionQuery = Type.Object({ edition });
export type EditionQuery = Static<typeof EditionQuery>;

/** The three query parameters a react-admin list sends (JSON texts), and the edition to read; any other is refused. */
export const AdminListQuery = Type.Object({
  filter: Type.Optional(Type.String({ maxLength: 4000 })),
  range: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(Type.String({ maxLength: 200 })),
  edition,
});
export type AdminListQuery = Static<typeof AdminListQuery>;

/** GET /api/application/search: each filter applies only when given. */
export const FilterApplicationsQuery = Type.Object({
  edition,
  completed: flag(),
  teamLeader: flag(),
  financialAid: flag(),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  withData: flag('Each application with its answers.'),
  withScores: flag("Each application with its jury's average score, the best first."),
});
export type FilterApplicationsQuery = Static<typeof FilterApplicationsQuery>;

/** GET /api/admin/applications/export.csv: the list's filter (react-admin JSON) and the options. */
export const ExportApplicationsQuery = Type.Object({
  edition,
  filter: Type.Optional(Type.String({ maxLength: 4000, description: "The list's filter, as react-admin sends it (JSON)." })),
  withData: flag('A column per answer.'),
  withScores: flag("A column with the jury's average score."),
  history: flag("The person's earlier editions: hours worked, ratings, no-shows, and where their team-leader experience comes from."),
});
export type ExportApplicationsQuery = Static<typeof ExportApplicationsQuery>;

/** GET /api/schedule/roster: one venue on one Pacific day. */
export const RosterQuery = Type.Object({
  edition,
  venueId: Type.Integer({ minimum: 1, description: 'The venue.', examples: [3] }),
  day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'The Pacific day the shifts start on.', examples: ['2026-08-10'] }),
});
export type RosterQuery = Static<typeof RosterQuery>;

/** POST /api/admin/schedule-import/{shifts|assignments}: `?dryRun=false` writes; `true` or no parameter only checks. */
export const ScheduleImportQuery = Type.Object({
  dryRun: Type.Optional(Type.Boolean({ default: true, description: 'true (the default) checks every row and writes nothing.' })),
});
export type ScheduleImportQuery = Static<typeof ScheduleImportQuery>;

/** GET /api/admin/reports/logistics.csv: `key` names one count of the totals (e.g. shirt:m, diet, passport:valid). */
export const LogisticsCsvQuery = Type.Object({
  key: Type.Optional(Type.String({ maxLength: 100, description: 'The key of one count; left out, the CSV holds the totals.' })),
  edition: Type.Optional(Type.String({ pattern: '^\\d{1,9}$', description: "An earlier edition's totals." })),
});
export type LogisticsCsvQuery = Static<typeof LogisticsCsvQuery>;

/** GET /api/admin/editions/next: the next edition proposed from a first day of service. */
export const NextEditionQuery = Type.Object({
  startDate: Type.Optional(
    Type.String({
      pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
      examples: ['2027-08-14'],
      description: "The new edition's first day of service (YYYY-MM-DD): every date moves with it.",
    }),
  ),
});
export type NextEditionQuery = Static<typeof NextEditionQuery>;

/** GET /api/jury/preview: what an assignment with this many team leaders per application would give. */
export const JuryPreviewQuery = Type.Object({
  edition,
  TLsPerApp: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, description: 'Team leaders per application.' })),
});
export type JuryPreviewQuery = Static<typeof JuryPreviewQuery>;
