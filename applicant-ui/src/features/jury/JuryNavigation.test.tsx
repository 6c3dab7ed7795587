import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { navigationEntries } from '../../components/navigation';
import { profileUser } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { allGates, publicSettings } from '../../test/kit/settings';
import { NOW, juryTimeline } from './juryFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);

const session = (isTeamLeader: boolean) => ({ isTeamLeader, profile: { application_status_id: null } });
const labels = (isTeamLeader: boolean, gates = allGates()) =>
  navigationEntries({ session: session(isTeamLeader), gates, statusLabels: [] }).map((e) => e.label);

describe('the Jury navigation entry', () => {
  it('is there for a team leader while the jury is open, between Dashboard and Profile', () => {
    const open = allGates({ afterApplicationDeadline: true, afterJuryRelease: true, juryOpen: true });
    expect(navigationEntries({ session: session(true), gates: open, statusLabels: [] })).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Jury', to: '/jury/view' },
      { label: 'Messages', to: '/messages' },
      { label: 'Profile', to: '/profile' },
    ]);
    expect(labels(false, open)).toEqual(['Dashboard', 'Messages', 'Profile']);
    expect(labels(true, allGates({ afterApplicationDeadline: true }))).toEqual(['Dashboard', 'Messages', 'Profile']);
    expect(labels(true, allGates({ afterApplicationDeadline: true, afterJuryRelease: true, afterJuryDeadline: true }))).toEqual([
      'Dashboard',
      'Messages',
      'Profile',
    ]);
  });

  const shell = (isTeamLeader: boolean, phase: Parameters<typeof juryTimeline>[0], loadedAt = NOW) =>
    renderPage(<p>page</p>, {
      path: '/dashboard',
      settings: publicSettings(juryTimeline(phase), loadedAt),
      now: NOW,
      profile: profileUser(),
      isTeamLeader,
    });

  it('shows in the navigation bar for a team leader inside the jury window', () => {
    shell(true, 'open');
    expect(screen.getByRole('link', { name: 'Jury' })).toHaveAttribute('href', '/jury/view');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('does not show for a volunteer, nor for a team leader before the jury release or after the jury deadline', () => {
    shell(false, 'open').unmount();
    expect(screen.queryByRole('link', { name: 'Jury' })).not.toBeInTheDocument();
    shell(true, 'beforeRelease').unmount();
    expect(screen.queryByRole('link', { name: 'Jury' })).not.toBeInTheDocument();
    shell(true, 'afterDeadline');
    expect(screen.queryByRole('link', { name: 'Jury' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
  });

  it("follows the server's clock now, not the gates as they were when the settings loaded", () => {
    // Settings loaded two days ago, before the jury release; the server's clock is now inside the window.
    shell(true, 'open', NOW - 2 * 86_400_000);
    expect(screen.getByRole('link', { name: 'Jury' })).toBeInTheDocument();
  });
});
