import type { UnavailableTime, VolunteerConstraintsInput } from '@svp/domain';

export type { UnavailableTime };

/** What limits when a volunteer can work, as GET/PUT /api/admin/volunteer-constraints/{userId} carry it. */
export type VolunteerConstraints = VolunteerConstraintsInput;

/** A row of GET /api/admin/volunteer-preferences: a confirmed volunteer, by user id. */
export interface VolunteerPreferenceRow extends VolunteerConstraints {
  id: number;
  name: string;
  svid: string;
  email: string;
  teamLeader: boolean;
  /** From the confirmation form: startDay is the first day they can come, as shown ('Friday 7 August'); startTime 'HH:mm'. */
  preconference: { wanted: boolean; startDay: string | null; startTime: string | null };
  /** VENUE_PREFERENCES values. */
  venuePreferences: string[];
  expectedHours: number;
  assignedHours: number;
}
