import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REFERENCE_MESSAGES, timelineWithPassed } from '@svp/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ApplicationRecord } from '../../api/types';
import { applicationRecord, profileUser } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { publicSettings } from '../../test/kit/settings';
import { DashboardPage } from '../dashboard/DashboardPage';
import { OTHER_REFEREE_EMAIL } from './ReplaceRefereeForm';
import { userReference, userReferences } from './referenceFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({
  endpoints: { application: vi.fn(), decline: vi.fn(), applicationStatistics: vi.fn(), userReferences: vi.fn(), replaceReferee: vi.fn() },
}));

type User = ReturnType<typeof userEvent.setup>;

const NOW = Date.parse('2026-03-05T12:00:00Z');
// How many of the eight deadlines have passed: 1 applications open, 3 closed, 6 decisions out.
const OPEN = 1;
const CLOSED = 3;
const DECISIONS_OUT = 6;

const submitted = () => applicationRecord({ completed: true, progress: 100, submitted_at: '2026-02-20T10:00:00.000Z' });

function dashboard(passed: number, application: ApplicationRecord = submitted()) {
  return renderPage(<DashboardPage />, {
    path: '/dashboard',
    settings: publicSettings(timelineWithPassed(passed, NOW), NOW),
    now: NOW,
    profile: profileUser(),
    application,
  });
}

const card = () => screen.findByTestId('references-card');

const notReachable = () =>
  userReference({
    slot: 2,
    firstName: 'Alan',
    lastName: 'Turing',
    email: 'alan@bounce.example',
    referenceType: 'mentor',
    state: 'not-reachable',
    stateLabel: 'Not reachable',
    canReplace: true,
  });

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(endpoints.userReferences).mockResolvedValue(
    userReferences([
      userReference({ state: 'received', stateLabel: 'Received', answeredAt: '2026-03-03T10:00:00.000Z' }),
      userReference({ slot: 2, firstName: 'Alan', lastName: 'Turing', email: 'alan@example.org', referenceType: 'mentor' }),
    ]),
  );
});

