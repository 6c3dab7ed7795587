import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEAM_LEADER_EXPERIENCE_RULE } from '@svp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ApplicationRecord } from '../../api/types';
import { completeData, freshApplication, wordsOf } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import ApplicationWizard from './ApplicationWizard';
import { AUTOSAVE_DELAY_MS } from './useApplicationSave';

// Editions: the years the portal's records hold on the SIGGRAPH Experience tab, and the
// team-leader rule checked against them. The tests' edition is 2025: earlier years are 2024 to 2001.

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', async () => (await import('./wizardEndpoints')).wizardEndpoints());

const LOADED_AT = '2026-01-10T10:00:00.000Z';
const TL_REFUSAL = `${TEAM_LEADER_EXPERIENCE_RULE} Tick the years you volunteered on the SIGGRAPH Experience tab.`;

function openAt(step: number, data: Partial<ApplicationRecord['data']> = {}, overrides: Partial<ApplicationRecord> = {}) {
  const stored = { ...freshApplication().data, ...data, step };
  return renderPage(<ApplicationWizard />, {
    path: '/application',
    application: freshApplication({ step, updated_at: LOADED_AT, data: stored, ...overrides }),
  });
}

function answerSaves() {
  let version = 0;
  vi.mocked(endpoints.saveApplication).mockImplementation(async (body) => {
    version += 1;
    return {
      notices: [],
      ...freshApplication({
        data: { ...completeData(), ...(body.data as object) } as ApplicationRecord['data'],
        step: (body.data.step as number | undefined) ?? 3,
        team_leader: body.team_leader,
        financial_aid: body.financial_aid,
        updated_at: `2026-01-10T10:0${version}:00.000Z`,
      }),
    };
  });
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const lastSaveBody = () => vi.mocked(endpoints.saveApplication).mock.lastCall![0];
const box = (name: string) => screen.getByRole('checkbox', { name });
const VOLUNTEERED = 'Volunteered at SIGGRAPH (North America)';
const chip = (year: string) => screen.getByText(year).closest('.MuiChip-root');

beforeEach(() => {
  vi.mocked(endpoints.application).mockReset();
  vi.mocked(endpoints.saveApplication).mockReset();
  vi.mocked(endpoints.volunteerHistory).mockReset();
});

describe("the SIGGRAPH Experience tab and the portal's records", () => {
  it('ticks the years on record with a note, and sends them with the next save', async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.volunteerHistory).mockResolvedValue({ portalYears: [2023, 2021] });
    answerSaves();
    openAt(3, { haveAttended: true });
    await heading('SIGGRAPH Experience');

    await waitFor(() => expect(box(VOLUNTEERED)).toBeChecked());
    expect(box(VOLUNTEERED)).toBeDisabled();
    // Chips without a way to remove them.
    expect(chip('2023')).not.toHaveClass('MuiChip-deletable');
    expect(chip('2021')).not.toHaveClass('MuiChip-deletable');
    expect(
      screen.getByText("From the portal's records: 2023, 2021. Add any other year you volunteered in North America."),
    ).toBeInTheDocument();

    // A year from before the portal is added as before.
    await user.click(screen.getByLabelText(/^Years Volunteered \(North America\)/));
    await user.click(await screen.findByRole('option', { name: '2016' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await heading('SV Essays')).toBeInTheDocument();
    expect(endpoints.saveApplication).toHaveBeenCalledTimes(1);
    expect(lastSaveBody()).toMatchObject({
      data: { step: 4, haveAttended: true, haveVolunteered: true, yearsVolunteered: [2023, 2021, 2016] },
    });
  });

  it("adds only the years missing from the saved answers, and unticks 'first conference', which the record contradicts", async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.volunteerHistory).mockResolvedValue({ portalYears: [2022, 2019] });
    answerSaves();
    openAt(3, { haveNotAttended: true, haveVolunteered: false, yearsVolunteered: [2019, 2012] });
    await heading('SIGGRAPH Experience');

    await waitFor(() => expect(box(VOLUNTEERED)).toBeChecked());
    expect(box('This is my first SIGGRAPH conference')).not.toBeChecked();
    expect(screen.getAllByText('2019')).toHaveLength(1);
    expect(chip('2012')).toHaveClass('MuiChip-deletable');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('SV Essays')).toBeInTheDocument();
    expect(lastSaveBody()).toMatchObject({ data: { haveNotAttended: false, haveVolunteered: true, yearsVolunteered: [2022, 2019, 2012] } });
  });

  it('fills in nothing when the saved answers already hold every year on record', async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.volunteerHistory).mockResolvedValue({ portalYears: [2023] });
    answerSaves();
    openAt(3, { haveVolunteered: true, yearsVolunteered: [2018, 2023] });
    await heading('SIGGRAPH Experience');
    expect(await screen.findByText(/^From the portal's records: 2023\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('SV Essays')).toBeInTheDocument();
    expect(lastSaveBody()).toMatchObject({ data: { yearsVolunteered: [2018, 2023] } });
  });

  describe('while nothing else changed', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      // Signed in, so leaving with unsaved answers would be held back and asked about.
      localStorage.setItem('svp.token', 'token');
    });
    afterEach(() => {
      vi.useRealTimers();
      localStorage.removeItem('svp.token');
    });

    it('the years on record are not an unsaved change: nothing is saved for them alone, and leaving is not held back', async () => {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      vi.mocked(endpoints.volunteerHistory).mockResolvedValue({ portalYears: [2024] });
      answerSaves();
      openAt(3, { haveAttended: true });
      await heading('SIGGRAPH Experience');
      await waitFor(() => expect(box(VOLUNTEERED)).toBeChecked());

      await act(async () => void vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 3));
      expect(endpoints.saveApplication).not.toHaveBeenCalled();
      const unload = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(unload);
      expect(unload.defaultPrevented).toBe(false);

      await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Dashboard' }));
      expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(endpoints.saveApplication).not.toHaveBeenCalled();
    });

    it('a change typed on another tab saves the years on record with it', async () => {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      vi.mocked(endpoints.volunteerHistory).mockResolvedValue({ portalYears: [2024] });
      answerSaves();
      openAt(4, { haveAttended: true });
      await heading('SV Essays');
      await waitFor(() => expect(vi.mocked(endpoints.volunteerHistory)).toHaveBeenCalled());
      await user.type(screen.getAllByLabelText(/^Your answer/)[0]!, 'Curious');
      await act(async () => void vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));
      await waitFor(() => expect(endpoints.saveApplication).toHaveBeenCalledTimes(1));
      expect(lastSaveBody()).toMatchObject({ data: { essay1: 'Curious', haveVolunteered: true, yearsVolunteered: [2024] } });
      expect(lastSaveBody().data).not.toHaveProperty('step');
    });
  });

  it('works as before when the history cannot be loaded: nothing is filled in and nothing stops the applicant', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.mocked(endpoints.volunteerHistory).mockRejectedValue(new ApiError(500, 'INTERNAL', 'Internal error'));
    answerSaves();
    openAt(3, { haveAttended: true });
    await heading('SIGGRAPH Experience');
    await waitFor(() => expect(warn).toHaveBeenCalled());

    expect(box(VOLUNTEERED)).not.toBeChecked();
    expect(box(VOLUNTEERED)).toBeEnabled();
    expect(screen.queryByText(/From the portal's records/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();

    await user.click(box(VOLUNTEERED));
    await user.click(screen.getByLabelText(/^Years Volunteered \(North America\)/));
    await user.click(await screen.findByRole('option', { name: '2019' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('SV Essays')).toBeInTheDocument();
    expect(lastSaveBody()).toMatchObject({ data: { step: 4, haveVolunteered: true, yearsVolunteered: [2019] } });
    warn.mockRestore();
  });
});

describe('the team-leader rule at submission', () => {
  it("shows the server's refusal on team_leader in the page's alert and under the opt-in", async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(endpoints.volunteerHistory).mockResolvedValue({ portalYears: [] });
    vi.mocked(endpoints.saveApplication).mockRejectedValue(new ApiError(400, 'VALIDATION_FAILED', TL_REFUSAL, { team_leader: TL_REFUSAL }));
    openAt(
      7,
      { ...completeData(), haveNotAttended: false, haveAttended: true, teamLeaderEssay1: wordsOf(50), teamLeaderEssay2: wordsOf(50) },
      { team_leader: true },
    );
    await heading('Confirmation of Responsibilities');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));

    expect(await screen.findByTestId('danger-alert')).toHaveTextContent(TL_REFUSAL);
    expect(lastSaveBody()).toMatchObject({ completed: true, team_leader: true });
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Team Leader Essays' }));
    expect(await heading('Team Leader Essays')).toBeInTheDocument();
    const optIn = screen.getByRole('checkbox', { name: 'I would like to apply to be a Team Leader' });
    expect(optIn).toHaveAccessibleDescription(TL_REFUSAL);
    // Said once on the tab: under the opt-in.
    expect(screen.getAllByText(TL_REFUSAL, { ignore: '[data-testid="danger-alert"] *' })).toHaveLength(1);
    log.mockRestore();
  });
});
