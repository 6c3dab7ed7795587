// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Timeline, defaultSettings, timelineFor } from '@svp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import type { Statistics } from '../dataProvider';
import { closePanel, openPanel } from '../records/testing';
import { json, publicSettings } from '../testing/fakePortal';

vi.setConfig({ testTimeout: 20_000 });

const statistics: Statistics = {
  total: 0,
  completed: 0,
  team_leader: 0,
  financial_aid: 0,
  by_status: [],
  per_day: [],
  funnel: { registered: 0, profile_complete: 0, started: 0, completed: 0 },
};
const comparison = { current: null, previous: null, perDay: [] };

// A portal installed on 1 December 2026: SIGGRAPH 2027, applications opening on Tuesday 8 December.
const NOW = '2026-12-01T09:00:00.000Z';
const EDITION = {
  ...defaultSettings('chair@example.org'),
  timeline: {
    applicationLaunchDate: '2026-12-08T08:00:00.000Z',
    teamLeaderEndDate: '2027-02-06T22:00:00.000Z',
    applicationEndDate: '2027-03-06T22:00:00.000Z',
    referencesDeadline: '2027-04-16T17:00:00.000Z',
    juryReleaseDate: '2027-04-18T17:00:00.000Z',
    juryDeadline: '2027-05-26T06:59:00.000Z',
    acceptanceDate: '2027-05-27T19:00:00.000Z',
    confirmationDeadline: '2027-06-23T06:59:00.000Z',
    schedulesReleaseDate: '2027-08-11T22:00:00.000Z',
  } satisfies Timeline,
  conference: {
    ...defaultSettings().conference,
    name: 'SIGGRAPH 2027',
    firstShiftDay: '2027-08-13',
    startDate: '2027-08-14',
    endDate: '2027-08-19',
  },
};

let now: string;
let timeline: Timeline;
let saved: unknown[];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  now = NOW;
  timeline = EDITION.timeline;
  saved = [];
  openPanel(
    {
      'GET /api/settings': () => {
        const answer = publicSettings({ ...EDITION, timeline });
        return json({ ...answer, data: { ...answer.data, now } });
      },
      'GET /api/application/statistics': () => json({ success: true, data: statistics }),
      'GET /api/admin/statistics/comparison': () => json(comparison),
      'PUT /api/admin/settings': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { timeline: Partial<Timeline> };
        saved.push(body);
        timeline = { ...timeline, ...body.timeline };
        // The server's clock moves on while the panel reads the settings again.
        now = new Date(Date.parse(now) + 60_000).toISOString();
        return json({ id: 'edition', ...EDITION, timeline });
      },
    },
    '/admin/',
  );
});
afterEach(closePanel);

const card = async () => within(await screen.findByTestId('next-step'));

describe("the dashboard's next step", () => {
  it('on a fresh install says what opens next, and opens applications on the server’s clock', async () => {
    const user = userEvent.setup();
    render(<App />);
    const step = await card();
    expect(step.getByRole('heading', { level: 2, name: 'Next: Applications open' })).toBeTruthy();
    expect(step.getByText('8 December 2026 at 08:00 UTC, in 7 days.')).toBeTruthy();
    expect(step.getByRole('link', { name: 'Change the dates' }).getAttribute('href')).toBe('/admin/settings');
    await user.click(step.getByRole('button', { name: 'Open applications now' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = (saved[0] as { timeline: Partial<Timeline> }).timeline;
    expect(Object.keys(sent)).toEqual(['applicationLaunchDate']);
    // The server's now (1 December), not this machine's.
    expect(Math.abs(Date.parse(sent.applicationLaunchDate!) - Date.parse(NOW))).toBeLessThan(60_000);
    expect(await step.findByRole('heading', { level: 2, name: 'Next: Team leader application deadline' })).toBeTruthy();
  });

  it('names the conference week, the week under way, and once it is over, the next edition to start', async () => {
    now = '2027-08-12T12:00:00.000Z';
    const first = render(<App />);
    expect((await card()).getByRole('heading', { level: 2, name: 'Next: the conference week' })).toBeTruthy();
    expect(screen.getByText(/starts with its first shifts on Friday 13 August 2027/)).toBeTruthy();
    first.unmount();

    now = '2027-08-16T12:00:00.000Z';
    const second = render(<App />);
    expect((await card()).getByRole('heading', { level: 2, name: 'SIGGRAPH 2027 is under way' })).toBeTruthy();
    second.unmount();

    now = '2027-08-21T12:00:00.000Z';
    render(<App />);
    const over = await card();
    expect(over.getByRole('heading', { level: 2, name: 'SIGGRAPH 2027 is over' })).toBeTruthy();
    expect(over.getByRole('link', { name: 'Start the next edition' }).getAttribute('href')).toBe('/admin/editions/new');
  });

  it('follows any timeline: the next date still ahead', async () => {
    now = '2027-01-10T12:00:00.000Z';
    timeline = timelineFor('jury', Date.parse(now));
    render(<App />);
    expect((await card()).getByRole('heading', { level: 2, name: 'Next: References close' })).toBeTruthy();
  });
});
