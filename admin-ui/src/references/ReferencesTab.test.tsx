// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSettings, emptyApplicationData } from '@svp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import type { ApplicationRecord } from '../applications/types';
import { adminToken, applicationRow, fakeApi, json, publicSettings } from '../testing/fakePortal';
import { listOf } from '../testing/scheduleFixtures';
import type { ReferenceRow } from './types';

vi.setConfig({ testTimeout: 20_000 });

function applicationRecord(): ApplicationRecord {
  const row = applicationRow();
  return {
    ...row,
    application: {
      id: row.id,
      data: { ...emptyApplicationData(), proofOfEnrollment: null, step: 7 },
      completed: true,
      team_leader: false,
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
    history: [],
  };
}

const received = (overrides: Partial<ReferenceRow> = {}): ReferenceRow => ({
  id: 31,
  applicationId: 7,
  slot: 1,
  referenceType: 'professor',
  firstName: 'Charles',
  lastName: 'Babbage',
  email: 'charles@example.edu',
  state: 'received',
  requestNo: 1,
  requestedAt: '2026-02-28T22:05:00.000Z',
  answeredAt: '2026-03-03T09:30:00.000Z',
  relationship: 'professor',
  knownFor: '2-5-years',
  ratings: { reliability: 5, teamwork: 4, communication: null, initiative: 4 },
  averageRating: 4.33,
  statement: 'A careful and generous colleague.',
  declineReason: null,
  unreachableReason: null,
  withdrawnAt: null,
  mails: [
    { kind: 'reference-request', status: 'sent', recipient: 'charles@example.edu', sentAt: '2026-02-28T22:05:10.000Z', lastError: null },
  ],
  ...overrides,
});

const unreachable = (overrides: Partial<ReferenceRow> = {}): ReferenceRow =>
  received({
    id: 32,
    slot: 2,
    referenceType: 'supervisor',
    firstName: 'Mary',
    lastName: 'Somerville',
    email: 'mary@bad.example',
    state: 'not-reachable',
    answeredAt: null,
    relationship: null,
    knownFor: null,
    ratings: null,
    averageRating: null,
    statement: null,
    unreachableReason: '550 5.1.1 mailbox unavailable',
    mails: [
      {
        kind: 'reference-request',
        status: 'failed',
        recipient: 'mary@bad.example',
        sentAt: null,
        lastError: '550 5.1.1 mailbox unavailable',
      },
    ],
    ...overrides,
  });

let references: ReferenceRow[];
let settings: ReturnType<typeof publicSettings>;
let fetchMock: ReturnType<typeof fakeApi>;
let resendAnswer: () => Response;
let bodies: { key: string; body: unknown }[];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  references = [unreachable(), received()];
  // The panel's clock is after applications close (28 February 2026).
  settings = publicSettings();
  settings.data.now = '2026-03-05T00:00:00.000Z';
  bodies = [];
  resendAnswer = () => {
    references[0] = { ...references[0]!, state: 'requested', requestNo: 2, unreachableReason: null };
    return json(references[0]);
  };
  const record = (key: string, init?: RequestInit) => bodies.push({ key, body: init?.body ? JSON.parse(String(init.body)) : null });
  fetchMock = fakeApi({
    'GET /api/settings': () => json(settings),
    'GET /api/admin/applications/7': () => json(applicationRecord()),
    'GET /api/admin/references': (url) => {
      const { applicationId } = JSON.parse(url.searchParams.get('filter') ?? '{}');
      return listOf(
        'references',
        references.filter((r) => r.applicationId === applicationId),
      );
    },
    'POST /api/admin/references/32/resend': (_url, init) => {
      record('resend', init);
      return resendAnswer();
    },
    'POST /api/admin/references/32/withdraw': (_url, init) => {
      record('withdraw', init);
      references[0] = { ...references[0]!, state: 'withdrawn', withdrawnAt: '2026-03-05T10:00:00.000Z' };
      return json(references[0]);
    },
    'PUT /api/admin/references/32': (_url, init) => {
      record('update', init);
      references[0] = { ...references[0]!, ...JSON.parse(String(init?.body)) };
      return json(references[0]);
    },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.pushState({}, '', '/');
});

const referenceLists = () =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === '/api/admin/references');

async function openReferencesTab() {
  window.history.pushState({}, '', '/admin/applications/7/show');
  render(<App />);
  await userEvent.click(await screen.findByRole('tab', { name: 'References' }));
  return {
    first: await screen.findByRole('region', { name: 'First reference' }),
    second: screen.getByRole('region', { name: 'Second reference' }),
  };
}

