import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileUser } from '../../api/types';
import { profileUser } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { NOW, confirmedVolunteer, offeredVolunteer, releasedSettings, unreleasedSettings } from './scheduleFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);

function shell({
  profile = confirmedVolunteer(),
  isTeamLeader = false,
  released = true,
}: {
  profile?: ProfileUser;
  isTeamLeader?: boolean;
  released?: boolean;
}) {
  return renderPage(<p>page</p>, {
    path: '/dashboard',
    settings: released ? releasedSettings() : unreleasedSettings(),
    now: NOW,
    profile,
    isTeamLeader,
  });
}
const scheduleLink = () => screen.queryByRole('link', { name: 'Schedule' });

describe('the Schedule navigation entry', () => {
  it('takes a team leader to /schedule/tl once schedules are out', () => {
    shell({ profile: profileUser({ role: 'Team-Leader' }), isTeamLeader: true });
    expect(scheduleLink()).toHaveAttribute('href', '/schedule/tl');
  });

  it('takes a confirmed volunteer to /schedule/sv once schedules are out', () => {
    shell({});
    expect(scheduleLink()).toHaveAttribute('href', '/schedule/sv');
    expect(screen.queryByRole('link', { name: 'Live board' })).not.toBeInTheDocument();
  });

  it("gives a team leader 'Live board' beside the schedule once schedules are out", () => {
    shell({ profile: profileUser({ role: 'Team-Leader' }), isTeamLeader: true });
    expect(screen.getByRole('link', { name: 'Live board' })).toHaveAttribute('href', '/schedule/board');
  });

  it('is not there before schedules are out, for a team leader or a confirmed volunteer', () => {
    shell({ released: false }).unmount();
    expect(scheduleLink()).not.toBeInTheDocument();
    shell({ profile: profileUser({ role: 'Team-Leader' }), isTeamLeader: true, released: false });
    expect(scheduleLink()).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
  });

  it('is not there for a volunteer who has not confirmed, nor for one without a decision', () => {
    shell({ profile: offeredVolunteer() }).unmount();
    expect(scheduleLink()).not.toBeInTheDocument();
    shell({ profile: profileUser() });
    expect(scheduleLink()).not.toBeInTheDocument();
  });
});
