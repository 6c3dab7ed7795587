import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationRecord, ProfileUser } from '../../api/types';
import { applicationRecord, profileUser } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { DashboardPage } from '../dashboard/DashboardPage';
import { NOW, confirmedVolunteer, offeredVolunteer, releasedSettings, unreleasedSettings } from '../schedule/scheduleFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({ endpoints: { application: vi.fn(), decline: vi.fn(), applicationStatistics: vi.fn() } }));

const placed = (state: ApplicationRecord['sv']['state'], tag: ApplicationRecord['sv']['tag'] = 'SV') =>
  applicationRecord({ completed: true, progress: 100 }, { state, tag });

function dashboard({
  released,
  profile = confirmedVolunteer(),
  application = placed('confirmed'),
  isTeamLeader = false,
}: {
  released: boolean;
  profile?: ProfileUser;
  application?: ApplicationRecord;
  isTeamLeader?: boolean;
}) {
  return renderPage(<DashboardPage />, {
    path: '/dashboard',
    settings: released ? releasedSettings() : unreleasedSettings(),
    now: NOW,
    profile,
    application,
    isTeamLeader,
  });
}
const statusCardLink = () => screen.queryByRole('link', { name: 'Your Availability' });
const navigationLink = () => within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Availability' });

beforeEach(() => vi.clearAllMocks());

describe('the way to the availability page', () => {
  it("is on a confirmed volunteer's status card and in the navigation until schedules are out", () => {
    dashboard({ released: false });
    expect(screen.getByRole('heading', { name: 'Congratulations, You Are a Student Volunteer!' })).toBeInTheDocument();
    expect(screen.getByText(/Until then, tell us the days or hours you cannot work\./)).toBeInTheDocument();
    expect(statusCardLink()).toHaveAttribute('href', '/availability');
    expect(navigationLink()).toHaveAttribute('href', '/availability');
  });

  it("is on a team leader's card and in the navigation as well", () => {
    dashboard({ released: false, profile: profileUser({ role: 'Team-Leader', application_status_id: 2 }), isTeamLeader: true });
    expect(screen.getByRole('heading', { name: 'Congratulations, You Are a Team Leader!' })).toBeInTheDocument();
    expect(statusCardLink()).toHaveAttribute('href', '/availability');
    expect(navigationLink()).toHaveAttribute('href', '/availability');
  });

  it('gives way to the schedule once schedules are out', () => {
    dashboard({ released: true });
    expect(statusCardLink()).not.toBeInTheDocument();
    expect(navigationLink()).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Schedule' })).toHaveAttribute(
      'href',
      '/schedule/sv',
    );
  });

  it('is not offered before a place is confirmed: the confirmation form asks for it', () => {
    dashboard({ released: false, profile: offeredVolunteer(), application: placed('offered', null) });
    expect(statusCardLink()).not.toBeInTheDocument();
    expect(navigationLink()).not.toBeInTheDocument();
  });
});
