import { STATUS_CATALOGUES } from '@svp/domain';
import { describe, expect, it } from 'vitest';
import { allGates } from '../test/kit/settings';
import { isConfirmedVolunteer, navigationEntries, schedulePath } from './navigation';

const catalogue = (name: 'A' | 'B') => STATUS_CATALOGUES[name].map(({ id, state }) => ({ id, state }));
const released = allGates({
  afterApplicationDeadline: true,
  afterJuryRelease: true,
  afterJuryDeadline: true,
  afterDecisions: true,
  afterConfirmationDeadline: true,
  schedulesOut: true,
});
const session = (isTeamLeader: boolean, statusId: number | null) => ({ isTeamLeader, profile: { application_status_id: statusId } });

describe('navigationEntries', () => {
  it('puts Schedule between Jury and Profile', () => {
    const juryAndSchedules = allGates({ ...released, afterJuryDeadline: false, juryOpen: true });
    expect(navigationEntries({ session: session(true, null), gates: juryAndSchedules, statusLabels: catalogue('A') })).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Jury', to: '/jury/view' },
      { label: 'Schedule', to: '/schedule/tl' },
      { label: 'Check in', to: '/schedule/checkin' },
      { label: 'Live board', to: '/schedule/board' },
      { label: 'Write to volunteers', to: '/messages/team' },
      { label: 'Messages', to: '/messages' },
      { label: 'Notifications', to: '/notifications' },
      { label: 'Profile', to: '/profile' },
    ]);
  });

  it("gives 'Check in' to team leaders and 'Notifications' to everyone with a schedule, once schedules are out", () => {
    const labels = (teamLeader: boolean, statusId: number | null, gates = released) =>
      navigationEntries({ session: session(teamLeader, statusId), gates, statusLabels: catalogue('A') }).map((e) => e.label);
    expect(labels(true, null)).toEqual(expect.arrayContaining(['Check in', 'Notifications']));
    expect(labels(false, 2)).toContain('Notifications');
    expect(labels(false, 2)).not.toContain('Check in');
    expect(labels(false, 1)).not.toContain('Notifications');
    expect(labels(true, null, allGates({ afterConfirmationDeadline: true }))).not.toContain('Notifications');
  });

  it("gives 'Live board' to team leaders only, once schedules are out", () => {
    const labels = (isTeamLeader: boolean, statusId: number | null, gates = released) =>
      navigationEntries({ session: session(isTeamLeader, statusId), gates, statusLabels: catalogue('A') }).map((e) => e.label);
    expect(labels(true, null)).toContain('Live board');
    expect(labels(false, 2)).not.toContain('Live board');
    expect(labels(true, null, allGates({ afterConfirmationDeadline: true }))).not.toContain('Live board');
  });

  it("gives everyone 'Messages', and team leaders 'Write to volunteers' beside their schedule once schedules are out", () => {
    const entries = (isTeamLeader: boolean, statusId: number | null, gates = released) =>
      navigationEntries({ session: session(isTeamLeader, statusId), gates, statusLabels: catalogue('A') });
    for (const [isTeamLeader, statusId] of [
      [true, null],
      [false, 2],
      [false, null],
    ] as const) {
      expect(entries(isTeamLeader, statusId)).toContainEqual({ label: 'Messages', to: '/messages' });
    }
    expect(entries(true, null)).toContainEqual({ label: 'Write to volunteers', to: '/messages/team' });
    expect(entries(false, 2).map((e) => e.label)).not.toContain('Write to volunteers');
    expect(entries(true, null, allGates({ afterConfirmationDeadline: true })).map((e) => e.label)).not.toContain('Write to volunteers');
  });

  it('gives a confirmed volunteer /schedule/sv and nobody a Schedule entry before schedules are out', () => {
    const labels = (isTeamLeader: boolean, statusId: number | null, gates = released) =>
      navigationEntries({ session: session(isTeamLeader, statusId), gates, statusLabels: catalogue('A') }).map((e) => `${e.label} ${e.to}`);
    expect(labels(false, 2)).toEqual([
      'Dashboard /dashboard',
      'Schedule /schedule/sv',
      'Messages /messages',
      'Notifications /notifications',
      'Profile /profile',
    ]);
    expect(labels(false, 2, allGates({ afterConfirmationDeadline: true }))).toEqual([
      'Dashboard /dashboard',
      'Availability /availability',
      'Messages /messages',
      'Profile /profile',
    ]);
    expect(labels(true, null, allGates({ afterConfirmationDeadline: true }))).toEqual([
      'Dashboard /dashboard',
      'Messages /messages',
      'Profile /profile',
    ]);
  });

  it(
    'gives a confirmed volunteer, or a team leader once decisions are out, Availability until schedules are out, where Schedule ' +
      'comes later',
    () => {
      const labels = (isTeamLeader: boolean, statusId: number | null, gates: ReturnType<typeof allGates>) =>
        navigationEntries({ session: session(isTeamLeader, statusId), gates, statusLabels: catalogue('A') }).map((e) => e.label);
      const decisionsOut = allGates({ applicationsOpen: false, afterApplicationDeadline: true, afterDecisions: true });
      expect(labels(false, 2, decisionsOut)).toEqual(['Dashboard', 'Availability', 'Messages', 'Profile']);
      expect(labels(true, null, decisionsOut)).toEqual(['Dashboard', 'Availability', 'Messages', 'Profile']);
      expect(labels(true, null, allGates())).toEqual(['Dashboard', 'Messages', 'Profile']);
      // Offered, not confirmed yet: the confirmation form asks for it.
      expect(labels(false, 1, decisionsOut)).toEqual(['Dashboard', 'Messages', 'Profile']);
      expect(labels(false, 2, released)).toEqual(['Dashboard', 'Schedule', 'Messages', 'Notifications', 'Profile']);
      expect(labels(true, 2, released)).toEqual([
        'Dashboard',
        'Schedule',
        'Check in',
        'Live board',
        'Write to volunteers',
        'Messages',
        'Notifications',
        'Profile',
      ]);
    },
  );

  it('offers no page before launch, when every page but Home leads back to Home', () => {
    expect(
      navigationEntries({
        session: session(false, null),
        gates: allGates({ beforeLaunch: true, applicationsOpen: false }),
        statusLabels: catalogue('A'),
      }),
    ).toEqual([]);
  });
});

