import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ApplicationRecord } from '../../api/types';
import { completeData, freshApplication, wordsOf } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { openSettings } from '../../test/kit/settings';
import ApplicationWizard from './ApplicationWizard';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_RETRY_MS } from './useApplicationSave';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', async () => (await import('./wizardEndpoints')).wizardEndpoints());

const LOADED_AT = '2026-01-10T10:00:00.000Z';

function openWizard(application: ApplicationRecord | 'none' | null, settings = openSettings()) {
  return renderPage(<ApplicationWizard />, { path: '/application', application, settings });
}

/** What the server answers to a save: the data sent, a newer version. */
function answerSaves() {
  let version = 0;
  vi.mocked(endpoints.saveApplication).mockImplementation(async (body) => {
    version += 1;
    const step = body.data.step as number;
    return {
      notices: [],
      ...freshApplication({
        data: {
          ...completeData(),
          ...(body.data as object),
          proofOfEnrollment: completeData().proofOfEnrollment,
        } as ApplicationRecord['data'],
        step,
        completed: body.completed,
        team_leader: body.team_leader,
        financial_aid: body.financial_aid,
        updated_at: `2026-01-10T10:0${version}:00.000Z`,
      }),
    };
  });
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const lastSaveBody = () => vi.mocked(endpoints.saveApplication).mock.lastCall![0];

beforeEach(() => {
  vi.mocked(endpoints.application).mockReset();
  vi.mocked(endpoints.saveApplication).mockReset();
});

describe('ApplicationWizard: opening', () => {
  it("loads the application ('Getting your application...') and opens at the stored step", async () => {
    vi.mocked(endpoints.application).mockResolvedValue(freshApplication({ step: 4, data: { ...completeData(), step: 4 } }));
    openWizard(null);
    expect(screen.getByText('Getting your application...')).toBeInTheDocument();
    expect(await heading('SV Essays')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Student Volunteer Application' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'SV Essays' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab')).toHaveLength(8);
    expect(endpoints.application).toHaveBeenCalledWith(7);
  });

  it('saves a new application at once when there is none yet (404), and opens the welcome', async () => {
    vi.mocked(endpoints.application).mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'You have not started an application yet.'));
    answerSaves();
    const { spies } = openWizard(null);
    expect(await heading('Welcome')).toBeInTheDocument();
    expect(endpoints.saveApplication).toHaveBeenCalledTimes(1);
    expect(lastSaveBody()).toMatchObject({
      sv_id: 'ABCD2345',
      completed: false,
      team_leader: false,
      financial_aid: false,
      data: { step: 0, essay1: '' },
    });
    expect(lastSaveBody().data).not.toHaveProperty('proofOfEnrollment');
    expect(spies.setApplication).toHaveBeenCalledWith(expect.objectContaining({ step: 0 }));
    expect(screen.getByText(/Full-time high school, undergraduate or graduate students/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
  });

  it("shows 'Unable to load application' when loading fails otherwise", async () => {
    vi.mocked(endpoints.application).mockRejectedValue(new ApiError(500, 'INTERNAL', 'Internal error'));
    openWizard(null);
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Unable to load application');
    expect(endpoints.saveApplication).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends a completed application to the dashboard', async () => {
    openWizard(freshApplication({ completed: true, data: completeData(), step: 7 }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('does not start an application after the deadline', async () => {
    openWizard('none', openSettings({ applicationEndDate: -1 }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(endpoints.saveApplication).not.toHaveBeenCalled();
  });
});

describe('ApplicationWizard: moving between tabs', () => {
  it(
    "saves with the new step when moving forward ('Saving Progress...', then 'Last Save'), " + 'and only changes the tab going back',
    async () => {
      const user = userEvent.setup();
      let release: () => void = () => undefined;
      answerSaves();
      const answer = vi.mocked(endpoints.saveApplication).getMockImplementation()!;
      vi.mocked(endpoints.saveApplication).mockImplementationOnce(
        (body) => new Promise((resolve) => (release = () => resolve(answer(body)))),
      );
      openWizard(freshApplication({ step: 2, updated_at: LOADED_AT }));
      await heading('Professional References');
      await user.type(screen.getAllByLabelText(/^First Name/)[0]!, 'Grace');
      await user.click(screen.getByRole('button', { name: 'Next' }));

      expect(await screen.findByText('Saving Progress...')).toBeInTheDocument();
      expect(lastSaveBody()).toMatchObject({
        sv_id: 'ABCD2345',
        completed: false,
        updated_at: LOADED_AT,
        data: { step: 3, firstReferenceFirstName: 'Grace' },
      });
      release();
      expect(await heading('SIGGRAPH Experience')).toBeInTheDocument();
      expect(screen.getByText(/^Last Save: \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Saving Progress...')).not.toBeVisible());
      // The buttons hand the focus to the new tab's heading.
      expect(screen.getByRole('heading', { level: 2, name: 'SIGGRAPH Experience' })).toHaveFocus();

      await user.click(screen.getByRole('button', { name: 'Previous' }));
      expect(await heading('Professional References')).toBeInTheDocument();
      expect(endpoints.saveApplication).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('heading', { level: 2, name: 'Professional References' })).toHaveFocus();

      // The next save is based on the version the first one answered. A tab keeps the focus where it was clicked.
      await user.click(screen.getByRole('tab', { name: 'SV Essays' }));
      expect(await heading('SV Essays')).toBeInTheDocument();
      expect(lastSaveBody()).toMatchObject({ updated_at: '2026-01-10T10:01:00.000Z', data: { step: 4 } });
      expect(screen.getByRole('tab', { name: 'SV Essays' })).toHaveFocus();
    },
  );

  it('keeps the applicant on the tab while an answer there has the wrong format, and saves the other answers all the same', async () => {
    const user = userEvent.setup();
    answerSaves();
    openWizard(
      freshApplication({
        step: 6,
        updated_at: LOADED_AT,
        financial_aid: true,
        data: { ...freshApplication().data, primaryTransport: 'plane', step: 6 },
      }),
    );
    await heading('Financial Aid');
    await user.type(screen.getByLabelText(/^Financial Aid Summary/), 'Dear');
    await user.type(screen.getByLabelText(/^Airport Code/), 'yv');
    expect(screen.getByLabelText(/^Airport Code/)).toHaveValue('YV');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Airport Code must be 3 letters, e.g. YVR')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Financial Aid' })).toBeInTheDocument();
    // Saved without the answer that fails its check (the server keeps what it had) and without moving the stored step. On a
    // slow machine, leaving the summary can save a draft before the click (airport code still empty): every save is looked at.
    await waitFor(() => expect(lastSaveBody().data).toMatchObject({ financialAidSummary: 'Dear' }));
    const saves = vi.mocked(endpoints.saveApplication).mock.calls.map(([body]) => body);
    expect(saves[0]).toMatchObject({ completed: false, updated_at: LOADED_AT });
    for (const body of saves) {
      expect(body.data.airportCode ?? '').toBe('');
      expect(body.data).not.toHaveProperty('step');
    }
    expect(await screen.findByText('Not saved: Airport Code must be 3 letters, e.g. YVR')).toBeInTheDocument();
    expect(screen.getByText(/^Last Save: \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
  });

  it('sends the applicant to the dashboard without saving once the deadline has passed', async () => {
    const user = userEvent.setup();
    openWizard(freshApplication({ step: 2 }), openSettings({ applicationEndDate: -1 }));
    await heading('Professional References');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(endpoints.saveApplication).not.toHaveBeenCalled();
  });

  it('treats an application the deadline job locked as closed, even when the deadline was later moved', async () => {
    const user = userEvent.setup();
    openWizard(freshApplication({ step: 2, closed: true }));
    await heading('Professional References');
    expect(screen.getByText('Applications have closed. Your application can no longer be changed.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(endpoints.saveApplication).not.toHaveBeenCalled();
  });

  it('sends the applicant to the dashboard with the message when the server says the deadline passed', async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.saveApplication).mockRejectedValue(new ApiError(409, 'DEADLINE_PASSED', 'Applications have closed'));
    openWizard(freshApplication({ step: 2 }));
    await heading('Professional References');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Applications have closed');
  });

  it('shows any other save failure and stays on the tab', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(endpoints.saveApplication).mockRejectedValue(new ApiError(0, 'NETWORK', 'Failed to fetch'));
    openWizard(freshApplication({ step: 2 }));
    await heading('Professional References');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent(
      'Unable to complete request. If this continues to persist, email sv@example.org',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Professional References' })).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});

describe('ApplicationWizard: another window saved meanwhile', () => {
  const current = () =>
    freshApplication({
      step: 3,
      updated_at: '2026-01-10T11:30:00.000Z',
      data: { ...freshApplication().data, schoolName: 'Saved Elsewhere U', step: 3 },
    });

  it('offers to load the newer version, which replaces the answers on the page', async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.saveApplication).mockRejectedValue(new ApiError(409, 'STALE', 'changed', {}, { current: current() }));
    openWizard(freshApplication({ step: 1, updated_at: LOADED_AT }));
    await heading('Academic Information');
    await user.type(screen.getByLabelText(/^School Name/), 'Typed Here U');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your application changed in another window' });
    await user.click(within(dialog).getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^School Name/)).toHaveValue('Saved Elsewhere U');
  });

  it("saves this window's answers over it when the applicant keeps them", async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.saveApplication).mockRejectedValueOnce(new ApiError(409, 'STALE', 'changed', {}, { current: current() }));
    answerSaves();
    openWizard(freshApplication({ step: 1, updated_at: LOADED_AT }));
    await heading('Academic Information');
    await user.type(screen.getByLabelText(/^School Name/), 'Typed Here U');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep my answers' }));
    expect(await heading('Professional References')).toBeInTheDocument();
    expect(lastSaveBody()).toMatchObject({ updated_at: '2026-01-10T11:30:00.000Z', data: { step: 2, schoolName: 'Typed Here U' } });
  });
});

describe('ApplicationWizard: submitting', () => {
  it("lists what is missing and what is over the limit under 'So close!', with Submit disabled", async () => {
    const user = userEvent.setup();
    answerSaves();
    const data = { ...completeData(), essay2: '', essay1: wordsOf(301), proofOfEnrollment: null, acceptedPrivacy: false };
    openWizard(freshApplication({ step: 7, data }));
    await heading('Confirmation of Responsibilities');
    const soClose = screen.getByTestId('so-close');
    expect(within(soClose).getByRole('heading', { name: 'So close!' })).toBeInTheDocument();
    expect(soClose).toHaveTextContent('Proof of Enrollment');
    expect(soClose).toHaveTextContent('Essay 2: Diverse Experiences');
    expect(soClose).toHaveTextContent('Privacy Policy');
    expect(soClose).toHaveTextContent('Essay 1: Interest and Motivation (301 words, the limit is 300)');
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    expect(screen.getByTestId('so-close')).not.toHaveTextContent('Privacy Policy');
    // Each item leads to its tab; going back saves the change as a draft, the stored step stays.
    await user.click(within(screen.getByTestId('so-close')).getAllByRole('button', { name: 'SV Essays' })[0]!);
    expect(await heading('SV Essays')).toBeInTheDocument();
    await waitFor(() => expect(endpoints.saveApplication).toHaveBeenCalledTimes(1));
    expect(lastSaveBody()).toMatchObject({ completed: false, data: { acceptedPrivacy: true } });
    expect(lastSaveBody().data).not.toHaveProperty('step');
  });

  it('submits a complete application with completed: true and the agreements ticked, then thanks the applicant', async () => {
    const user = userEvent.setup();
    answerSaves();
    const { spies } = openWizard(
      freshApplication({ step: 7, data: { ...completeData(), acceptedTerms: false, acceptedMediaRelease: false } }),
    );
    await heading('Confirmation of Responsibilities');
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /expectations, ethics, benefits and deadlines/ }));
    await user.click(screen.getByRole('checkbox', { name: /media release/ }));
    expect(screen.queryByTestId('so-close')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/application/thank-you');
    expect(lastSaveBody()).toMatchObject({
      completed: true,
      data: { acceptedTerms: true, acceptedMediaRelease: true, acceptedPrivacy: true, step: 7 },
    });
    expect(spies.setApplication).toHaveBeenLastCalledWith(expect.objectContaining({ completed: true }));
  });

  it("shows the server's lists when it refuses a submission as incomplete", async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.saveApplication).mockRejectedValue(
      new ApiError(
        400,
        'INCOMPLETE',
        'So close! Your application still needs a few things before you can submit it.',
        {},
        {
          missing: ['Proof of Enrollment'],
          over_limit: [],
        },
      ),
    );
    openWizard(freshApplication({ step: 7, data: completeData() }));
    await heading('Confirmation of Responsibilities');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByTestId('so-close')).toHaveTextContent('Proof of Enrollment');
    expect(screen.getByTestId('danger-alert')).toHaveTextContent('So close! Your application still needs a few things');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('switches the Team Leader opt-in off for a first-timer before saving', async () => {
    const user = userEvent.setup();
    answerSaves();
    openWizard(
      freshApplication({
        step: 3,
        team_leader: true,
        data: { ...freshApplication().data, haveVolunteered: true, yearsVolunteered: [2022], step: 3 },
      }),
    );
    await heading('SIGGRAPH Experience');
    await user.click(screen.getByRole('checkbox', { name: 'Volunteered at SIGGRAPH (North America)' }));
    await user.click(screen.getByRole('checkbox', { name: 'This is my first SIGGRAPH conference' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('SV Essays')).toBeInTheDocument();
    expect(lastSaveBody()).toMatchObject({ team_leader: false, data: { haveNotAttended: true, yearsVolunteered: [2022] } });
  });
});

describe('ApplicationWizard: saving as the applicant types', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Signed in, so the leave warning is on as well: leaving for the deadline must pass it.
    localStorage.setItem('svp.token', 'token');
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.removeItem('svp.token');
  });
  const typist = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const pause = (ms = AUTOSAVE_DELAY_MS) => act(async () => void vi.advanceTimersByTime(ms));

  it("saves a draft once typing pauses, keeping the stored step, and 'Last Save' tells when", async () => {
    const user = typist();
    answerSaves();
    const { spies } = openWizard(freshApplication({ step: 4, updated_at: LOADED_AT }));
    await heading('SV Essays');
    await user.type(essay(0), 'Kind');
    expect(endpoints.saveApplication).not.toHaveBeenCalled();
    await pause();
    await waitFor(() => expect(endpoints.saveApplication).toHaveBeenCalledTimes(1));
    expect(lastSaveBody()).toMatchObject({ completed: false, updated_at: LOADED_AT, data: { essay1: 'Kind' } });
    expect(lastSaveBody().data).not.toHaveProperty('step');
    expect(await screen.findByText(/^Last Save: \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
    expect(spies.setApplication).toHaveBeenLastCalledWith(expect.objectContaining({ updated_at: '2026-01-10T10:01:00.000Z' }));
    // No overlay for a draft: typing goes on.
    expect(screen.getByText('Saving Progress...')).not.toBeVisible();

    // The next draft is based on the version the first one answered.
    await user.type(essay(1), 'Far');
    await pause();
    await waitFor(() => expect(endpoints.saveApplication).toHaveBeenCalledTimes(2));
    expect(lastSaveBody()).toMatchObject({ updated_at: '2026-01-10T10:01:00.000Z', data: { essay1: 'Kind', essay2: 'Far' } });
  });

  it('never has two saves in flight: a change made during a save waits for its answer, then is based on it', async () => {
    const user = typist();
    answerSaves();
    const answer = vi.mocked(endpoints.saveApplication).getMockImplementation()!;
    let release: () => void = () => undefined;
    vi.mocked(endpoints.saveApplication).mockImplementationOnce(
      (body) => new Promise((resolve) => (release = () => resolve(answer(body)))),
    );
    openWizard(freshApplication({ step: 4, updated_at: LOADED_AT }));
    await heading('SV Essays');
    await user.type(essay(0), 'One');
    await pause();
    expect(await screen.findByText('Saving...')).toBeInTheDocument();
    await user.type(essay(0), ' two');
    await pause();
    await pause(AUTOSAVE_DELAY_MS * 3);
    expect(endpoints.saveApplication).toHaveBeenCalledTimes(1);
    await act(async () => release());
    await waitFor(() => expect(endpoints.saveApplication).toHaveBeenCalledTimes(2));
    expect(lastSaveBody()).toMatchObject({ updated_at: '2026-01-10T10:01:00.000Z', data: { essay1: 'One two' } });
  });

  it('holds back an answer that fails its check, saves the others, and says which one is not saved', async () => {
    const user = typist();
    answerSaves();
    openWizard(
      freshApplication({
        step: 6,
        financial_aid: true,
        data: { ...freshApplication().data, primaryTransport: 'plane', airportCode: 'YVR', step: 6 },
      }),
    );
    await heading('Financial Aid');
    await user.type(screen.getByLabelText(/^Financial Aid Summary/), 'Dear');
    await user.clear(screen.getByLabelText(/^Airport Code/));
    await user.type(screen.getByLabelText(/^Airport Code/), 'yu');
    await pause();
    await waitFor(() => expect(endpoints.saveApplication).toHaveBeenCalledTimes(1));
    expect(lastSaveBody()).toMatchObject({ data: { financialAidSummary: 'Dear' } });
    expect(lastSaveBody().data).not.toHaveProperty('airportCode');
    expect(await screen.findByText('Airport Code must be 3 letters, e.g. YVR')).toBeInTheDocument();
    expect(screen.getByText('Not saved: Airport Code must be 3 letters, e.g. YVR')).toBeInTheDocument();

    // Corrected, it is saved too and the message goes.
    await user.type(screen.getByLabelText(/^Airport Code/), 'l');
    await pause();
    await waitFor(() => expect(endpoints.saveApplication).toHaveBeenCalledTimes(2));
    expect(lastSaveBody()).toMatchObject({ data: { airportCode: 'YUL', financialAidSummary: 'Dear' } });
    await waitFor(() => expect(screen.queryByText(/^Not saved/)).not.toBeInTheDocument());
  });

  it('opens the two-window dialog when a draft save meets a version saved elsewhere, instead of overwriting it', async () => {
    const user = typist();
    const current = freshApplication({
      step: 4,
      updated_at: '2026-01-10T11:30:00.000Z',
      data: { ...freshApplication().data, essay1: 'Saved elsewhere', step: 4 },
    });
    vi.mocked(endpoints.saveApplication).mockRejectedValue(new ApiError(409, 'STALE', 'changed', {}, { current }));
    openWizard(freshApplication({ step: 4, updated_at: LOADED_AT }));
    await heading('SV Essays');
    await user.type(essay(0), 'Here');
    await pause();
    const dialog = await screen.findByRole('dialog', { name: 'Your application changed in another window' });
    expect(endpoints.saveApplication).toHaveBeenCalledTimes(1);
    // Nothing more is tried while the applicant chooses.
    await pause(AUTOSAVE_DELAY_MS * 3);
    expect(endpoints.saveApplication).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(essay(0)).toHaveValue('Saved elsewhere');
  });

  it('stops at the deadline: a draft save refused as too late sends the applicant to the dashboard with the reason', async () => {
    const user = typist();
    vi.mocked(endpoints.saveApplication).mockRejectedValue(new ApiError(409, 'DEADLINE_PASSED', 'Applications have closed'));
    openWizard(freshApplication({ step: 4 }));
    await heading('SV Essays');
    await user.type(essay(0), 'Late');
    await pause();
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(screen.getByTestId('danger-alert')).toHaveTextContent('Applications have closed');
    expect(endpoints.saveApplication).toHaveBeenCalledTimes(1);
  });

  it('saves nothing once the application is closed', async () => {
    const user = typist();
    openWizard(freshApplication({ step: 4, closed: true }));
    await heading('SV Essays');
    await user.type(essay(0), 'No');
    await pause(AUTOSAVE_DELAY_MS * 2);
    expect(endpoints.saveApplication).not.toHaveBeenCalled();
  });

  it('says so when a draft could not be saved, and tries again later', async () => {
    const user = typist();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerSaves();
    vi.mocked(endpoints.saveApplication).mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'Failed to fetch'));
    openWizard(freshApplication({ step: 4 }));
    await heading('SV Essays');
    await user.type(essay(0), 'Off');
    await pause();
    expect(
      await screen.findByText('Not saved: Unable to complete request. If this continues to persist, email sv@example.org'),
    ).toBeInTheDocument();
    await pause(AUTOSAVE_RETRY_MS);
    await waitFor(() => expect(endpoints.saveApplication).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByText(/^Not saved/)).not.toBeInTheDocument());
    expect(lastSaveBody()).toMatchObject({ data: { essay1: 'Off' } });
    log.mockRestore();
  });
});

