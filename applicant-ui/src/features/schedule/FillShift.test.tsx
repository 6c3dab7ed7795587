import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ShiftCandidate, ShiftCandidates, ShiftProposal } from '../../api/types';
import { renderPage } from '../../test/kit/renderPage';
import { proposedMessage } from './FillShift';
import ShiftDetailPage from './ShiftDetailPage';
import { scheduleSession, shiftDetail } from './scheduleFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({
  endpoints: {
    shiftDetail: vi.fn(),
    savePerformanceRecords: vi.fn(),
    shiftCandidates: vi.fn(),
    shiftProposals: vi.fn(),
    proposeForShift: vi.fn(),
  },
}));

const candidate = (volunteerId: number, name: string, more: Partial<ShiftCandidate> = {}): ShiftCandidate => ({
  volunteerId,
  name,
  svid: `SV${volunteerId}`,
  teamLeader: false,
  hours: 8,
  expected: 25,
  prefersVenue: false,
  score: 10 - volunteerId / 10,
  ...more,
});

/** Shift 21 (2 of 6 places taken): Cleo prefers the venue and has fewest hours, then Dev, then Eli, who is a team leader. */
const candidates = (): ShiftCandidates => ({
  shiftId: 21,
  free: 4,
  candidates: [
    candidate(41, 'Cleo Park', { prefersVenue: true, hours: 4 }),
    candidate(42, 'Dev Rao', { hours: 12.5 }),
    candidate(43, 'Eli Stone', { teamLeader: true, hours: 20, expected: 60 }),
  ],
  people: [],
});

const proposal = (id: number, volunteerId: number, volunteerName: string, status: ShiftProposal['status']): ShiftProposal => ({
  id,
  shiftId: 21,
  shiftLabel: 'Greeter at Registration, Fri Aug 8th 08:00–12:00',
  volunteerId,
  volunteerName,
  proposedBy: { id: 7, name: 'Tess Leader' },
  status,
  createdAt: '2025-08-07T16:00:00.000Z',
  decidedAt: status === 'open' ? null : '2025-08-07T18:00:00.000Z',
});