describe('schedulePath', () => {
  it("is the team leader's schedule for a team leader, whatever their own status", () => {
    expect(schedulePath({ session: session(true, null), gates: released, statusLabels: catalogue('A') })).toBe('/schedule/tl');
    expect(schedulePath({ session: session(true, 2), gates: released, statusLabels: catalogue('A') })).toBe('/schedule/tl');
  });

  it('is none for a volunteer whose status is not confirmed, or without a profile', () => {
    for (const id of [null, 0, 1, 3, 4, 5])
      expect(schedulePath({ session: session(false, id), gates: released, statusLabels: catalogue('A') })).toBeNull();
    expect(schedulePath({ session: { isTeamLeader: false, profile: null }, gates: released, statusLabels: catalogue('A') })).toBeNull();
  });
});

describe('isConfirmedVolunteer', () => {
  it("reads the status id through the edition's catalogue", () => {
    // Catalogue A: 2 Confirmed. Catalogue B: 4 to 7 are confirmed places (TL, SV, Housing, Travel), 2 is Waitlist.
    expect(isConfirmedVolunteer({ application_status_id: 2 }, catalogue('A'))).toBe(true);
    expect(isConfirmedVolunteer({ application_status_id: 1 }, catalogue('A'))).toBe(false);
    expect([4, 5, 6, 7].every((id) => isConfirmedVolunteer({ application_status_id: id }, catalogue('B')))).toBe(true);
    expect([null, 0, 1, 2, 3, 8].some((id) => isConfirmedVolunteer({ application_status_id: id }, catalogue('B')))).toBe(false);
  });

  it('knows nobody as confirmed while the labels are not known', () => {
    expect(isConfirmedVolunteer({ application_status_id: 2 }, [])).toBe(false);
  });
});
