import { screen, within } from '@testing-library/react';
import { profileUser, publicSettings } from '../../test/fixtures';
import { renderApp } from '../dashboard/testHarness';
import JuryListPage from './JuryListPage';
import { NOW, juryTimeline } from './juryFixtures';

// Test-only: the jury list inside the real shell, for a session and clock the test controls. Tests
// mock the session and settings modules with ../dashboard/fakeContexts and the endpoints with vi.mock.

export function renderJuryList({ isTeamLeader = true, phase = 'open' as Parameters<typeof juryTimeline>[0] } = {}) {
  return renderApp(<JuryListPage />, {
    path: '/jury/view',
    settings: publicSettings(juryTimeline(phase), NOW),
    now: NOW,
    profile: profileUser(),
    isTeamLeader,
  });
}

/** The list's button for 'Application {n}'. */
export const listItem = (n: number) => screen.getByRole('button', { name: new RegExp(`^Application ${n}\\b`) });

/** The titles of the items the list shows now. */
export const shownItems = () =>
  within(screen.getByRole('list', { name: 'Assigned applications' }))
    .getAllByRole('button')
    .map((button) => button.textContent!.match(/^Application \d+/)![0]);