describe('ApplicationWizard: leaving with unsaved answers', () => {
  // The leave warning holds back a navigation only while signed in (a logout must go through).
  beforeEach(() => localStorage.setItem('svp.token', 'token'));
  afterEach(() => localStorage.removeItem('svp.token'));
  const menuLink = (name: string) => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name });

  it('a link in the menu first saves what was typed, then goes', async () => {
    const user = userEvent.setup();
    answerSaves();
    openWizard(freshApplication({ step: 4, updated_at: LOADED_AT }));
    await heading('SV Essays');
    await user.type(essay(0), 'Work');
    await user.click(menuLink('Dashboard'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(endpoints.saveApplication).toHaveBeenCalledTimes(1);
    expect(lastSaveBody()).toMatchObject({ updated_at: LOADED_AT, data: { essay1: 'Work' } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before leaving when an answer cannot be saved: Stay keeps the page, Leave without saving goes', async () => {
    const user = userEvent.setup();
    answerSaves();
    openWizard(
      freshApplication({ step: 6, financial_aid: true, data: { ...freshApplication().data, primaryTransport: 'plane', step: 6 } }),
    );
    await heading('Financial Aid');
    await user.type(screen.getByLabelText(/^Airport Code/), 'yu');
    await user.click(menuLink('Dashboard'));
    const dialog = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    expect(dialog).toHaveTextContent('These answers cannot be saved until they are corrected:');
    expect(dialog).toHaveTextContent('Airport Code must be 3 letters, e.g. YVR');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Airport Code/)).toHaveValue('YU');

    await user.click(menuLink('Dashboard'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'You have unsaved changes' })).getByRole('button', { name: 'Leave without saving' }),
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('asks when the save on the way out fails', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(endpoints.saveApplication).mockRejectedValue(new ApiError(500, 'INTERNAL', 'Internal error'));
    openWizard(freshApplication({ step: 4 }));
    await heading('SV Essays');
    await user.type(essay(0), 'Vital');
    await user.click(menuLink('Profile'));
    const dialog = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    expect(dialog).toHaveTextContent('Your latest changes could not be saved: Internal error');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    log.mockRestore();
  });

  it('lets a reload or a closed tab ask only while something is unsaved', async () => {
    const user = userEvent.setup();
    answerSaves();
    openWizard(freshApplication({ step: 4 }));
    await heading('SV Essays');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(essay(0), 'New');
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('Team Leader Essays')).toBeInTheDocument();
    expect(unload()).toBe(false);
  });
});

