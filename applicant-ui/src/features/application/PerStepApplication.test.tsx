import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ApplicationRecord } from '../../api/types';
import { completeData, freshApplication, wordsOf } from '../../test/kit/records';
import { address, renderAppRoutes } from '../../test/kit/renderPage';
import { openSettings } from '../../test/kit/settings';
import { AUTOSAVE_DELAY_MS } from './useApplicationSave';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', async () => (await import('./wizardEndpoints')).wizardEndpoints());

const LOADED_AT = '2026-01-10T10:00:00.000Z';

/** An application in progress whose stored step is the wizard tab `step`. */
function storedAt(step: number, overrides: Partial<ApplicationRecord> = {}, data: Partial<ApplicationRecord['data']> = {}) {
  return freshApplication({ step, updated_at: LOADED_AT, data: { ...freshApplication().data, ...data, step }, ...overrides });
}

function open(path: string, application: ApplicationRecord | 'none' | null, settings = openSettings()) {
  return renderAppRoutes(path, { application, settings });
}

/** What the server answers to a save: the data sent, a newer version. */
function answerSaves() {
  let version = 0;
  vi.mocked(endpoints.saveApplication).mockImplementation(async (body) => {
    version += 1;
    return {
      notices: [],
      ...freshApplication({
        data: { ...(body.data as object), proofOfEnrollment: completeData().proofOfEnrollment } as ApplicationRecord['data'],
        step: body.data.step as number,
        completed: body.completed,
        team_leader: body.team_leader,
        financial_aid: body.financial_aid,
        updated_at: `2026-01-10T10:0${version}:00.000Z`,
      }),
    };
  });
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
/** The address the user ends on (it follows the page shown a moment later). */
const at = (path: string) => waitFor(() => expect(address()).toBe(path));
const lastSaveBody = () => vi.mocked(endpoints.saveApplication).mock.lastCall![0];
const button = (name: string) => screen.queryByRole('button', { name });

beforeEach(() => {
  vi.mocked(endpoints.application).mockReset();
  vi.mocked(endpoints.saveApplication).mockReset();
});

describe('per-step pages: opening', () => {
  it("shows step two, 'Student Volunteer Questions', with the three essays and only 'Save and Continue'", async () => {
    open('/application/2', storedAt(4));
    expect(await heading('Student Volunteer Questions')).toBeInTheDocument();
    await at('/application/2');
    expect(screen.getByText('Step 2 of 5. Your answers are saved as you type.')).toBeInTheDocument();
    expect(screen.getAllByLabelText(/^Your answer/)).toHaveLength(3);
    expect(screen.getAllByText('300 words remaining')).toHaveLength(3);
    expect(button('Save and Continue')).toBeInTheDocument();
    expect(button('Previous Step')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('sends the user to the page of the stored step when another one is opened', async () => {
    open('/application/1', storedAt(5));
    expect(await heading('Become a Team Leader')).toBeInTheDocument();
    await at('/application/3');
    expect(endpoints.saveApplication).not.toHaveBeenCalled();
  });

  it('asks the academic information, the references and the experience on step one', async () => {
    open('/application/1', storedAt(2));
    expect(await heading('Academic Information')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Professional References' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'SIGGRAPH Experience' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^School Name/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'This is my first SIGGRAPH conference' })).toBeInTheDocument();
    expect(button('Previous Step')).not.toBeInTheDocument();
  });

  it('saves a new application (none yet: 404) and starts it on step one', async () => {
    vi.mocked(endpoints.application).mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'You have not started an application yet.'));
    answerSaves();
    open('/application/3', null);
    expect(await heading('Academic Information')).toBeInTheDocument();
    await at('/application/1');
    expect(endpoints.saveApplication).toHaveBeenCalledTimes(1);
    expect(lastSaveBody()).toMatchObject({ completed: false, data: { step: 0 } });
  });

  it('sends a completed application to the dashboard from any step', async () => {
    open('/application/3', freshApplication({ completed: true, data: completeData(), step: 7 }));
    await at('/dashboard');
    expect(endpoints.saveApplication).not.toHaveBeenCalled();
  });

  it('leaves any other address under /application to the wizard', async () => {
    open('/application/5', storedAt(4));
    await at('/application');
  });
});

describe('per-step pages: moving saves with the target step', () => {
  it("step one: 'Save and Continue' saves the answers with step two's step and goes there", async () => {
    const user = userEvent.setup();
    answerSaves();
    open('/application/1', storedAt(1));
    await heading('Academic Information');
    await user.type(screen.getByLabelText(/^School Name/), 'UBC');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await heading('Student Volunteer Questions')).toBeInTheDocument();
    await at('/application/2');
    expect(lastSaveBody()).toMatchObject({ updated_at: LOADED_AT, completed: false, data: { step: 4, schoolName: 'UBC' } });
    expect(screen.getByText(/^Last Save: \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Student Volunteer Questions' }));
  });

  it("step three, 'Become a Team Leader': checkbox, two essays, 'Additional Comments'; Previous Step saves step two's step", async () => {
    const user = userEvent.setup();
    answerSaves();
    open('/application/3', storedAt(5, {}, { haveVolunteered: true, yearsVolunteered: [2023] }));
    await heading('Become a Team Leader');
    expect(screen.queryByLabelText(/^Your answer/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I would like to apply to be a Team Leader' }));
    expect(screen.getAllByLabelText(/^Your answer/)).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 3, name: 'Additional Comments' })).toBeInTheDocument();
    expect(screen.getByTestId('otherComments-word-counter')).toHaveTextContent('100 words remaining');
    fireEvent.change(screen.getByLabelText('Anything else you would like us to know (optional)'), { target: { value: wordsOf(101) } });
    expect(screen.getByTestId('otherComments-word-counter')).toHaveTextContent(
      '1 words over the limit, you will not be able to submit your application',
    );

    await user.click(screen.getByRole('button', { name: 'Previous Step' }));
    expect(await heading('Student Volunteer Questions')).toBeInTheDocument();
    await at('/application/2');
    expect(lastSaveBody()).toMatchObject({ team_leader: true, data: { step: 4, otherComments: wordsOf(101) } });
  });

  it("step three: 'Save and Continue' saves step four's step and goes to the financial aid", async () => {
    const user = userEvent.setup();
    answerSaves();
    open('/application/3', storedAt(5));
    await heading('Become a Team Leader');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await heading('Financial Aid')).toBeInTheDocument();
    await at('/application/4');
    expect(lastSaveBody()).toMatchObject({ data: { step: 6 } });
  });

  it('step four: Previous Step saves step three, Save and Continue saves step five', async () => {
    const user = userEvent.setup();
    answerSaves();
    open('/application/4', storedAt(6));
    await heading('Financial Aid');
    await user.click(screen.getByRole('button', { name: 'Previous Step' }));
    expect(await heading('Become a Team Leader')).toBeInTheDocument();
    expect(lastSaveBody()).toMatchObject({ data: { step: 5 } });
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await heading('Financial Aid')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I would like to apply for financial aid' }));
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await heading('Confirmation of Responsibilities')).toBeInTheDocument();
    await at('/application/submit');
    expect(lastSaveBody()).toMatchObject({ financial_aid: true, data: { step: 7 } });
    expect(endpoints.saveApplication).toHaveBeenCalledTimes(3);
  });

  it('keeps the applicant on the page while an answer there has the wrong format, and saves the other answers all the same', async () => {
    const user = userEvent.setup();
    answerSaves();
    open('/application/4', storedAt(6, { financial_aid: true }, { primaryTransport: 'plane' }));
    await heading('Financial Aid');
    await user.type(screen.getByLabelText(/^Financial Aid Summary/), 'Dear');
    await user.type(screen.getByLabelText(/^Airport Code/), 'yv');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await screen.findByText('Airport Code must be 3 letters, e.g. YVR')).toBeInTheDocument();
    await at('/application/4');
    // Saved without the answer that fails its check (the server keeps what it had) and without moving the stored step. On a
    // slow machine, leaving the summary can save a draft before the click (airport code still empty): every save is looked at.
    await waitFor(() => expect(lastSaveBody().data).toMatchObject({ financialAidSummary: 'Dear' }));
    const saves = vi.mocked(endpoints.saveApplication).mock.calls.map(([body]) => body);
    expect(saves[0]).toMatchObject({ updated_at: LOADED_AT });
    for (const body of saves) {
      expect(body.data.airportCode ?? '').toBe('');
      expect(body.data).not.toHaveProperty('step');
    }
  });

  it("goes on to the page it meant to after 'Keep my answers' when another window saved meanwhile", async () => {
    const user = userEvent.setup();
    const current = storedAt(1, { updated_at: '2026-01-10T11:30:00.000Z' });
    vi.mocked(endpoints.saveApplication).mockRejectedValueOnce(new ApiError(409, 'STALE', 'changed', {}, { current }));
    answerSaves();
    open('/application/2', storedAt(4));
    await heading('Student Volunteer Questions');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep my answers' }));
    expect(await heading('Become a Team Leader')).toBeInTheDocument();
    await at('/application/3');
    expect(lastSaveBody()).toMatchObject({ updated_at: '2026-01-10T11:30:00.000Z', data: { step: 5 } });
  });
});

