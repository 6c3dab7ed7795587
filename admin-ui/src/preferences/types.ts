import type { VolunteerConstraintsInput } from '@svp/domain';

export type { UnavailableTime } from '@svp/domain';

/** What limits when a volunteer can work, as GET/PUT /api/admin/volunteer-constraints/{userId} carry it. */
export type VolunteerConstraints = VolunteerConstraintsInput;

/**
 * A row of GET /api/admin/volunteer-preferences (the contract's): a confirmed volunteer, by user id;
 * from the confirmation form, preconference.startDay is the first day they can come, as shown
 * ('Friday 7 August'), startTime 'HH:mm'.
 */
export type { VolunteerPreferenceRow } from '@svp/domain';
