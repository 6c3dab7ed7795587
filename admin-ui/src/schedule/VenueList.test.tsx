// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { App } from '../App';
import { adminToken, fakeApi, json, publicSettings } from '../testing/fakePortal';

const leader = (id: number, firstName: string, lastName: string) => ({
  id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.org`,
  svid: `SV${id}`,
  role: 'Team-Leader',
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  fakeApi({
    'GET /api/settings': () => json(publicSettings()),
    'GET /api/admin/venues': () =>
      json(
        [
          {
            id: 1,
            name: 'Main Hall',
            location: 'West building',
            teamLeaderIds: [3, 4],
            createdAt: '2026-03-01T10:00:00.000Z',
            updatedAt: '2026-03-01T10:00:00.000Z',
          },
        ],
        200,
        {
          'Content-Range': 'venues 0-0/1',
        },
      ),
    'GET /api/admin/users': () =>
      json([leader(3, 'Ada', 'Lovelace'), leader(4, 'Grace', 'Lovelace')], 200, { 'Content-Range': 'users 0-1/2' }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

it("shows each venue's team leaders by their full names", async () => {
  window.history.pushState({}, '', '/admin/venues');
  render(<App />);
  const row = (await screen.findByText('Main Hall')).closest('tr')!;
  expect(await within(row).findByText('Ada Lovelace')).toBeTruthy();
  expect(within(row).getByText('Grace Lovelace')).toBeTruthy();
});
