import { EditionSettings } from './settings.js';
import { Count, Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';

export const EditionView = Type.Object(
  {
    id: Id(),
    key: Type.String({ description: "The edition's key ('2026'): the year of its application deadline when it was started." }),
    name: Type.String(),
    current: Type.Boolean(),
    createdAt: Instant(),
    closedAt: Nullable(Instant(), { description: 'When a newer edition replaced it; null for the current one.' }),
  },
  { description: 'An edition as the API lists it.' },
);
export type EditionView = Static<typeof EditionView>;

/** POST /api/admin/editions. */
export const StartedEdition = Type.Interface([EditionView], {
  venuesCopied: Count(),
  shiftsCopied: Count(),
  teamLeadersKept: Count({ description: "Last edition's team leaders who are team leaders of the new one too." }),
});
export type StartedEdition = Static<typeof StartedEdition>;

export const TeamLeaderToKeep = Type.Object(
  { id: Id(), name: Type.String(), email: Type.String() },
  { description: "One of the current edition's team leaders, who keeps the role in the next edition only if the organisers choose so." },
);
export type TeamLeaderToKeep = Static<typeof TeamLeaderToKeep>;

export const NextEditionProposal = Type.Object(
  {
    settings: EditionSettings,
    movedDays: Type.Integer({ description: 'How many days every date moved: whole weeks unless a first day was picked.' }),
    venues: Count({ description: 'Venues of the current edition that can be copied over.' }),
    shifts: Count({ description: 'Shifts of the current edition that can be copied with their venues, moved to the new dates.' }),
    teamLeaders: Type.Array(TeamLeaderToKeep, { description: "The current edition's team leaders, by name." }),
  },
  {
    description:
      'What a new edition would start from: the current settings moved to the same week of the next year (weekdays kept), ' +
      'or with the first day picked.',
  },
);
export type NextEditionProposal = Static<typeof NextEditionProposal>;

/** POST /api/admin/editions's body. */
export const StartEdition = Type.Object({
  settings: EditionSettings,
  copyVenues: Type.Boolean(),
  copyShifts: Type.Optional(
    Type.Boolean({ description: 'Copy the shifts too (with copyVenues), moved to the new dates; assignments never. Default false.' }),
  ),
  keepTeamLeaders: Type.Optional(
    Type.Array(Id(), {
      description: 'Team leaders (user ids) who keep the role in the new edition; everyone else loses it. Default none.',
    }),
  ),
});
export type StartEdition = Static<typeof StartEdition>;

export const EditionFigures = Type.Object({
  key: Type.String(),
  name: Type.String(),
  started: Count(),
  completed: Count(),
  completion: Type.Number({ minimum: 0, maximum: 1, description: 'completed / started (0 without applications).' }),
  offered: Count(),
  confirmed: Count(),
});
export type EditionFigures = Static<typeof EditionFigures>;

export const ComparedDay = Type.Object(
  {
    day: Type.String({ description: "'MM-DD'" }),
    started: Count(),
    completed: Count(),
    previousStarted: Count(),
    previousCompleted: Count(),
  },
  { description: 'One Pacific day of the application period, in this edition and on the same calendar day a year before.' },
);
export type ComparedDay = Static<typeof ComparedDay>;

export const EditionComparison = Type.Object(
  { current: EditionFigures, previous: Nullable(EditionFigures), perDay: Type.Array(ComparedDay) },
  { description: "This edition's statistics beside the last one's." },
);
export type EditionComparison = Static<typeof EditionComparison>;

export const EditionHistoryRow = Type.Object(
  {
    editionId: Id(),
    key: Type.String(),
    name: Type.String({ description: "The conference's name that year." }),
    status: Nullable(Type.String(), { description: "The application's status as that edition named it; null: no application that year." }),
    servedAs: Nullable(OneOf(['SV', 'TL']), { description: 'Confirmed as a student volunteer or a team leader; null: not confirmed.' }),
    hoursWorked: Type.Number({ description: 'Worked hours from check-in to check-out.' }),
    noShows: Count({ description: 'Shifts ended without a check-in.' }),
    averageRating: Nullable(Type.Number(), { description: 'Of the records rated 1–5; null when none was.' }),
    notes: Type.Array(Type.Object({ shiftLabel: Type.String(), note: Type.String() }), { description: "The team leaders' notes." }),
  },
  { description: 'One earlier edition of a person.' },
);
export type EditionHistoryRow = Static<typeof EditionHistoryRow>;

export const VolunteerHistoryView = Type.Object(
  { portalYears: Type.Array(Type.Integer()) },
  { description: 'The years the caller was a confirmed volunteer or team leader on this portal.' },
);
export type VolunteerHistoryView = Static<typeof VolunteerHistoryView>;

export const TeamLeaderEligibility = Type.Union(
  [
    Type.Object(
      { eligible: Type.Literal(true), flagged: Type.Literal(false) },
      { description: "At least one year volunteered, on the portal's records." },
    ),
    Type.Object(
      { eligible: Type.Literal(true), flagged: Type.Literal(true), reason: Type.String() },
      { description: 'Only years the applicant declared: allowed, and shown to the organisers to check.' },
    ),
    Type.Object({ eligible: Type.Literal(false), flagged: Type.Literal(false), reason: Type.String() }),
  ],
  { description: "The rule 'Team leaders need at least 1 year of prior SV experience', checked against the earlier years." },
);
export type TeamLeaderEligibility = Static<typeof TeamLeaderEligibility>;