const open = () => renderPage(<ShiftDetailPage />, { path: '/schedule/shift/:id', at: '/schedule/shift/21', ...scheduleSession() });
const section = () => screen.findByRole('region', { name: 'Fill this shift' });
const candidateList = () => screen.getByRole('list', { name: 'Volunteers who could take this shift' });
const proposalTexts = () =>
  within(screen.getByRole('list', { name: 'Proposals for this shift' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.mocked(endpoints.shiftDetail).mockResolvedValue(shiftDetail());
  vi.mocked(endpoints.shiftCandidates).mockResolvedValue(candidates());
  vi.mocked(endpoints.shiftProposals).mockResolvedValue([proposal(2, 44, 'Fay Moss', 'declined'), proposal(1, 45, 'Gus Hale', 'accepted')]);
});

describe('filling a shift with free places from its detail', () => {
  it('lists who fits every rule now, best first: name, SV ID, hours of those expected, and who prefers the venue', async () => {
    open();
    const fill = await section();
    expect(await within(fill).findByText('4 places are free', { exact: false })).toBeInTheDocument();
    expect(endpoints.shiftCandidates).toHaveBeenCalledWith(21);
    const rows = within(candidateList()).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Cleo Park/),
      expect.stringMatching(/^Dev Rao/),
      expect.stringMatching(/^Eli Stone/),
    ]);
    expect(rows[0]).toHaveTextContent('SV ID: SV41 · 4 of 25 hours');
    expect(within(rows[0]!).getByText('Prefers this venue')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('SV ID: SV42 · 12.5 of 25 hours');
    expect(within(rows[1]!).queryByText('Prefers this venue')).not.toBeInTheDocument();
    expect(within(rows[2]!).getByText('Team Leader')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('20 of 60 hours');
    for (const name of ['Cleo Park', 'Dev Rao', 'Eli Stone']) expect(screen.getByRole('button', { name: `Propose ${name}` })).toBeEnabled();
  });

  it('shows the proposals already made with what became of them', async () => {
    open();
    await section();
    await screen.findByRole('list', { name: 'Proposals for this shift' });
    expect(proposalTexts()).toEqual([
      'Fay Moss: DeclinedProposed by Tess Leader on 7 August 2025 at 16:00 UTC',
      'Gus Hale: AcceptedProposed by Tess Leader on 7 August 2025 at 16:00 UTC',
    ]);
  });

  it(
    'proposes a candidate in one click: the proposal shows as waiting for the organisers and the candidate as proposed',
    { timeout: 20000 },
    async () => {
      const user = userEvent.setup();
      let answer!: (value: ShiftProposal) => void;
      vi.mocked(endpoints.proposeForShift).mockReturnValue(new Promise((resolve) => (answer = resolve)));
      open();
      await section();
      await user.click(await screen.findByRole('button', { name: 'Propose Dev Rao' }));

      expect(endpoints.proposeForShift).toHaveBeenCalledWith(21, 42);
      expect(screen.getByRole('button', { name: 'Propose Dev Rao' })).toHaveTextContent('Proposing...');
      // One proposal at a time.
      expect(screen.getByRole('button', { name: 'Propose Cleo Park' })).toBeDisabled();

      answer(proposal(3, 42, 'Dev Rao', 'open'));
      expect(await screen.findByTestId('primary-alert')).toHaveTextContent(proposedMessage('Dev Rao'));
      expect(proposalTexts()[0]).toBe(
        'Dev Rao: Proposed — waiting for the organisersProposed by Tess Leader on 7 August 2025 at 16:00 UTC',
      );
      const proposed = screen.getByRole('button', { name: 'Dev Rao is proposed' });
      expect(proposed).toHaveTextContent('Proposed');
      expect(proposed).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Propose Cleo Park' })).toBeEnabled();
      expect(endpoints.proposeForShift).toHaveBeenCalledTimes(1);
    },
  );

  it('shows a candidate with an open proposal as proposed already', async () => {
    vi.mocked(endpoints.shiftProposals).mockResolvedValue([proposal(4, 41, 'Cleo Park', 'open')]);
    open();
    await section();
    expect(await screen.findByRole('button', { name: 'Cleo Park is proposed' })).toBeDisabled();
    expect(proposalTexts()[0]).toMatch(/^Cleo Park: Proposed — waiting for the organisers/);
  });

  it("shows the server's reason when a proposal is refused, and lets another be made", { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.proposeForShift).mockRejectedValueOnce(
      new ApiError(
        409,
        'RULE_BROKEN',
        'This volunteer cannot take this shift now: they are not a confirmed volunteer, already on it, or it breaks one of their rules.',
      ),
    );
    open();
    await section();
    await user.click(await screen.findByRole('button', { name: 'Propose Cleo Park' }));
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('This volunteer cannot take this shift now');
    expect(screen.getByRole('button', { name: 'Propose Cleo Park' })).toHaveTextContent('Propose');
    expect(screen.getByRole('button', { name: 'Propose Dev Rao' })).toBeEnabled();
  });

  it('says so when nobody fits, and when there are no proposals yet', async () => {
    vi.mocked(endpoints.shiftCandidates).mockResolvedValue({ shiftId: 21, free: 1, candidates: [], people: [] });
    vi.mocked(endpoints.shiftProposals).mockResolvedValue([]);
    open();
    const fill = await section();
    expect(await within(fill).findByText('Nobody fits every rule for this shift right now.')).toBeInTheDocument();
    expect(within(fill).getByText(/^1 place is free\./)).toBeInTheDocument();
    expect(within(fill).getByText('No proposals yet.')).toBeInTheDocument();
  });

  it('loads the candidates again with the shift on Refresh', { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    open();
    await section();
    await screen.findByRole('button', { name: 'Propose Cleo Park' });
    vi.mocked(endpoints.shiftCandidates).mockResolvedValueOnce({ ...candidates(), candidates: candidates().candidates.slice(1) });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Propose Cleo Park' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Propose Dev Rao' })).toBeInTheDocument();
    expect(endpoints.shiftCandidates).toHaveBeenCalledTimes(2);
  });

  it('says when the candidates cannot be loaded, and tries again on request', async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.shiftCandidates).mockRejectedValueOnce(
      new ApiError(503, 'DB_UNAVAILABLE', 'The database is unavailable. Please try again shortly.'),
    );
    open();
    await section();
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('The database is unavailable.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Propose Cleo Park' })).toBeInTheDocument();
  });

  it('says for everyone else the rule that keeps them off, searchable and filtered by rule; only organisers set it aside', async () => {
    const user = userEvent.setup();
    const person = (volunteerId: number, name: string, more: Partial<ShiftCandidates['people'][number]>) => ({
      volunteerId,
      name,
      svid: `SV${volunteerId}`,
      teamLeader: false,
      hours: 8,
      expected: 25,
      prefersVenue: false,
      onShift: false,
      fits: false,
      rule: null,
      reason: null,
      exceptable: false,
      exception: null,
      ...more,
    });
    vi.mocked(endpoints.shiftCandidates).mockResolvedValue({
      ...candidates(),
      people: [
        person(41, 'Cleo Park', { fits: true, hours: 4 }),
        person(46, 'Hana Ito', { rule: 'preconference', reason: 'Hana Ito did not ask for pre-conference shifts.', exceptable: true }),
        person(47, 'Ivo Lund', { rule: 'overlap', reason: 'Ivo Lund already works another shift at that time (shift 9).' }),
        person(48, 'Jo Kim', { onShift: true }),
      ],
    });
    open();
    await section();
    const list = await screen.findByRole('list', { name: 'Everyone else, and why not' });
    const texts = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    // Who fits first, then by rule order; nobody already on the shift.
    expect(texts()).toEqual([
      expect.stringMatching(/^Cleo Park.*Fits$/),
      expect.stringMatching(/^Hana Ito.*Pre-conference wish.*did not ask for pre-conference shifts\.$/),
      expect.stringMatching(/^Ivo Lund.*Another shift then.*already works another shift/),
    ]);
    expect(
      screen.getByText(/1 fit now · Pre-conference wish: 1 · Another shift then: 1\. Only the organisers can assign/),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search name or SV ID' }), 'sv47');
    expect(texts()).toEqual([expect.stringMatching(/^Ivo Lund/)]);
    await user.clear(screen.getByRole('textbox', { name: 'Search name or SV ID' }));
    await user.click(screen.getByRole('combobox', { name: 'Rule' }));
    await user.click(screen.getByRole('option', { name: 'Pre-conference wish (1)' }));
    expect(texts()).toEqual([expect.stringMatching(/^Hana Ito/)]);
  });

  it('is not offered on a full shift', async () => {
    const full = shiftDetail();
    full.shift.sv_slots = 2;
    vi.mocked(endpoints.shiftDetail).mockResolvedValue(full);
    open();
    await screen.findByText('2 / 2 possible SVs assigned');
    expect(screen.queryByRole('region', { name: 'Fill this shift' })).not.toBeInTheDocument();
    expect(endpoints.shiftCandidates).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save and Return' })).toBeInTheDocument();
  });
});
