import { RULE_NAMES } from '../builder/rules.js';
import { Count, Day, Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';

export const UnavailableTime = Type.Object(
  {
    day: Day({ description: 'A conference day (Pacific).' }),
    from: Nullable(Type.String({ description: "Pacific 'HH:mm'." }), { description: 'null with `to` null: the whole day.' }),
    to: Nullable(Type.String({ description: "Pacific 'HH:mm'." })),
  },
  { description: 'A time a volunteer cannot work, in Pacific local time: a whole day (from and to null) or part of one.' },
);
export type UnavailableTime = Static<typeof UnavailableTime>;

const constraintFields = {
  unavailable: Type.Array(UnavailableTime),
  maxHoursPerDay: Nullable(Type.Number({ minimum: 0 })),
  minRestMinutes: Nullable(Type.Integer({ minimum: 0 })),
};

/** What a volunteer (or an organiser for them) says about when and how much they can work. */
export const VolunteerConstraintsInput = Type.Object(constraintFields);
export type VolunteerConstraintsInput = Static<typeof VolunteerConstraintsInput>;

/** GET and PUT /api/admin/volunteer-constraints/{userId}. */
export const VolunteerConstraints = Type.Object({ ...constraintFields, updatedAt: Nullable(Instant()), userId: Id() });
export type VolunteerConstraints = Static<typeof VolunteerConstraints>;

/** GET and PUT /api/users/availability: the caller's answers, and whether they may still change them online. */
export const Availability = Type.Object({
  ...constraintFields,
  updatedAt: Nullable(Instant()),
  editable: Type.Boolean(),
  editableUntil: Instant({ description: 'When schedules are released, after which only the organisers change them.' }),
});
export type Availability = Static<typeof Availability>;

export const ScheduleRuleName = OneOf([...RULE_NAMES], {
  description: 'A rule of the schedule (docs/decisions.md, "The schedule rules").',
});

/** An exception to the schedule rules, kept with its assignment. */
const exceptionFields = {
  rules: Type.Array(ScheduleRuleName, { description: 'The rules the assignment breaks, set aside by this exception.' }),
  reason: Type.String(),
  madeBy: Type.Object({ id: Id(), name: Type.String() }),
  madeAt: Instant(),
};
export const ScheduleException = Type.Object(exceptionFields, {
  description: 'An assignment an administrator made despite a rule, and why.',
});
export type ScheduleException = Static<typeof ScheduleException>;

/** A person as 'Fill a shift' names them: who, and their hours against what is expected of them. */
const personFields = {
  volunteerId: Id(),
  name: Type.String(),
  svid: Type.String(),
  teamLeader: Type.Boolean(),
  hours: Type.Number({ description: 'Hours assigned now.' }),
  expected: Type.Number({ description: 'Hours expected of them.' }),
  prefersVenue: Type.Boolean(),
};

/** One confirmed person against one shift: whether they fit, or the first rule that keeps them off it. */
export const PersonFit = Type.Object({
  ...personFields,
  onShift: Type.Boolean({ description: 'Already on this shift.' }),
  fits: Type.Boolean({ description: 'Could take a free place now under every rule.' }),
  rule: Nullable(ScheduleRuleName, { description: 'The first rule that keeps them off it; null when they fit or are on it.' }),
  reason: Nullable(Type.String({ description: "The rule's words." })),
  exceptable: Type.Boolean({ description: 'Whether an administrator could assign them anyway, giving a reason.' }),
  exception: Nullable(ScheduleException, { description: 'On the shift through an exception.' }),
});
export type PersonFit = Static<typeof PersonFit>;

/** A volunteer who fits every hard rule of a shift now, with their name and role. */
export const ShiftCandidate = Type.Object({
  ...personFields,
  score: Type.Number({ description: 'Higher is a better fit.' }),
});
export type ShiftCandidate = Static<typeof ShiftCandidate>;

/** GET …/shifts/{id}/candidates: the free places, who could take one (best first), and why not for everyone else. */
export const ShiftCandidates = Type.Object({
  shiftId: Id(),
  free: Count(),
  candidates: Type.Array(ShiftCandidate, { description: 'Who fits a free place now, best first (at most 50).' }),
  people: Type.Array(PersonFit, {
    description: 'Every confirmed volunteer and team leader: on the shift, fits, or the first rule against.',
  }),
});
export type ShiftCandidates = Static<typeof ShiftCandidates>;

export const ShiftProposalStatus = OneOf(['open', 'accepted', 'declined']);
export type ShiftProposalStatus = Static<typeof ShiftProposalStatus>;

export const ShiftProposalView = Type.Object(
  {
    id: Id(),
    shiftId: Id(),
    shiftLabel: Type.String({ description: "'Greeter at Room 1, Sun Aug 9th 08:00–12:00'" }),
    volunteerId: Id(),
    volunteerName: Type.String(),
    proposedBy: Type.Object({ id: Id(), name: Type.String() }),
    status: ShiftProposalStatus,
    createdAt: Instant(),
    decidedAt: Nullable(Instant()),
  },
  { description: "A team leader's proposal of a volunteer for a shift of their venue, decided by the organisers." },
);
export type ShiftProposalView = Static<typeof ShiftProposalView>;

/** What a build covers and keeps, as the build stores it (from what was asked, StartBuildBody: see buildScopeOf). */
export const BuildScope = Type.Object({
  days: Nullable(Type.Array(Day()), { description: 'null: every day.' }),
  venueIds: Nullable(Type.Array(Id()), { description: 'null: every venue.' }),
  keep: OneOf(['pinned', 'all'], { description: 'Which assignments stay: the pinned ones, or all.' }),
  seed: Type.Integer(),
});
export type BuildScope = Static<typeof BuildScope>;

export const ScheduleFigures = Type.Object({
  filledSlots: Count(),
  totalSlots: Count(),
  coverage: Type.Number(),
  largestShortfall: Type.Number(),
  meanShortfall: Type.Number(),
  moreThan3hShort: Count(),
  hoursSpread: Type.Number(),
  preferredShare: Type.Number(),
  preferredHours: Type.Number(),
  statedPreferenceHours: Type.Number({
    description: 'Hours of the people who stated a venue preference; 0: `preferredShare` means nothing.',
  }),
  workingDays: Count({
    description:
      'Days someone works, one per person and day; 0: nobody works, and spread, shifts per working day and idle gaps mean nothing.',
  }),
  shiftsPerWorkingDay: Type.Number(),
  idleGapHours: Type.Number(),
});

const ShiftRef = Type.Object({ shiftId: Id(), label: Type.String() });

const UnfilledShift = Type.Object({
  shiftId: Id(),
  label: Type.String(),
  day: Day(),
  venueName: Type.String(),
  free: Count(),
  reason: Type.String(),
});

const previewFields = {
  figures: ScheduleFigures,
  current: ScheduleFigures,
  bound: Type.Object(
    {
      coverageSlots: Count({ description: 'The most slots any schedule could fill.' }),
      largestShortfall: Nullable(Type.Number(), { description: 'The least any schedule could leave.' }),
      hoursSpread: Nullable(Type.Number()),
      exact: Type.Boolean({ description: 'From linear programming.' }),
    },
    { description: 'What no schedule could do better than.' },
  ),
  assignments: Count(),
  currentAssignments: Count({
    description:
      'Assignments in scope in the schedule `current` measures (the one in place when the build was made); 0: there was none to compare.',
  }),
};

export const BuildPreview = Type.Object(
  {
    ...previewFields,
    inPlace: Nullable(OneOf(['build', 'current']), {
      description:
        "Which side is the schedule in place now in the build's scope: 'build' once applied, 'current' before an apply or after " +
        'an undo; null when its assignments have changed since.',
    }),
    unfilled: Type.Array(UnfilledShift, { description: 'The unfilled shifts with a reason each.' }),
    exceptions: Type.Array(
      Type.Object({ shiftId: Id(), shiftLabel: Type.String(), volunteerId: Id(), name: Type.String(), ...exceptionFields }),
      { description: 'Assignments in scope made through an exception to the rules: every build keeps them.' },
    ),
    people: Type.Array(
      Type.Object({
        volunteerId: Id(),
        name: Type.String(),
        svid: Type.String(),
        teamLeader: Type.Boolean(),
        expected: Type.Number(),
        hoursBefore: Type.Number(),
        hoursAfter: Type.Number(),
      }),
      { description: "Every person's hours before and after, against expected." },
    ),
    changes: Type.Array(
      Type.Object({ volunteerId: Id(), name: Type.String(), added: Type.Array(ShiftRef), removed: Type.Array(ShiftRef) }),
      {
        description: "Each person's shifts added and removed.",
      },
    ),
  },
  { description: "A build's result beside the current schedule." },
);
export type BuildPreview = Static<typeof BuildPreview>;

const buildFields = {
  id: Id(),
  status: OneOf(['running', 'preview', 'applied', 'undone', 'failed', 'discarded']),
  progress: Type.Number({ minimum: 0, maximum: 100 }),
  message: Nullable(Type.String()),
  scope: BuildScope,
  createdAt: Instant(),
  createdBy: Type.Object({ id: Id(), name: Type.String() }),
  appliedAt: Nullable(Instant()),
  undoneAt: Nullable(Instant()),
};

/** GET /api/admin/schedule-builds/{id}, and the answer of apply, undo and discard. */
export const ScheduleBuild = Type.Object({ ...buildFields, preview: Nullable(BuildPreview) });
export type ScheduleBuild = Static<typeof ScheduleBuild>;

/** A row of GET /api/admin/schedule-builds (and a build just started): its preview counts the unfilled shifts and the people changed. */
export const ScheduleBuildRow = Type.Object({
  ...buildFields,
  preview: Nullable(Type.Object({ ...previewFields, unfilled: Count(), changes: Count() })),
});
export type ScheduleBuildRow = Static<typeof ScheduleBuildRow>;

/** A row of GET /api/admin/volunteer-preferences. */
export const VolunteerPreferenceRow = Type.Object({
  id: Id(),
  name: Type.String(),
  svid: Type.String(),
  email: Type.String(),
  teamLeader: Type.Boolean(),
  preconference: Type.Object({ wanted: Type.Boolean(), startDay: Nullable(Type.String()), startTime: Nullable(Type.String()) }),
  venuePreferences: Type.Array(OneOf(['artGallery', 'labs', 'pavillion'])),
  ...constraintFields,
  expectedHours: Type.Number(),
  assignedHours: Type.Number(),
  exceptions: Type.Array(Type.Object({ shiftId: Id(), shiftLabel: Type.String(), ...exceptionFields }), {
    description: 'The shifts this person holds through an exception to the rules.',
  }),
});
export type VolunteerPreferenceRow = Static<typeof VolunteerPreferenceRow>;