describe('the References card on the dashboard', () => {
  it("lists each referee's name and state, and nothing of what they wrote", async () => {
    dashboard(CLOSED);
    const references = await card();
    expect(within(references).getByRole('heading', { level: 2, name: 'References' })).toBeInTheDocument();
    expect(await within(references).findByText('Grace Hopper')).toBeInTheDocument();
    expect(within(references).getByTestId('reference-1-state')).toHaveTextContent(/^Received$/);
    expect(within(references).getByTestId('reference-1')).toHaveTextContent('Professor/Teacher');
    expect(within(references).getByText('Alan Turing')).toBeInTheDocument();
    expect(within(references).getByTestId('reference-2-state')).toHaveTextContent(/^Requested$/);
    expect(references).toHaveTextContent(
      'Your referees can answer until 10 April 2026 at 17:00 UTC. You see whether each has answered, never what they wrote.',
    );
    expect(within(references).queryByRole('button', { name: 'Give another referee' })).not.toBeInTheDocument();
    expect(endpoints.userReferences).toHaveBeenCalledTimes(1);
  });

  it('never shows content, even when a server sent some by mistake', async () => {
    const leaked = {
      ...userReference({ state: 'received', stateLabel: 'Received' }),
      statement: 'SECRET STATEMENT',
      ratings: { reliability: 5 },
      relationship: 'supervisor',
      declineReason: 'SECRET REASON',
    };
    vi.mocked(endpoints.userReferences).mockResolvedValue(userReferences([leaked]));
    dashboard(CLOSED);
    const references = await card();
    await within(references).findByText('Grace Hopper');
    expect(references).not.toHaveTextContent('SECRET');
    expect(references).not.toHaveTextContent('Work Supervisor');
  });

  it('says when the referees will be asked, before the request job has run (state null)', async () => {
    vi.mocked(endpoints.userReferences).mockResolvedValue(
      userReferences([
        userReference({ state: null, stateLabel: 'Requested when applications close', requestedAt: null }),
        userReference({
          slot: 2,
          firstName: 'Alan',
          lastName: 'Turing',
          state: null,
          stateLabel: 'Requested when applications close',
          requestedAt: null,
        }),
      ]),
    );
    dashboard(OPEN, submitted());
    const references = await card();
    expect(await within(references).findByTestId('reference-1-state')).toHaveTextContent('Requested when applications close');
    expect(within(references).getByTestId('reference-2-state')).toHaveTextContent('Requested when applications close');
    expect(references).toHaveTextContent('We ask your referees for a reference when applications close, on 1 March 2026 at 17:00 UTC.');
  });

  it('is not shown for an unfinished application, nor once decisions are out', async () => {
    const first = dashboard(OPEN, applicationRecord({ progress: 40 }));
    expect(await screen.findByTestId('application-card')).toBeInTheDocument();
    expect(screen.queryByTestId('references-card')).not.toBeInTheDocument();
    first.unmount();
    dashboard(DECISIONS_OUT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ana' })).toBeInTheDocument();
    expect(screen.queryByTestId('references-card')).not.toBeInTheDocument();
    expect(endpoints.userReferences).not.toHaveBeenCalled();
  });

  it('shows nothing when the server lists no references', async () => {
    vi.mocked(endpoints.userReferences).mockResolvedValue(userReferences([]));
    dashboard(CLOSED);
    await waitFor(() => expect(endpoints.userReferences).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('references-card')).not.toBeInTheDocument());
  });

  it('says it is loading, and on a failure says so in the card (not over the page) with Try again', async () => {
    const user = userEvent.setup();
    let fail!: () => void;
    vi.mocked(endpoints.userReferences).mockImplementationOnce(
      () => new Promise((_resolve, reject) => (fail = () => reject(new ApiError(500, 'INTERNAL', 'Internal error')))),
    );
    dashboard(CLOSED);
    const references = await card();
    expect(within(references).getByText('Getting your references...')).toBeInTheDocument();
    fail();
    expect(await within(references).findByText('Your references could not be loaded right now.')).toBeInTheDocument();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
    await user.click(within(references).getByRole('button', { name: 'Try again' }));
    expect(await within(references).findByText('Grace Hopper')).toBeInTheDocument();
    expect(endpoints.userReferences).toHaveBeenCalledTimes(2);
  });
});

