import { STATUS_STATES, STATUS_TAGS } from '../catalogue/status.js';
import { Count, Day, Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';

export const Timeline = Type.Object(
  {
    applicationLaunchDate: Instant(),
    teamLeaderEndDate: Instant(),
    applicationEndDate: Instant(),
    referencesDeadline: Instant({
      description: "The last moment a referee's link works: references may still arrive while the jury works.",
    }),
    juryReleaseDate: Instant(),
    juryDeadline: Instant(),
    acceptanceDate: Instant(),
    confirmationDeadline: Instant(),
    schedulesReleaseDate: Instant(),
  },
  { description: "The edition's deadlines, ISO-8601 instants in UTC, in the order they fall (docs/api.md#settings)." },
);
export type Timeline = Static<typeof Timeline>;

export const Gates = Type.Object(
  {
    beforeLaunch: Type.Boolean(),
    applicationsOpen: Type.Boolean(),
    afterTeamLeaderDeadline: Type.Boolean(),
    teamLeaderApplicationsOpen: Type.Boolean(),
    afterApplicationDeadline: Type.Boolean(),
    referencesOpen: Type.Boolean({
      description: "Referees can answer: applications have closed and the references' closing date has not come.",
    }),
    afterReferencesDeadline: Type.Boolean(),
    afterJuryRelease: Type.Boolean(),
    afterJuryDeadline: Type.Boolean(),
    juryOpen: Type.Boolean(),
    afterDecisions: Type.Boolean(),
    afterConfirmationDeadline: Type.Boolean(),
    schedulesOut: Type.Boolean(),
  },
  { description: 'Every time gate, evaluated at `now` on the server clock. A deadline at 22:00:00 is closed from 22:00:00.000 on.' },
);
export type Gates = Static<typeof Gates>;

export const ConferenceFacts = Type.Object(
  {
    name: Type.String(),
    city: Type.String(),
    startDate: Day({ description: 'First day of service.' }),
    endDate: Day({ description: 'Last day of service.' }),
    firstShiftDay: Day({ description: 'The first day with shifts (the pre-conference day).' }),
    defaultScheduleDay: Day({ description: 'The day the schedule opens on.' }),
    svHours: Type.Number({ description: "A student volunteer's expected hours." }),
    tlHours: Type.Number({ description: "A team leader's expected hours." }),
    timeZone: Type.String({ description: "The conference's IANA time zone." }),
  },
  { description: 'Facts about the conference that screens show.' },
);
export type ConferenceFacts = Static<typeof ConferenceFacts>;

export const ResultTexts = Type.Object(
  {
    teamLeaderResults: Type.String(),
    studentVolunteerResults: Type.String(),
    thankYouTeamLeaderResults: Type.String(),
    thankYouStudentVolunteerResults: Type.String(),
    confirmBy: Type.String(),
  },
  {
    description:
      "The words for when results arrive (docs/decisions.md, 'When results arrive'): derived from the " +
      'timeline, and never naming a month it contradicts.',
  },
);
export type ResultTexts = Static<typeof ResultTexts>;

/** Days each kind of sensitive data is kept after the edition ends (docs/decisions.md, 'How long personal data is kept'). */
export const RetentionPeriods = Type.Object(
  {
    proofs: Count({ description: 'Proofs of enrollment.' }),
    passports: Count({ description: 'Passport and visa answers.' }),
    health: Count({ description: 'Dietary and health notes.' }),
    phones: Count({ description: 'Phone numbers.' }),
    refereeStatements: Count({ description: "Referees' statements." }),
    performanceNotes: Count({ description: "Team leaders' performance notes." }),
  },
  { description: 'Days each kind of sensitive data is kept after the edition ends (the midnight after its last day).' },
);
export type RetentionPeriods = Static<typeof RetentionPeriods>;

export const CatalogueName = OneOf(['A', 'B'], { description: 'The active status catalogue (docs/decisions.md).' });

export const StatusState = OneOf(STATUS_STATES, { description: "The application's processing state." });
export const StatusTag = OneOf(STATUS_TAGS, { description: 'What kind of confirmed place (catalogue B).' });

export const EditionSettings = Type.Object(
  {
    timeline: Timeline,
    statusCatalogue: CatalogueName,
    swapsEnabled: Type.Boolean(),
    autoOfferWaitlist: Type.Boolean({
      description: 'At the confirmation deadline, offer the places of lapsed offers to waitlisted applicants, best jury score first.',
    }),
    juryReferences: Type.Boolean({
      description: "The jury sees each received reference's ratings and statement (never the referee's name or email).",
    }),
    contactEmail: Type.String({ description: 'An email address (any script).' }),
    mailingListUrl: Type.String({ description: "Where applicants subscribe to hear when applications open (the edition's own)." }),
    programmeUrl: Type.String({ description: "The edition's Student Volunteer programme page: its handbook and FAQ." }),
    conference: ConferenceFacts,
    resultTexts: ResultTexts,
    retention: RetentionPeriods,
  },
  { description: "An edition's settings." },
);
export type EditionSettings = Static<typeof EditionSettings>;

/** GET /api/admin/settings and PUT: the single record `edition` of the admin panel. */
export const SettingsRecord = Type.Interface(
  [EditionSettings],
  { id: Type.Literal('edition') },
  { description: 'The settings record `edition`.' },
);
export type SettingsRecord = Static<typeof SettingsRecord>;

export const StatusLabel = Type.Object({
  id: Nullable(Type.Integer(), { description: 'The wire id; null is pending in both catalogues.' }),
  label: Type.String(),
  state: StatusState,
  tag: Nullable(StatusTag),
});
export type StatusLabel = Static<typeof StatusLabel>;

export const EditionRef = Type.Object({ id: Id(), key: Type.String({ description: "The edition's year ('2026')." }), name: Type.String() });

/** GET /api/settings. */
export const PublicSettings = Type.Object(
  {
    now: Instant({ description: "The server's clock; every gate is evaluated on it." }),
    edition: EditionRef,
    timeline: Timeline,
    gates: Gates,
    conference: ConferenceFacts,
    swapsEnabled: Type.Boolean({ description: 'Whether shift swaps are made online.' }),
    statusCatalogue: CatalogueName,
    statusLabels: Type.Array(StatusLabel, { description: "The active catalogue's ids, labels, states and tags." }),
    contactEmail: Type.String({ description: 'An email address (any script).' }),
    mailingListUrl: Type.String(),
    programmeUrl: Type.String(),
    resultTexts: ResultTexts,
    retention: RetentionPeriods,
  },
  { description: 'The public settings: timeline, gates now, conference facts, switches and labels.' },
);
export type PublicSettings = Static<typeof PublicSettings>;

export const Health = Type.Object(
  { status: OneOf(['ok', 'error']), db: OneOf(['up', 'down']) },
  { description: "Whether the server can reach its database (503 with `db: 'down'` when it cannot)." },
);
export type Health = Static<typeof Health>;
