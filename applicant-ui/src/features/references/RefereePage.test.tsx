import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  REFERENCE_KNOWN_FOR,
  REFERENCE_MESSAGES,
  REFERENCE_RATING_KEYS,
  REFERENCE_RATING_LABELS,
  REFERENCE_RELATIONSHIPS,
  statementCounterText,
  timelineWithPassed,
} from '@svp/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { renderPage } from '../../test/kit/renderPage';
import { publicSettings } from '../../test/kit/settings';
import RefereePage from './RefereePage';
import { NOW, TOKEN, refereeForm, storedAnswer } from './referenceFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({ endpoints: { refereeForm: vi.fn(), submitReference: vi.fn(), declineReference: vi.fn() } }));

type User = ReturnType<typeof userEvent.setup>;

const THANK_YOU = 'Thank you. Your reference has been received. You can correct it with the same link until 10 April 2026 at 17:00 UTC.';
const NOTE = 'Please do not name the applicant in your statement: the jury reads it without names.';
const LINK_INVALID = 'This reference link is not valid. Use the newest link from your email, copied whole.';
const CLOSED = 'References for this application closed on 10 April 2026 at 17:00 UTC. Thank you for your time.';

// The referee's page reached by its link, with nobody signed in.
const open = () =>
  renderPage(<RefereePage />, {
    path: '/reference/:token',
    at: `/reference/${TOKEN}`,
    settings: publicSettings(timelineWithPassed(3, NOW), NOW),
    profile: null,
  });
const form = () => screen.findByRole('form', { name: 'Reference' });
const relationship = () => screen.getByRole('combobox', { name: 'How do you know the applicant?' });
const knownFor = () => screen.getByRole('combobox', { name: 'How long have you known the applicant?' });
const rating = (key: (typeof REFERENCE_RATING_KEYS)[number]) => screen.getByRole('group', { name: REFERENCE_RATING_LABELS[key] });
const statement = () => screen.getByRole('textbox', { name: 'Statement' });
const submitButton = () => screen.getByRole('button', { name: 'Submit reference' });
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

async function fillIn(user: User) {
  await user.selectOptions(relationship(), 'Work Supervisor');
  await user.selectOptions(knownFor(), '2 to 5 years');
  await user.click(within(rating('reliability')).getByRole('radio', { name: '5' }));
  await user.click(within(rating('teamwork')).getByRole('radio', { name: '4' }));
  await user.click(within(rating('communication')).getByRole('radio', { name: 'Cannot judge' }));
  await user.click(within(rating('initiative')).getByRole('radio', { name: '1' }));
  await user.click(statement());
  await user.paste('Reliable, patient and kind.');
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(endpoints.refereeForm).mockResolvedValue(refereeForm());
});

