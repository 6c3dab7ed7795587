// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import type { JuryStatistics } from '../jury/types';
import { adminToken, fakeApi, json, publicSettings } from '../testing/fakePortal';

vi.setConfig({ testTimeout: 20_000 });

/** The statistics as a server answers them; an older one, without the references, is shown too. */
type StatisticsAnswer = Omit<JuryStatistics, 'references'> & Partial<Pick<JuryStatistics, 'references'>>;

const statistics = (overrides: Partial<JuryStatistics> = {}): StatisticsAnswer => ({
  overall: { teamLeaders: 0, applications: 0, assigned: 0, scored: 0 },
  teamLeaders: [],
  redFlagged: [],
  disagreements: [],
  applications: [],
  ...overrides,
});

let answer: StatisticsAnswer;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  answer = statistics({ references: { requested: 7, received: 12, declined: 1, notReachable: 2, withdrawn: 0, averageRating: 4.126 } });
  fakeApi({
    'GET /api/settings': () => json(publicSettings()),
    'GET /api/jury/statistics': () => json({ success: true, data: answer }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

describe('the references on the jury statistics page', () => {
  it('shows how many references are in each state and the average rating of those received', async () => {
    window.history.pushState({}, '', '/admin/jury/statistics');
    render(<App />);
    const figures = await screen.findByLabelText('Reference figures');
    expect(screen.getByRole('heading', { name: 'References' })).toBeTruthy();
    const pairs = [...figures.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(pairs).toEqual([
      'Requested, no answer yet: 7',
      'Received: 12',
      'Declined: 1',
      'Not reachable: 2',
      'Withdrawn: 0',
      'Average rating: 4.13',
    ]);
    expect(within(figures).getByText('4.13')).toBeTruthy();
  });

  it('leaves them out when the server does not give them', async () => {
    answer = statistics();
    window.history.pushState({}, '', '/admin/jury/statistics');
    render(<App />);
    await screen.findByRole('heading', { name: 'Overall progress' });
    expect(screen.queryByLabelText('Reference figures')).toBeNull();
  });
});
