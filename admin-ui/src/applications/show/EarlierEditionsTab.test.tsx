// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type EditionHistoryRow, type TeamLeaderEligibility, emptyApplicationData, teamLeaderEligibility } from '@svp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../App';
import { closePanel, openPanel } from '../../records/testing';
import { applicationRow, json } from '../../testing/fakePortal';
import type { ApplicationRecord, StatusHistoryEntry } from '../types';

vi.setConfig({ testTimeout: 20_000 });

const statusChange: StatusHistoryEntry = {
  at: '2026-04-02T10:00:00.000Z',
  actor: 'chair@example.org',
  actorName: 'Chair Person',
  from: { state: 'pending', tag: null },
  to: { state: 'offered', tag: null },
};

const served2025: EditionHistoryRow = {
  editionId: 1,
  key: '2025',
  name: 'SIGGRAPH 2025',
  status: 'Confirmed',
  servedAs: 'SV',
  hoursWorked: 23.5,
  noShows: 1,
  averageRating: 4.25,
  notes: [{ shiftLabel: 'Greeter at Room 1, Sun Aug 10th 08:00–12:00', note: 'Calm with a long queue.' }],
};

const applied2024: EditionHistoryRow = {
  editionId: 0,
  key: '2024',
  name: 'SIGGRAPH 2024',
  status: 'Waitlisted',
  servedAs: null,
  hoursWorked: 0,
  noShows: 0,
  averageRating: null,
  notes: [],
};

function applicationRecord(overrides: Partial<ApplicationRecord> = {}): ApplicationRecord {
  const row = applicationRow({ teamLeader: true });
  return {
    ...row,
    application: {
      id: row.id,
      data: { ...emptyApplicationData(), proofOfEnrollment: null, step: 7 },
      completed: true,
      team_leader: true,
      financial_aid: false,
      status_id: null,
      progress: 100,
      closed: true,
      updated_at: row.updatedAt,
      submitted_at: row.submittedAt,
      confirmation: null,
      confirmed_at: null,
      declined_at: null,
    },
    editionId: 1,
    allowedStatuses: [],
    history: [statusChange, served2025, applied2024],
    teamLeaderCheck: { eligible: true, flagged: false },
    ...overrides,
  };
}

let record: ApplicationRecord;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  record = applicationRecord();
  openPanel({ 'GET /api/admin/applications/7': () => json(record) }, '/admin/applications/7/show');
});
afterEach(closePanel);

async function openEarlierEditions() {
  render(<App />);
  await userEvent.click(await screen.findByRole('tab', { name: 'Earlier editions' }));
  return screen.getByRole('tabpanel');
}

const detailsOf = (list: HTMLElement) => {
  const names = within(list)
    .getAllByRole('term')
    .map((term) => term.textContent);
  const values = within(list)
    .getAllByRole('definition')
    .map((value) => value.textContent);
  return Object.fromEntries(names.map((name, i) => [name, values[i]]));
};

describe("an application's earlier editions", () => {
  it("lists each one, newest first, with what the person did and the team leaders' notes", async () => {
    const panel = await openEarlierEditions();
    expect(
      within(panel)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['SIGGRAPH 2025', 'SIGGRAPH 2024']);
    expect(detailsOf(within(panel).getByLabelText('SIGGRAPH 2025: the record'))).toEqual({
      Status: 'Confirmed',
      'Served as': 'Student volunteer',
      'Hours worked': '23.5',
      'Average rating': '4.25 of 5',
      'No-shows': '1',
    });
    expect(within(panel).getByRole('listitem').textContent).toBe('Greeter at Room 1, Sun Aug 10th 08:00–12:00: Calm with a long queue.');
    expect(detailsOf(within(panel).getByLabelText('SIGGRAPH 2024: the record'))).toMatchObject({
      Status: 'Waitlisted',
      'Served as': 'Not confirmed',
      'Average rating': 'Not rated',
    });
    // The status changes stay in the status history, apart from the editions.
    expect(within(screen.getByRole('table', { name: 'Status history' })).getAllByRole('row')).toHaveLength(2);
  });

  it('reads them from editionHistory too, should the server send them apart from the status changes', async () => {
    record = applicationRecord({ history: [statusChange], editionHistory: [served2025] });
    const panel = await openEarlierEditions();
    expect(
      within(panel)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['SIGGRAPH 2025']);
  });

  it('says so when there is none', async () => {
    record = applicationRecord({ history: [statusChange], teamLeaderCheck: null, teamLeader: false });
    const panel = await openEarlierEditions();
    expect(within(panel).getByText('No earlier edition on record.')).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('flags a team leader whose experience is only declared', async () => {
    const check = teamLeaderEligibility({ portalYears: [], declaredYears: [2019] }, 2026) as TeamLeaderEligibility & { reason: string };
    record = applicationRecord({ history: [statusChange], teamLeaderCheck: check });
    const panel = await openEarlierEditions();
    expect(within(panel).getByRole('alert').textContent).toBe(`TL experience declared only: ${check.reason}`);
    expect(within(screen.getByLabelText('Badges')).getByText('TL experience declared only')).toBeTruthy();
  });

  it('warns of a team leader without any prior experience', async () => {
    const check = teamLeaderEligibility({ portalYears: [], declaredYears: [] }, 2026) as TeamLeaderEligibility & { reason: string };
    record = applicationRecord({ history: [statusChange], teamLeaderCheck: check });
    const panel = await openEarlierEditions();
    const alert = within(panel).getByRole('alert');
    expect(alert.textContent).toBe(`Not eligible to lead a team: ${check.reason}`);
    expect(alert.className).toContain('Error');
    expect(within(screen.getByLabelText('Badges')).getByText('No prior SV experience')).toBeTruthy();
  });
});
