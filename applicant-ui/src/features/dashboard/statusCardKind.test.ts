import { describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '../../api/types';
import { type StatusCardInput, statusCardFor } from './statusCardKind';

const open = { afterApplicationDeadline: false, afterDecisions: false, afterConfirmationDeadline: false };
const closed = { ...open, afterApplicationDeadline: true };
const decisionsOut = { ...closed, afterDecisions: true };
const confirmationOver = { ...decisionsOut, afterConfirmationDeadline: true };

const completed = (state: ApplicationStatus['state'], tag: ApplicationStatus['tag'] = null): StatusCardInput['application'] => ({
  completed: true,
  closed: false,
  sv: { application_status_id: null, status: state, state, tag },
});
const inProgress: StatusCardInput['application'] = {
  completed: false,
  closed: false,
  sv: { application_status_id: null, status: 'Pending', state: 'pending', tag: null },
};

const kind = (application: StatusCardInput['application'], gates: StatusCardInput['gates'], isTeamLeader = false) =>
  statusCardFor({ application, gates, isTeamLeader });

describe('statusCardFor', () => {
  it('shows the application card while applications are open and the application is missing or unfinished', () => {
    expect(kind('none', open)).toBe('application');
    expect(kind(inProgress, open)).toBe('application');
  });

  it("shows 'Applications Have Closed' for a missing or unfinished application after the deadline", () => {
    expect(kind('none', closed)).toBe('closed');
    expect(kind(inProgress, closed)).toBe('closed');
    expect(kind(inProgress, confirmationOver)).toBe('closed');
  });

  it("shows 'Applications Have Closed' for an application the deadline job closed, even when the deadline was moved later", () => {
    expect(kind({ ...(inProgress as object), closed: true } as StatusCardInput['application'], open)).toBe('closed');
  });

  it("thanks a completed application that has no decision to show ('Thank You For Applying!')", () => {
    expect(kind(completed('pending'), open)).toBe('submitted');
    expect(kind(completed('pending'), closed)).toBe('submitted');
  });

  it('keeps an offer, a waitlist place and a rejection hidden until decisions are out', () => {
    expect(kind(completed('offered'), closed)).toBe('submitted');
    expect(kind(completed('waitlisted'), closed)).toBe('submitted');
    expect(kind(completed('rejected'), closed)).toBe('submitted');
  });

  it('shows an offer with Confirm and Decline after decisions are out, before the confirmation deadline', () => {
    expect(kind(completed('offered'), decisionsOut)).toBe('offered');
    expect(kind(completed('offered', 'TL'), decisionsOut)).toBe('offered');
  });

  it('says the confirmation deadline has passed for an offer not confirmed in time', () => {
    expect(kind(completed('offered'), confirmationOver)).toBe('offerExpired');
  });

  it('congratulates an accepted (confirmed) Student Volunteer', () => {
    expect(kind(completed('confirmed'), decisionsOut)).toBe('acceptedStudentVolunteer');
    expect(kind(completed('confirmed', 'SV'), confirmationOver)).toBe('acceptedStudentVolunteer');
    expect(kind(completed('confirmed', 'Housing'), decisionsOut)).toBe('acceptedStudentVolunteer');
  });

  it("congratulates an accepted Team Leader: tag 'TL', or a user with the team leader role", () => {
    expect(kind(completed('confirmed', 'TL'), decisionsOut)).toBe('acceptedTeamLeader');
    expect(kind(completed('confirmed'), decisionsOut, true)).toBe('acceptedTeamLeader');
  });

  it('shows a declined place', () => {
    expect(kind(completed('declined'), decisionsOut)).toBe('declined');
    expect(kind(completed('declined'), confirmationOver)).toBe('declined');
  });

  it('shows the waitlist after decisions are out, for waitlisted and still-pending applications alike', () => {
    expect(kind(completed('waitlisted'), decisionsOut)).toBe('waitlisted');
    expect(kind(completed('pending'), decisionsOut)).toBe('waitlisted');
  });

  it('shows a rejection after decisions are out', () => {
    expect(kind(completed('rejected'), decisionsOut)).toBe('rejected');
  });
});