describe("the referee's form", () => {
  it('names the applicant and the programme, and asks every question of the contract', async () => {
    open();
    expect(screen.getByText('Opening the reference form...')).toBeInTheDocument();
    await form();
    expect(endpoints.refereeForm).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByRole('heading', { level: 1, name: 'Reference for Ana Lopez' })).toBeInTheDocument();
    expect(screen.getByText('SIGGRAPH 2026 Student Volunteer Program')).toBeInTheDocument();
    expect(screen.getByText(/You can give or correct your reference until/)).toHaveTextContent('10 April 2026 at 17:00 UTC');

    const options = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options(relationship())).toEqual(['Choose', ...REFERENCE_RELATIONSHIPS.map((o) => o.label)]);
    expect(options(knownFor())).toEqual(['Choose', ...REFERENCE_KNOWN_FOR.map((o) => o.label)]);
    for (const key of REFERENCE_RATING_KEYS) {
      expect(
        within(rating(key))
          .getAllByRole('radio')
          .map((radio) => radio.closest('label')!.textContent),
      ).toEqual(['1', '2', '3', '4', '5', 'Cannot judge']);
      expect(rating(key)).toHaveAccessibleDescription(/1 is poor and 5 is excellent/);
    }
    expect(statement()).toHaveAccessibleDescription(`${NOTE} 300 words remaining`);
    expect(submitButton()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Decline to give a reference' })).toBeInTheDocument();
    // Headings in order: the page, then its sections.
    expect(screen.getAllByRole('heading').map((h) => h.tagName)).toEqual(['H1', 'H2', 'H2']);
  });

  it('counts the statement’s words as they are typed, and says so past 300', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    open();
    await form();
    const counter = screen.getByTestId('statement-word-counter');
    expect(counter).toHaveTextContent('300 words remaining');
    await user.type(statement(), 'Three');
    expect(counter).toHaveTextContent('299 words remaining');
    await user.paste(' short words');
    expect(counter).toHaveTextContent('297 words remaining');
    await user.clear(statement());
    await user.click(statement());
    await user.paste(words(301));
    expect(counter).toHaveTextContent(statementCounterText(words(301)));
    expect(counter).toHaveTextContent('1 words over the limit, you will not be able to submit your reference');
    expect(statement()).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends nothing while a question is unanswered, and ties each message to its field', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    open();
    await form();
    await user.click(submitButton());
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Some answers need attention: see the message under each.');
    expect(endpoints.submitReference).not.toHaveBeenCalled();
    expect(relationship()).toHaveAccessibleDescription(REFERENCE_MESSAGES.relationship);
    expect(knownFor()).toHaveAccessibleDescription(REFERENCE_MESSAGES.knownFor);
    for (const key of REFERENCE_RATING_KEYS)
      expect(rating(key)).toHaveAccessibleDescription(
        new RegExp(REFERENCE_MESSAGES.rating(REFERENCE_RATING_LABELS[key]).replace(/[.()]/g, '\\$&')),
      );
    expect(statement()).toHaveAccessibleDescription(new RegExp(`^${REFERENCE_MESSAGES.statementMissing}`));
    await waitFor(() => expect(relationship()).toHaveFocus());
  });

  it('refuses a statement over 300 words before sending it', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    open();
    await form();
    await fillIn(user);
    await user.click(statement());
    await user.paste(` ${words(300)}`);
    await user.click(submitButton());
    expect(await screen.findByText(REFERENCE_MESSAGES.statementTooLong(304))).toBeInTheDocument();
    expect(endpoints.submitReference).not.toHaveBeenCalled();
  });

  it('sends every answer, "Cannot judge" as null, and thanks the referee with the closing date', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    let answer!: () => void;
    vi.mocked(endpoints.submitReference).mockImplementation(
      (_token, sent) =>
        new Promise(
          (resolve) => (answer = () => resolve(refereeForm({ state: 'received', answer: sent, answeredAt: '2026-04-01T12:00:00.000Z' }))),
        ),
    );
    open();
    await form();
    await fillIn(user);
    await user.click(submitButton());
    expect(submitButton()).toBeDisabled();
    expect(endpoints.submitReference).toHaveBeenCalledWith(TOKEN, {
      relationship: 'supervisor',
      knownFor: '2-5-years',
      ratings: { reliability: 5, teamwork: 4, communication: null, initiative: 1 },
      statement: 'Reliable, patient and kind.',
    });
    answer();
    const thanks = await screen.findByTestId('reference-thanks');
    expect(thanks).toHaveTextContent(THANK_YOU);
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(screen.queryByRole('form', { name: 'Reference' })).not.toBeInTheDocument();

    // The same page offers the answer again, to correct it.
    await user.click(screen.getByRole('button', { name: 'Correct your reference' }));
    await form();
    expect(relationship()).toHaveValue('supervisor');
    expect(within(rating('communication')).getByRole('radio', { name: 'Cannot judge' })).toBeChecked();
    expect(statement()).toHaveValue('Reliable, patient and kind.');
  });

  it("shows the server's field errors on the fields they name", { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.submitReference).mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'Some answers are not valid.', {
        'ratings.teamwork': REFERENCE_MESSAGES.rating('Teamwork'),
        statement: REFERENCE_MESSAGES.statementTooLong(301),
      }),
    );
    open();
    await form();
    await fillIn(user);
    await user.click(submitButton());
    await waitFor(() =>
      expect(statement()).toHaveAccessibleDescription(new RegExp(`^${REFERENCE_MESSAGES.statementTooLong(301).replace(/[.;]/g, '\\$&')}`)),
    );
    expect(rating('teamwork')).toHaveAccessibleDescription(/Rate teamwork from 1 to 5, or choose 'Cannot judge'\./);
    expect(rating('reliability')).not.toHaveAccessibleDescription(/Rate/);
    expect(screen.getByTestId('danger-alert')).toHaveTextContent('Some answers are not valid.');
    expect(screen.queryByTestId('reference-thanks')).not.toBeInTheDocument();
  });

  it('opens a given reference again with the stored answer, ready to correct, and without the decline', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.refereeForm).mockResolvedValue(
      refereeForm({ state: 'received', answer: storedAnswer(), answeredAt: '2026-03-20T09:30:00.000Z' }),
    );
    vi.mocked(endpoints.submitReference).mockImplementation(async (_token, sent) => refereeForm({ state: 'received', answer: sent }));
    open();
    await form();
    expect(screen.getByText(/You gave this reference on 20 March 2026 at 09:30 UTC/)).toBeInTheDocument();
    expect(relationship()).toHaveValue('supervisor');
    expect(knownFor()).toHaveValue('1-2-years');
    expect(within(rating('reliability')).getByRole('radio', { name: '5' })).toBeChecked();
    expect(within(rating('teamwork')).getByRole('radio', { name: '4' })).toBeChecked();
    expect(within(rating('communication')).getByRole('radio', { name: 'Cannot judge' })).toBeChecked();
    expect(within(rating('initiative')).getByRole('radio', { name: '3' })).toBeChecked();
    expect(statement()).toHaveValue(storedAnswer().statement);
    expect(screen.queryByRole('button', { name: 'Decline to give a reference' })).not.toBeInTheDocument();

    await user.click(within(rating('initiative')).getByRole('radio', { name: '4' }));
    await user.click(submitButton());
    expect(endpoints.submitReference).toHaveBeenCalledWith(TOKEN, {
      ...storedAnswer(),
      ratings: { ...storedAnswer().ratings, initiative: 4 },
    });
    expect(await screen.findByTestId('reference-thanks')).toHaveTextContent(THANK_YOU);
  });
});