describe('per-step pages: the Team Leader step follows the wizard', () => {
  it('is closed after the Team Leader deadline', async () => {
    open('/application/3', storedAt(5), openSettings({ teamLeaderEndDate: -2 }));
    await heading('Become a Team Leader');
    expect(screen.getByText('The deadline for Team Leader applications has passed')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I would like to apply to be a Team Leader' })).toBeDisabled();
  });

  it('is closed to first-timers', async () => {
    open('/application/3', storedAt(5, {}, { haveNotAttended: true }));
    await heading('Become a Team Leader');
    expect(screen.getByRole('checkbox', { name: 'I would like to apply to be a Team Leader' })).toBeDisabled();
  });
});

describe('per-step pages: step five', () => {
  it("lists what is missing and over the limit under 'So close!', each leading to its step, with Submit disabled", async () => {
    const user = userEvent.setup();
    answerSaves();
    const data = { ...completeData(), essay2: '', essay1: wordsOf(301), acceptedPrivacy: false };
    open('/application/submit', storedAt(7, {}, data));
    await heading('Confirmation of Responsibilities');
    const soClose = screen.getByTestId('so-close');
    expect(within(soClose).getByRole('heading', { name: 'So close!' })).toBeInTheDocument();
    expect(soClose).toHaveTextContent('Essay 2: Diverse Experiences');
    expect(soClose).toHaveTextContent('Essay 1: Interest and Motivation (301 words, the limit is 300)');
    expect(soClose).toHaveTextContent('Privacy Policy');
    expect(screen.getByRole('heading', { level: 3, name: 'Additional Comments' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
    expect(button('Previous Step')).toBeInTheDocument();

    await user.click(within(soClose).getAllByRole('button', { name: 'Student Volunteer Questions' })[0]!);
    expect(await heading('Student Volunteer Questions')).toBeInTheDocument();
    await at('/application/2');
    expect(lastSaveBody()).toMatchObject({ data: { step: 4, acceptedPrivacy: false } });
  });

  it('submits a complete application (completed: true) and goes to the dashboard', async () => {
    const user = userEvent.setup();
    answerSaves();
    const { spies } = open('/application/submit', storedAt(7, {}, { ...completeData(), acceptedMediaRelease: false }));
    await heading('Confirmation of Responsibilities');
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /media release/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await at('/dashboard');
    expect(lastSaveBody()).toMatchObject({
      completed: true,
      data: { step: 7, acceptedTerms: true, acceptedMediaRelease: true, acceptedPrivacy: true },
    });
    expect(spies.setApplication).toHaveBeenLastCalledWith(expect.objectContaining({ completed: true }));
  });

  it('Previous Step saves step one and goes back to the start before the deadline', async () => {
    const user = userEvent.setup();
    answerSaves();
    open('/application/submit', storedAt(7));
    await heading('Confirmation of Responsibilities');
    await user.click(screen.getByRole('button', { name: 'Previous Step' }));
    expect(await heading('Academic Information')).toBeInTheDocument();
    await at('/application/1');
    expect(lastSaveBody()).toMatchObject({ data: { step: 1 } });
  });

  it('Previous Step goes to the dashboard without saving after the deadline', async () => {
    const user = userEvent.setup();
    open('/application/submit', storedAt(7), openSettings({ applicationEndDate: -1 }));
    await heading('Confirmation of Responsibilities');
    expect(screen.getByText('Applications have closed. Your application can no longer be changed.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous Step' }));
    await at('/dashboard');
    expect(endpoints.saveApplication).not.toHaveBeenCalled();
  });
});

describe('per-step pages: after the deadline', () => {
  it('sends every move to the dashboard without saving', async () => {
    const user = userEvent.setup();
    open('/application/2', storedAt(4), openSettings({ applicationEndDate: -1 }));
    await heading('Student Volunteer Questions');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await at('/dashboard');
    expect(endpoints.saveApplication).not.toHaveBeenCalled();
  });

  it('does the same for an application the deadline job locked, even when the deadline was later moved', async () => {
    const user = userEvent.setup();
    open('/application/3', storedAt(5, { closed: true }));
    await heading('Become a Team Leader');
    await user.click(screen.getByRole('button', { name: 'Previous Step' }));
    await at('/dashboard');
    expect(endpoints.saveApplication).not.toHaveBeenCalled();
  });
});

describe('per-step pages: saving as the applicant types, and leaving', () => {
  // The leave warning holds back a navigation only while signed in (a logout must go through).
  beforeEach(() => localStorage.setItem('svp.token', 'token'));
  afterEach(() => localStorage.removeItem('svp.token'));
  const menuLink = (name: string) => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name });

  it('saves the essays as a draft once typing pauses, on the same page and stored step', async () => {
    const user = userEvent.setup();
    answerSaves();
    open('/application/2', storedAt(4));
    await heading('Student Volunteer Questions');
    await user.type(screen.getAllByLabelText(/^Your answer/)[2]!, 'Calm');
    await waitFor(() => expect(endpoints.saveApplication).toHaveBeenCalledTimes(1), { timeout: AUTOSAVE_DELAY_MS + 2000 });
    expect(lastSaveBody()).toMatchObject({ updated_at: LOADED_AT, completed: false, data: { essay3: 'Calm' } });
    expect(lastSaveBody().data).not.toHaveProperty('step');
    expect(await screen.findByText(/^Last Save: \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
    await at('/application/2');
  });

  it('a menu link saves first, then goes; moving between the pages is not held back', async () => {
    const user = userEvent.setup();
    answerSaves();
    open('/application/2', storedAt(4));
    await heading('Student Volunteer Questions');
    await user.type(screen.getAllByLabelText(/^Your answer/)[0]!, 'On');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await heading('Become a Team Leader')).toBeInTheDocument();
    await at('/application/3');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Anything else you would like us to know (optional)'), { target: { value: 'More' } });
    await user.click(menuLink('Dashboard'));
    await at('/dashboard');
    expect(lastSaveBody()).toMatchObject({ data: { otherComments: 'More' } });
    expect(lastSaveBody().data).not.toHaveProperty('step');
  });

  it('asks before leaving when an answer cannot be saved', async () => {
    const user = userEvent.setup();
    answerSaves();
    open('/application/4', storedAt(6, { financial_aid: true }, { primaryTransport: 'plane' }));
    await heading('Financial Aid');
    await user.type(screen.getByLabelText(/^Airport Code/), 'yu');
    await user.click(menuLink('Profile'));
    const dialog = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    expect(dialog).toHaveTextContent('Airport Code must be 3 letters, e.g. YVR');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await at('/application/4');
    expect(screen.getByLabelText(/^Airport Code/)).toHaveValue('YU');
  });
});