describe('giving another referee for one who could not be reached', () => {
  beforeEach(() => {
    vi.mocked(endpoints.userReferences).mockResolvedValue(
      userReferences([userReference({ state: 'received', stateLabel: 'Received' }), notReachable()]),
    );
  });

  const openForm = async (user: User) => {
    const references = await card();
    expect(await within(references).findByTestId('reference-2-state')).toHaveTextContent('Not reachable');
    expect(references).toHaveTextContent(
      'Our email to Alan Turing could not be delivered. You can name another referee until 10 April 2026 at 17:00 UTC.',
    );
    await user.click(within(references).getByRole('button', { name: 'Give another referee' }));
    const form = await within(references).findByRole('form', { name: 'Another referee instead of Alan Turing' });
    await waitFor(() =>
      expect(within(references).getByRole('heading', { level: 3, name: 'Another referee instead of Alan Turing' })).toHaveFocus(),
    );
    return form;
  };

  async function fill(user: User, form: HTMLElement, email: string) {
    await user.click(within(form).getByRole('combobox', { name: /Type of Reference/ }));
    await user.click(await screen.findByRole('option', { name: 'Academic Advisor' }));
    await user.type(within(form).getByRole('textbox', { name: /First Name/ }), 'Katherine');
    await user.type(within(form).getByRole('textbox', { name: /Last Name/ }), 'Johnson');
    await user.type(within(form).getByRole('textbox', { name: /Email/ }), email);
  }

  it('sends the new referee, says the request went out, and shows the list again', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.replaceReferee).mockResolvedValue({});
    dashboard(CLOSED);
    const form = await openForm(user);
    vi.mocked(endpoints.userReferences).mockResolvedValue(
      userReferences([
        userReference({ state: 'received', stateLabel: 'Received' }),
        userReference({ slot: 2, firstName: 'Katherine', lastName: 'Johnson', email: 'kj@example.edu', referenceType: 'advisor' }),
      ]),
    );
    await fill(user, form, 'kj@example.edu');
    await user.click(within(form).getByRole('button', { name: 'Ask for a reference' }));
    expect(endpoints.replaceReferee).toHaveBeenCalledWith(2, {
      referenceType: 'advisor',
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'kj@example.edu',
    });
    const references = await card();
    expect(await within(references).findByRole('status')).toHaveTextContent('Thank you. We have asked Katherine Johnson for a reference.');
    expect(await within(references).findByText('Katherine Johnson')).toBeInTheDocument();
    expect(within(references).getByTestId('reference-2-state')).toHaveTextContent(/^Requested$/);
    expect(within(references).queryByRole('form')).not.toBeInTheDocument();
  });

  it("refuses the applicant's own email and the other referee's before sending", { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    dashboard(CLOSED);
    const form = await openForm(user);
    await fill(user, form, ' ANA@example.org ');
    await user.click(within(form).getByRole('button', { name: 'Ask for a reference' }));
    const email = within(form).getByRole('textbox', { name: /Email/ });
    await waitFor(() => expect(email).toHaveAccessibleDescription(REFERENCE_MESSAGES.selfReference));
    await user.clear(email);
    await user.type(email, 'grace@example.edu');
    await user.click(within(form).getByRole('button', { name: 'Ask for a reference' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(OTHER_REFEREE_EMAIL));
    expect(endpoints.replaceReferee).not.toHaveBeenCalled();
  });

  it('asks for every field', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    dashboard(CLOSED);
    const form = await openForm(user);
    await user.click(within(form).getByRole('button', { name: 'Ask for a reference' }));
    expect(await within(form).findByText('Choose the type of reference.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /First Name/ })).toHaveAccessibleDescription("Enter the referee's first name.");
    expect(within(form).getByRole('textbox', { name: /Last Name/ })).toHaveAccessibleDescription("Enter the referee's last name.");
    expect(within(form).getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription("Enter the referee's email address.");
    expect(endpoints.replaceReferee).not.toHaveBeenCalled();
  });

  it("shows the server's field errors on the fields", { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.replaceReferee).mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'Check the referee.', { email: 'This email address cannot receive mail.' }),
    );
    dashboard(CLOSED);
    const form = await openForm(user);
    await fill(user, form, 'kj@example.edu');
    await user.click(within(form).getByRole('button', { name: 'Ask for a reference' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription('This email address cannot receive mail.'),
    );
    expect(within(await card()).getByRole('alert')).toHaveTextContent('Check the referee.');
  });

  it('closes the form with the server’s words when the reference can no longer be replaced (409)', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    const closed = 'References have closed: a referee can no longer be replaced.';
    vi.mocked(endpoints.replaceReferee).mockRejectedValue(new ApiError(409, 'REFERENCE_NOT_REPLACEABLE', closed));
    dashboard(CLOSED);
    const form = await openForm(user);
    vi.mocked(endpoints.userReferences).mockResolvedValue(
      userReferences([userReference({ state: 'received', stateLabel: 'Received' }), { ...notReachable(), canReplace: false }]),
    );
    await fill(user, form, 'kj@example.edu');
    await user.click(within(form).getByRole('button', { name: 'Ask for a reference' }));
    const references = await card();
    expect(await within(references).findByRole('alert')).toHaveTextContent(closed);
    await waitFor(() => expect(within(references).queryByRole('button', { name: 'Give another referee' })).not.toBeInTheDocument());
    expect(within(references).queryByRole('form')).not.toBeInTheDocument();
    expect(endpoints.userReferences).toHaveBeenCalledTimes(2);
  });

  it('Cancel closes the form without sending', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    dashboard(CLOSED);
    const form = await openForm(user);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Another referee instead of Alan Turing' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Give another referee' })).toBeInTheDocument();
    expect(endpoints.replaceReferee).not.toHaveBeenCalled();
  });
});
