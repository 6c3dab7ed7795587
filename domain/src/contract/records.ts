import { Count, Day, Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';

/** A row of GET /api/admin/reports/volunteers: who they are, and their figures from the records. */
export const VolunteerReportRow = Type.Object({
  id: Id({ description: "The user's id." }),
  name: Type.String(),
  svid: Type.String(),
  role: OneOf(['SV', 'TL']),
  expectedHours: Type.Number(),
  scheduledHours: Type.Number(),
  checkedInHours: Type.Number({ description: 'Check-in to check-out of each work shift.' }),
  shifts: Count(),
  noShows: Count(),
  averageRating: Nullable(Type.Number()),
  notes: Type.Array(Type.Object({ shiftId: Id(), shiftLabel: Type.String(), note: Type.String() })),
});
export type VolunteerReportRow = Static<typeof VolunteerReportRow>;

/** A row of GET /api/admin/reports/venues: one venue on one Pacific day. */
export const VenueReportRow = Type.Object({
  id: Type.String({ description: "'<venueId>:<day>'" }),
  venueId: Id(),
  venueName: Type.String(),
  day: Day(),
  slots: Count(),
  filledSlots: Count({ description: "Volunteers beyond a shift's places fill none." }),
  plannedHours: Type.Number({ description: 'Shift length × volunteers assigned.' }),
  workedHours: Type.Number(),
  coverage: Type.Number(),
});
export type VenueReportRow = Static<typeof VenueReportRow>;

export const LogisticsTotal = Type.Object({
  key: Type.String({ description: "'shirt:<size>', 'diet', 'passport:<value>', 'emailConsent', …" }),
  label: Type.String(),
  count: Count(),
  people: Type.Array(Type.Object({ id: Id(), name: Type.String(), svid: Type.String(), email: Type.String(), detail: Type.String() })),
  kept: Type.Optional(
    Count({
      description:
        'Of `count`, how many were counted from answers the retention settings have since removed: they are no longer in `people`.',
    }),
  ),
});
export type LogisticsTotal = Static<typeof LogisticsTotal>;

/** GET /api/admin/reports/logistics: the totals from the confirmation forms, each with the people behind it. */
export const LogisticsReport = Type.Object({ confirmed: Count(), inPerson: Count(), totals: Type.Array(LogisticsTotal) });
export type LogisticsReport = Static<typeof LogisticsReport>;

/** GET /api/certificate/status: whether the caller's certificate of service can be downloaded now, and if not, why. */
export const CertificateStatus = Type.Object({
  available: Type.Boolean(),
  refusal: Nullable(OneOf(['not-yet', 'no-place', 'no-hours']), { description: 'Null when available.' }),
  message: Nullable(Type.String(), { description: 'The sentence saying why not; null when available.' }),
  opensAt: Instant({ description: 'From when certificates can be had.' }),
  workedHours: Type.Number({ description: "The caller's checked-in hours (0 before any)." }),
  fileName: Type.String({ description: 'The name the file is saved under.' }),
});
export type CertificateStatus = Static<typeof CertificateStatus>;