describe("the application's References tab", () => {
  it('asks for the references of this application and shows each state, the answer in full and the emails', async () => {
    const { first, second } = await openReferencesTab();
    const url = new URL(String(referenceLists()[0]![0]), 'http://localhost');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ applicationId: 7 });

    // The first slot comes first, whatever order the server answers in.
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['First reference', 'Second reference']);
    expect(within(first).getByTestId('reference-state').textContent).toBe('Received');
    const answer = within(first).getByLabelText('First reference: the answer');
    expect(answer.textContent).toContain('Professor');
    expect(answer.textContent).toContain('2 to 5 years');
    expect(answer.textContent).toContain('Reliability5 of 5');
    expect(answer.textContent).toContain('CommunicationCannot judge');
    expect(answer.textContent).toContain('Average rating4.33');
    expect(answer.textContent).toContain('A careful and generous colleague.');
    expect(within(first).getByLabelText('First reference: the referee').textContent).toContain('charles@example.edu');
    const firstMails = within(first).getByRole('region', { name: 'Emails about the first reference' });
    expect(within(firstMails).getByRole('row', { name: /Request Sent charles@example.edu 28 February 2026 at 22:05 UTC/ })).toBeTruthy();

    expect(within(second).getByTestId('reference-state').textContent).toBe('Not reachable');
    expect(within(second).getByLabelText('Second reference: the referee').textContent).toContain(
      'Why it could not be delivered550 5.1.1 mailbox unavailable',
    );
    const secondMails = within(second).getByRole('region', { name: 'Emails about the second reference' });
    expect(
      within(secondMails).getByRole('row', { name: /Request Refused by the mail server mary@bad.example — 550 5.1.1 mailbox unavailable/ }),
    ).toBeTruthy();
    expect(within(second).queryByLabelText('Second reference: the answer')).toBeNull();

    // An answered reference is not asked for again.
    expect(within(first).queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(within(second).getByRole('button', { name: 'Send again' })).toBeTruthy();
  });

  it("'Send again' asks first, then sends the request and shows the reference as requested", async () => {
    const user = userEvent.setup();
    const { second } = await openReferencesTab();
    const listsBefore = referenceLists().length;
    await user.click(within(second).getByRole('button', { name: 'Send again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the reference request again?' });
    expect(dialog.textContent).toContain('mary@bad.example');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([]);

    await user.click(within(second).getByRole('button', { name: 'Send again' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(bodies.map((b) => b.key)).toEqual(['resend']));
    expect(await screen.findByText('Reference request sent again to mary@bad.example.')).toBeTruthy();
    await waitFor(() => expect(referenceLists().length).toBeGreaterThan(listsBefore));
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Second reference' })).getByTestId('reference-state').textContent).toBe('Requested'),
    );
    expect(
      within(screen.getByRole('region', { name: 'Second reference' })).getByLabelText('Second reference: the referee').textContent,
    ).toContain('Requests sent2');
  });

  it("shows the server's refusal of 'Send again'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    resendAnswer = () =>
      json({ message: 'References for this application closed on 10 April 2026 at 17:00 UTC.', err: 'REFERENCE_CLOSED' }, 409);
    const user = userEvent.setup();
    const { second } = await openReferencesTab();
    await user.click(within(second).getByRole('button', { name: 'Send again' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('References for this application closed on 10 April 2026 at 17:00 UTC.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('region', { name: 'Second reference' })).getByTestId('reference-state').textContent).toBe(
      'Not reachable',
    );
  });

  it("'Withdraw' asks first, then withdraws the request", async () => {
    const user = userEvent.setup();
    const { second } = await openReferencesTab();
    await user.click(within(second).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the reference request?' });
    expect(bodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw the request' }));
    await waitFor(() => expect(bodies.map((b) => b.key)).toEqual(['withdraw']));
    expect(await screen.findByText('The reference request to Mary Somerville is withdrawn.')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Second reference' })).getByTestId('reference-state').textContent).toBe('Withdrawn'),
    );
    expect(within(screen.getByRole('region', { name: 'Second reference' })).queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it("'Edit referee' checks the email, then sends only what changed", async () => {
    const user = userEvent.setup();
    const { second } = await openReferencesTab();
    await user.click(within(second).getByRole('button', { name: 'Edit referee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit referee' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'mary@');
    await user.click(within(dialog).getByRole('button', { name: 'Save referee' }));
    expect(within(dialog).getByText('Enter an email address such as name@university.edu')).toBeTruthy();
    expect(bodies).toEqual([]);

    await user.type(email, 'good.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save referee' }));
    await waitFor(() => expect(bodies).toEqual([{ key: 'update', body: { email: 'mary@good.example' } }]));
    expect(await screen.findByText('Referee updated. Choose Send again to send the request to the new email.')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Second reference' })).getByLabelText('Second reference: the referee').textContent,
      ).toContain('mary@good.example'),
    );
  });

  it('says when the references will be requested, before applications close', async () => {
    settings.data.now = '2026-02-01T00:00:00.000Z';
    references = [];
    window.history.pushState({}, '', '/admin/applications/7/show');
    render(<App />);
    await userEvent.click(await screen.findByRole('tab', { name: 'References' }));
    expect(await screen.findByText(`References are requested when applications close, on 28 February 2026 at 22:00 UTC.`)).toBeTruthy();
    expect(defaultSettings().timeline.applicationEndDate).toBe('2026-02-28T22:00:00.000Z');
  });
});
