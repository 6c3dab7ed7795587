import { LEGACY_APPLICATION_FIELDS } from '../rules/legacy-fields.js';
import { ReferenceRatings } from './references.js';
import type { TBoolean, TOptional, TString, TUnion } from 'typebox';
import { Count, ErrorCodeSchema, Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';
import { EditionHistoryRow, TeamLeaderEligibility } from './editions.js';
import { StatusState, StatusTag } from './settings.js';

export const ProofOfEnrollment = Type.Object(
  {
    name: Type.String({ description: "As shown: the SV ID plus the extension (docs/decisions.md, 'Proofs of enrollment')." }),
    originalName: Type.Optional(Type.String({ description: 'The name of the file the applicant chose.' })),
    size: Count({ description: 'Bytes.' }),
    type: OneOf(['application/pdf', 'image/jpeg']),
    url: Type.Optional(Type.String({ description: 'Where an owner or administrator reads it (GET /api/files/{key}).' })),
    uploadedAt: Type.Optional(Instant()),
  },
  { description: 'The proof of enrollment as the application shows it; the file itself is kept by the server.' },
);
export type ProofOfEnrollment = Static<typeof ProofOfEnrollment>;

const text = (description?: string) => Type.String(description ? { description } : {});
const years = (description: string) => Type.Array(Type.Integer(), { description });

/** The answers of an application form, by field (the OpenAPI component ApplicationData; docs/api.md#the-contract). */
export const ApplicationData = Type.Object(
  {
    proofOfEnrollment: Nullable(ProofOfEnrollment),
    schoolName: text(),
    schoolCity: text(),
    schoolState: text(),
    schoolCountry: text('Two-letter country code.'),
    expectedGraduationMonth: Nullable(Type.Integer({ minimum: 1, maximum: 12 })),
    expectedGraduationYear: Nullable(Type.Integer()),
    haveNotAttended: Type.Boolean({ description: "'This is my first conference'." }),
    haveAttended: Type.Boolean(),
    haveVolunteered: Type.Boolean(),
    yearsVolunteered: years('Years volunteered in North America.'),
    haveAttendedAsia: Type.Boolean(),
    haveVolunteeredAsia: Type.Boolean(),
    yearsVolunteeredAsia: years('Years volunteered in Asia.'),
    firstReferenceType: text('A reference type of the option list.'),
    firstReferenceFirstName: text(),
    firstReferenceLastName: text(),
    firstReferenceEmail: text(),
    secondReferenceType: text(),
    secondReferenceFirstName: text(),
    secondReferenceLastName: text(),
    secondReferenceEmail: text(),
    essay1: text(),
    essay2: text(),
    essay3: text(),
    teamLeaderEssay1: text('Team-leader applicants only.'),
    teamLeaderEssay2: text('Team-leader applicants only.'),
    otherComments: text(),
    financialAidSummary: text('Financial-aid applicants only.'),
    financialAidExpenses: text('Financial-aid applicants only.'),
    financialSituation: Type.Array(Type.String(), { description: 'Codes of the financial-situation list.' }),
    estimatedTravelCost: Nullable(Type.Number({ minimum: 0 }), { description: 'US dollars.' }),
    primaryTransport: OneOf(['', 'plane', 'car', 'train', 'other']),
    airportCode: text('Three letters, e.g. YVR.'),
    otherTransport: text(),
    fundedTravel: Type.Boolean(),
    acceptedTerms: Type.Boolean(),
    acceptedMediaRelease: Type.Boolean(),
    acceptedPrivacy: Type.Boolean(),
  },
  { description: "The application's data object: every answer of the form, by field." },
);
export type ApplicationData = Static<typeof ApplicationData>;

/** Answers of earlier editions' forms that an application may still hold (shown to administrators). */
const LEGACY_FIELDS = Object.fromEntries(
  LEGACY_APPLICATION_FIELDS.map((field) => [
    field,
    Type.Optional(Type.Union([Type.String(), Type.Boolean()], { description: "An earlier form's answer." })),
  ]),
) as { [Field in (typeof LEGACY_APPLICATION_FIELDS)[number]]: TOptional<TUnion<[TString, TBoolean]>> };

/** The data as an application answer carries it: the answers, the wizard's step and any earlier form's answers. */
export const StoredApplicationData = Type.Interface([ApplicationData], {
  step: Type.Integer({ minimum: 0, maximum: 7, description: "The wizard's step the applicant was last on." }),
  ...LEGACY_FIELDS,
});
export type StoredApplicationData = Static<typeof StoredApplicationData>;

/** POST /api/application/save's `data`: the answers to change, merged over the stored ones (and `step`). */
export const ApplicationDataChange = Type.Partial(Type.Omit(StoredApplicationData, ['proofOfEnrollment']), {
  description: 'Answers to change, merged over the stored ones: an answer left out keeps its stored value (the proof is uploaded apart).',
});
export type ApplicationDataChange = Static<typeof ApplicationDataChange>;

export const ConfirmationForm = Type.Object(
  {
    priorSv: Type.Boolean(),
    passportStatus: Type.String({ description: "'valid', 'applying', 'notNeeded' or 'none' (or '' before it is answered)." }),
    shirtSize: Type.String(),
    diet: Type.Boolean(),
    dietRestrictions: Type.String(),
    emailConsent: Type.Boolean(),
    photoConsent: Type.Boolean(),
    wantsMembership: Type.Boolean(),
    additionalInfo: Type.String(),
    preconfShifts: Type.Boolean(),
    preconfStart: OneOf(['friday', 'saturday']),
    preconfStartTime: Type.String({ description: "Pacific 'HH:mm'." }),
    artGallery: Type.Boolean(),
    labs: Type.Boolean(),
    pavillion: Type.Boolean(),
    inPerson: Type.Boolean(),
  },
  { description: "The confirmation form, both steps (docs/product.md, 'Confirmation')." },
);
export type ConfirmationForm = Static<typeof ConfirmationForm>;

const StatusOfApplication = {
  application_status_id: Nullable(Type.Integer(), { description: "The active catalogue's wire id; null: pending." }),
  status: Type.String({ description: "The catalogue's label." }),
  state: StatusState,
  tag: Nullable(StatusTag),
};

export const ApplicationStatus = Type.Object(
  {
    ...StatusOfApplication,
    Username: Type.Optional(Type.String({ description: 'Administrators only.' })),
    UserAttributes: Type.Optional(
      Type.Object(
        { given_name: Type.String(), family_name: Type.String(), email: Type.String(), 'custom:svid': Type.String() },
        { description: "Administrators only: the applicant's name, email and SV ID." },
      ),
    ),
  },
  { description: "The application's processing status." },
);
export type ApplicationStatus = Static<typeof ApplicationStatus>;

export const ApplicationProblems = Type.Object(
  {
    missing: Type.Array(Type.Object({ field: Type.String(), label: Type.String() }), { description: 'Answers still required.' }),
    over_limit: Type.Array(Type.Object({ field: Type.String(), label: Type.String(), words: Count(), limit: Type.Optional(Count()) }), {
      description: 'Answers over their word limit.',
    }),
  },
  { description: 'What stands between the application and its submission.' },
);

export const ApplicationRecord = Type.Object(
  {
    id: Id(),
    data: StoredApplicationData,
    step: Type.Integer({ minimum: 0 }),
    updated_at: Instant({ description: 'The version a save is based on (docs/api.md#saves-from-an-older-page).' }),
    completed: Type.Boolean({ description: 'Submitted.' }),
    team_leader: Type.Boolean(),
    financial_aid: Type.Boolean(),
    status_id: Nullable(Type.Integer()),
    sv: ApplicationStatus,
    progress: Type.Number({ minimum: 0, maximum: 100 }),
    problems: ApplicationProblems,
    closed: Type.Boolean({ description: 'Closed by the deadline job: it can no longer change.' }),
    submitted_at: Nullable(Instant()),
    confirmation: Nullable(ConfirmationForm),
    confirmed_at: Nullable(Instant()),
    declined_at: Nullable(Instant()),
    confirm_by: Nullable(Instant(), {
      description: "While offered: until when it can be confirmed (a late waitlist offer's own deadline, else the edition's).",
    }),
    carried_over: Type.Optional(
      Nullable(
        Type.Object({
          key: Type.String({ description: "The earlier edition's key ('2026')." }),
          name: Type.String({ description: "The earlier edition's conference ('SIGGRAPH 2026')." }),
        }),
        {
          description:
            'The earlier edition whose answers this application started from (school, graduation, referees, ' +
            'experience), for the applicant to check; null: none.',
        },
      ),
    ),
  },
  { description: 'An application as its owner (or an administrator) reads it.' },
);
export type ApplicationRecord = Static<typeof ApplicationRecord>;

/** POST /api/application/save. */
export const SavedApplication = Type.Interface([ApplicationRecord], {
  notices: Type.Array(Type.String(), { description: 'Sentences about what the save did besides (e.g. a proof replaced).' }),
});
export type SavedApplication = Static<typeof SavedApplication>;

/** PUT /api/files/upload/{token}: the proof as the application now shows it. */
export const ProofUploaded = Type.Object({ proofOfEnrollment: ProofOfEnrollment });
export type ProofUploaded = Static<typeof ProofUploaded>;

/** The application after a status change, a confirmation or a decline, with the sentence to show. */
export const ApplicationChanged = Type.Object({ message: Type.String(), application: ApplicationRecord });
export type ApplicationChanged = Static<typeof ApplicationChanged>;

/** A received reference as the jury reads it: the answer only, never who gave it. */
export const JuryReference = Type.Object({
  relationship: Nullable(Type.String()),
  knownFor: Nullable(Type.String()),
  ratings: Nullable(ReferenceRatings),
  averageRating: Nullable(Type.Number()),
  statement: Nullable(Type.String()),
});
export type JuryReference = Static<typeof JuryReference>;

export const BlindApplication = Type.Object(
  {
    student_volunteer_id: Type.String({ description: "The jury item's opaque id the team leader asked for." }),
    data: Type.Object({
      essay1: Type.String(),
      essay2: Type.String(),
      essay3: Type.String(),
      references: Type.Optional(
        Type.Array(JuryReference, { description: 'The received references, when the edition shows them to the jury.' }),
      ),
    }),
  },
  {
    description:
      'GET /api/application/{student_volunteer_id} for a team leader on the jury: the essays only ' +
      '(docs/api.md#the-jurys-ids-and-its-closed-list).',
  },
);
export type BlindApplication = Static<typeof BlindApplication>;

/** GET /api/application/statistics: the admin dashboard's counts. */
export const ApplicationStatistics = Type.Object({
  total: Count({ description: 'Applications started.' }),
  completed: Count(),
  team_leader: Count(),
  financial_aid: Count(),
  by_status: Type.Array(Type.Object({ id: Nullable(Type.Integer()), label: Type.String(), count: Count() }), {
    description: 'Submitted applications per status.',
  }),
  per_day: Type.Array(Type.Object({ date: Type.String(), started: Count(), completed: Count() })),
  funnel: Type.Object({ registered: Count(), profile_complete: Count(), started: Count(), completed: Count() }),
});
export type ApplicationStatistics = Static<typeof ApplicationStatistics>;

const Attributes = Type.Object({
  given_name: Type.String(),
  family_name: Type.String(),
  email: Type.String(),
  'custom:svid': Type.String(),
});

/** POST /api/application/search ('Search by user'). */
export const UserSearchResults = Type.Object({
  applications: Type.Array(
    Type.Object({
      firstName: Type.String(),
      lastName: Type.String(),
      email: Type.String(),
      svId: Type.String(),
      username: Type.String(),
      completed: Type.Boolean(),
      teamLeader: Type.Boolean(),
      financialAid: Type.Boolean(),
      completed_at: Nullable(Instant(), { description: 'When it was submitted.' }),
      team_leader: Type.Boolean(),
      financial_aid: Type.Boolean(),
      sv: Type.Object({ Username: Type.String(), Attributes }),
    }),
  ),
});
export type UserSearchResults = Static<typeof UserSearchResults>;

/** GET /api/application/search ('Search by status'): a page of the filtered applications. */
export const FilteredApplications = Type.Object({
  apps: Type.Array(
    Type.Object({
      sv_id: Id({ description: "The applicant's user id." }),
      sv: Type.Interface([Attributes], { username: Type.String(), Username: Type.String() }),
      completed: Type.Boolean(),
      team_leader: Type.Boolean(),
      financial_aid: Type.Boolean(),
      data: Type.Optional(Type.Interface([ApplicationData], LEGACY_FIELDS, { description: 'With withData=true.' })),
      totalavg: Type.Optional(Nullable(Type.Number(), { description: 'With withScores=true: the average essay score.' })),
    }),
  ),
  total: Count(),
  limit: Count(),
  pages: Count(),
  page: Count(),
});
export type FilteredApplications = Static<typeof FilteredApplications>;

/** A row of the admin panel's `applications` resource. */
export const AdminApplicationRow = Type.Object({
  id: Id(),
  userId: Id(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  svid: Type.String(),
  username: Type.String(),
  completed: Type.Boolean(),
  teamLeader: Type.Boolean(),
  financialAid: Type.Boolean(),
  statusId: Nullable(Type.Integer()),
  status: Type.String(),
  state: StatusState,
  averageScore: Nullable(Type.Number(), { description: "The average of each juror's mean essay score." }),
  referencesReceived: Count(),
  referenceRating: Nullable(Type.Number(), { description: "The mean of the received references' average ratings." }),
  updatedAt: Instant(),
  submittedAt: Nullable(Instant()),
});
export type AdminApplicationRow = Static<typeof AdminApplicationRow>;

const AuditChange = Nullable(Type.Object({}, { additionalProperties: true, description: 'The audited values.' }));

/** GET /api/admin/applications/{id}: the row and everything the show view needs. */
export const AdminApplicationDetail = Type.Interface([AdminApplicationRow], {
  application: ApplicationRecord,
  editionId: Id(),
  editionHistory: Type.Array(EditionHistoryRow, { description: "The person's earlier editions, newest first." }),
  teamLeaderCheck: Nullable(TeamLeaderEligibility, { description: 'For team-leader applicants.' }),
  allowedStatuses: Type.Array(Type.Object({ id: Nullable(Type.Integer()), label: Type.String() }), {
    description: 'The statuses an administrator may set now.',
  }),
  history: Type.Array(
    Type.Object({ at: Instant(), actor: Nullable(Type.String()), actorName: Nullable(Type.String()), from: AuditChange, to: AuditChange }),
    { description: "The application's status changes." },
  ),
});
export type AdminApplicationDetail = Static<typeof AdminApplicationDetail>;

/** One application's outcome in a bulk status change. */
export const BulkStatusOutcome = Type.Union([
  Type.Object({ id: Type.Integer(), name: Nullable(Type.String()), outcome: Type.Literal('changed'), status: Type.String() }),
  Type.Object({
    id: Type.Integer(),
    name: Nullable(Type.String()),
    outcome: Type.Literal('refused'),
    code: ErrorCodeSchema,
    message: Type.String(),
  }),
]);
export type BulkStatusOutcome = Static<typeof BulkStatusOutcome>;

/** POST /api/admin/applications/status. */
export const BulkStatusResult = Type.Object({ changed: Count(), refused: Count(), results: Type.Array(BulkStatusOutcome) });
export type BulkStatusResult = Static<typeof BulkStatusResult>;