describe('a link the server refuses', () => {
  it("shows a link that is not valid (401) as the whole page, in the server's words", async () => {
    vi.mocked(endpoints.refereeForm).mockRejectedValue(new ApiError(401, 'REFERENCE_LINK_INVALID', LINK_INVALID));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeInTheDocument();
    expect(screen.getByTestId('reference-refusal')).toHaveTextContent(LINK_INVALID);
    expect(screen.queryByRole('form', { name: 'Reference' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
  });

  it.each([
    ['REFERENCE_CLOSED', 'References have closed', CLOSED],
    ['REFERENCE_DECLINED', 'Reference declined', 'You declined to give this reference. If this was a mistake, write to sv@example.org.'],
    ['REFERENCE_WITHDRAWN', 'Reference request withdrawn', 'The organisers withdrew this reference request. There is nothing more to do.'],
  ] as const)('shows %s (410) as the whole page', async (code, title, message) => {
    vi.mocked(endpoints.refereeForm).mockRejectedValue(new ApiError(410, code, message));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId('reference-refusal')).toHaveTextContent(message);
    expect(screen.queryByRole('form', { name: 'Reference' })).not.toBeInTheDocument();
  });

  it('shows the closing (410) that arrives with a submit the same way', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.submitReference).mockRejectedValue(new ApiError(410, 'REFERENCE_CLOSED', CLOSED));
    open();
    await form();
    await fillIn(user);
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'References have closed' })).toBeInTheDocument();
    expect(screen.getByTestId('reference-refusal')).toHaveTextContent(CLOSED);
  });

  it('offers to try again when the server cannot be reached', async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.refereeForm).mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'Failed to fetch'));
    open();
    expect(await screen.findByText('The reference form could not be loaded right now.')).toBeInTheDocument();
    expect(screen.getByTestId('danger-alert')).toHaveTextContent(/sv@example.org/);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await form();
    expect(endpoints.refereeForm).toHaveBeenCalledTimes(2);
  });
});

describe('declining to give a reference', () => {
  const openDialog = async (user: User) => {
    await form();
    await user.click(screen.getByRole('button', { name: 'Decline to give a reference' }));
    return screen.getByRole('dialog', { name: 'Decline to give a reference' });
  };

  it('asks to confirm, sends the optional reason, and ends on a page saying so', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.declineReference).mockResolvedValue({ state: 'declined' });
    open();
    const dialog = await openDialog(user);
    expect(dialog).toHaveTextContent('The applicant sees that you declined, never your reason.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason for the organisers' }), 'I have not worked with her.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline reference' }));
    expect(endpoints.declineReference).toHaveBeenCalledWith(TOKEN, 'I have not worked with her.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reference declined' })).toBeInTheDocument();
    expect(screen.getByTestId('reference-refusal')).toHaveTextContent('You declined to give a reference for Ana Lopez');
    expect(screen.queryByRole('form', { name: 'Reference' })).not.toBeInTheDocument();
  });

  it('declines without a reason too, and Cancel sends nothing', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.declineReference).mockResolvedValue({ state: 'declined' });
    open();
    let dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(endpoints.declineReference).not.toHaveBeenCalled();
    dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Decline reference' }));
    expect(endpoints.declineReference).toHaveBeenCalledWith(TOKEN, '');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reference declined' })).toBeInTheDocument();
  });

  it('refuses a reason over 1000 characters before sending it', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    open();
    const dialog = await openDialog(user);
    const reason = within(dialog).getByRole('textbox', { name: 'Reason for the organisers' });
    await user.click(reason);
    await user.paste('x'.repeat(1001));
    await user.click(within(dialog).getByRole('button', { name: 'Decline reference' }));
    expect(reason).toHaveAccessibleDescription(REFERENCE_MESSAGES.declineReasonTooLong);
    expect(endpoints.declineReference).not.toHaveBeenCalled();
  });

  it("keeps the dialog open with the server's words when the reference was given meanwhile (409)", { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.declineReference).mockRejectedValue(
      new ApiError(409, 'REFERENCE_ANSWERED', 'This reference has been given already: it can be corrected, not declined.'),
    );
    open();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Decline reference' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This reference has been given already: it can be corrected, not declined.',
    );
    expect(screen.queryByRole('heading', { name: 'Reference declined' })).not.toBeInTheDocument();
  });
});