describe('ApplicationWizard: answers kept by the tab', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const typist = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const pause = () => act(async () => void vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));

  it('puts back answers typed before the page failed or was reloaded, says so, and saves them', async () => {
    const user = typist();
    answerSaves();
    const first = openWizard(freshApplication({ step: 4, updated_at: LOADED_AT }));
    await heading('SV Essays');
    await user.type(essay(0), 'Kept');
    first.unmount();
    expect(endpoints.saveApplication).not.toHaveBeenCalled();

    openWizard(freshApplication({ step: 4, updated_at: LOADED_AT }));
    await heading('SV Essays');
    expect(essay(0)).toHaveValue('Kept');
    expect(
      screen.getByText('Answers you typed earlier in this browser tab had not been saved. They are back in the form and will be saved.'),
    ).toBeInTheDocument();
    await pause();
    await waitFor(() => expect(endpoints.saveApplication).toHaveBeenCalledTimes(1));
    expect(lastSaveBody()).toMatchObject({ updated_at: LOADED_AT, data: { essay1: 'Kept' } });
  });

  it('bases the restored answers on the version they were typed over, so a newer one meets the two-window dialog', async () => {
    const user = typist();
    const current = freshApplication({ step: 4, updated_at: '2026-01-10T11:30:00.000Z' });
    vi.mocked(endpoints.saveApplication).mockRejectedValue(new ApiError(409, 'STALE', 'changed', {}, { current }));
    const first = openWizard(freshApplication({ step: 4, updated_at: LOADED_AT }));
    await heading('SV Essays');
    await user.type(essay(0), 'Here');
    first.unmount();

    openWizard(current);
    await heading('SV Essays');
    expect(essay(0)).toHaveValue('Here');
    await pause();
    expect(await screen.findByRole('dialog', { name: 'Your application changed in another window' })).toBeInTheDocument();
    expect(lastSaveBody()).toMatchObject({ updated_at: LOADED_AT });
  });

  it('forgets them once they are saved', async () => {
    const user = typist();
    answerSaves();
    const first = openWizard(freshApplication({ step: 4 }));
    await heading('SV Essays');
    await user.type(essay(0), 'Next');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Team Leader Essays');
    first.unmount();
    openWizard(freshApplication({ step: 4 }));
    await heading('SV Essays');
    expect(screen.queryByText(/back in the form/)).not.toBeInTheDocument();
  });
});

function essay(n: number) {
  return screen.getAllByLabelText(/^Your answer/)[n]!;
}
