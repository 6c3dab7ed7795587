import { act, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { JuryApplication, JuryScorePayload } from '../../api/types';
import { ITEM_IDS, essaysOf, listItem, renderJuryList, threeItems } from './juryFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({
  endpoints: { juryAssignments: vi.fn(), juryApplication: vi.fn(), createJuryScore: vi.fn(), updateJuryScore: vi.fn() },
}));

const saved = (body: JuryScorePayload, scoreId: number) => ({
  message: 'Scores saved successfully',
  score: { ...body, score_id: scoreId, student_volunteer_id: body.sv_id, updated_at: '2026-02-01T12:00:00.000Z' },
});

type User = ReturnType<typeof userEvent.setup>;

async function openItem(user: User, n: number) {
  await screen.findByText('1 / 3 scored');
  await user.click(listItem(n));
  return screen.getByRole('dialog', { name: `Score Application ${n}` });
}

const select = (dialog: HTMLElement, label: string) => within(dialog).getByRole('combobox', { name: label });

async function chooseAll(user: User, dialog: HTMLElement, choices: Record<string, string>) {
  for (const [label, option] of Object.entries(choices)) await user.selectOptions(select(dialog, label), option);
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(endpoints.juryAssignments).mockResolvedValue({ assignments: threeItems(), assigned: 3, scored: 1 });
  vi.mocked(endpoints.juryApplication).mockImplementation(async (id) => essaysOf(id));
  vi.mocked(endpoints.createJuryScore).mockImplementation(async (body) => saved(body, 12));
  vi.mocked(endpoints.updateJuryScore).mockImplementation(async (id, body) => saved(body, id));
});

afterEach(() => vi.useRealTimers());

describe("the 'Score Application {n}' modal", () => {
  it('shows the three essays, loaded blind for the item, in tabs', async () => {
    const user = userEvent.setup();
    let answer!: () => void;
    vi.mocked(endpoints.juryApplication).mockImplementationOnce((id) => new Promise((resolve) => (answer = () => resolve(essaysOf(id)))));
    renderJuryList();
    const dialog = await openItem(user, 2);
    expect(within(dialog).getByText('Loading App...')).toBeInTheDocument();
    act(() => answer());
    expect(await within(dialog).findByText('Essay one of applicant 102.')).toBeInTheDocument();
    expect(endpoints.juryApplication).toHaveBeenCalledWith(ITEM_IDS[102]);
    expect(within(dialog).getByRole('tab', { name: 'Essay 1' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(dialog).getByRole('tab', { name: 'Essay 2' }));
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('Essay two of applicant 102.');
    expect(within(dialog).queryByText('Essay one of applicant 102.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Essay 3' }));
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('Essay three of applicant 102.');
  });

  it('has a labelled select for each of the five scores, with the kept choices', async () => {
    const user = userEvent.setup();
    renderJuryList();
    const dialog = await openItem(user, 2);
    const options = (label: string) =>
      within(select(dialog, label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    for (const label of ['Essay 1', 'Essay 2', 'Essay 3']) expect(options(label)).toEqual(['Select', '1', '2', '3', '4', '5']);
    expect(options('Overall')).toEqual(['Select', 'Yes', 'No']);
    expect(options('Red Flag')).toEqual(['Select', 'No', 'Yes']);
    for (const label of ['Essay 1', 'Essay 2', 'Essay 3', 'Overall', 'Red Flag']) expect(select(dialog, label)).toHaveValue('');
    await screen.findByText('Essay one of applicant 102.');
  });

  it("saves all five values as a new score, shows 'Scores saved successfully' for 3 seconds and updates the list", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderJuryList();
    const dialog = await openItem(user, 2);
    await within(dialog).findByText('Essay one of applicant 102.');
    await chooseAll(user, dialog, { 'Essay 1': '4', 'Essay 2': '2', 'Essay 3': '5', Overall: 'No', 'Red Flag': 'Yes' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(endpoints.createJuryScore).toHaveBeenCalledWith({
      tl_id: 7,
      sv_id: ITEM_IDS[102],
      essay1: 4,
      essay2: 2,
      essay3: 5,
      overall: 0,
      red_flag: 1,
    });
    expect(endpoints.updateJuryScore).not.toHaveBeenCalled();
    expect(await within(dialog).findByText('Scores saved successfully')).toBeInTheDocument();
    expect(screen.getByText('2 / 3 scored')).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(2900));
    expect(within(dialog).getByText('Scores saved successfully')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(100));
    expect(within(dialog).queryByText('Scores saved successfully')).not.toBeInTheDocument();

    // A second save of the same item updates the score the first one created.
    await user.selectOptions(select(dialog, 'Essay 1'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(endpoints.updateJuryScore).toHaveBeenCalledWith(12, {
      tl_id: 7,
      sv_id: ITEM_IDS[102],
      essay1: 3,
      essay2: 2,
      essay3: 5,
      overall: 0,
      red_flag: 1,
    });
    expect(endpoints.createJuryScore).toHaveBeenCalledTimes(1);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitForElementToBeRemoved(dialog);
    expect(within(listItem(2)).getByText('Essay 1: 3')).toBeInTheDocument();
    expect(within(listItem(2)).getByText('Red Flag: Yes')).toBeInTheDocument();
    expect(within(listItem(2)).queryByText('Not Scored')).not.toBeInTheDocument();
  });

  it('opens a scored item with its scores and saves changes as an update', async () => {
    const user = userEvent.setup();
    renderJuryList();
    const dialog = await openItem(user, 1);
    expect(select(dialog, 'Essay 1')).toHaveValue('4');
    expect(select(dialog, 'Overall')).toHaveDisplayValue('Yes');
    expect(select(dialog, 'Red Flag')).toHaveDisplayValue('No');
    await user.selectOptions(select(dialog, 'Essay 2'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(endpoints.updateJuryScore).toHaveBeenCalledWith(11, {
      tl_id: 7,
      sv_id: ITEM_IDS[101],
      essay1: 4,
      essay2: 1,
      essay3: 5,
      overall: 1,
      red_flag: 0,
    });
    expect(endpoints.createJuryScore).not.toHaveBeenCalled();
    expect(await within(dialog).findByText('Scores saved successfully')).toBeInTheDocument();
  });

  it('drops unsaved choices on Close: reopening shows what is saved', async () => {
    const user = userEvent.setup();
    renderJuryList();
    let dialog = await openItem(user, 1);
    await user.selectOptions(select(dialog, 'Essay 1'), '2');
    await user.click(within(dialog).getByRole('tab', { name: 'Essay 3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitForElementToBeRemoved(dialog);
    await user.click(listItem(1));
    dialog = screen.getByRole('dialog', { name: 'Score Application 1' });
    expect(select(dialog, 'Essay 1')).toHaveValue('4');
    expect(within(dialog).getByRole('tab', { name: 'Essay 1' })).toHaveAttribute('aria-selected', 'true');
    expect(endpoints.updateJuryScore).not.toHaveBeenCalled();
  });

  it('requires all five before saving, and sends nothing until then', async () => {
    const user = userEvent.setup();
    renderJuryList();
    const dialog = await openItem(user, 3);
    await user.selectOptions(select(dialog, 'Essay 1'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(endpoints.createJuryScore).not.toHaveBeenCalled();
    expect(within(dialog).getAllByText('Required')).toHaveLength(4);
    expect(select(dialog, 'Essay 2')).toHaveFocus();
    expect(select(dialog, 'Essay 2')).toHaveAccessibleDescription('Required');
    await screen.findByText('Essay one of applicant 103.');
  });

  it('moves with Next App and Previous App through the list, loading each application once', async () => {
    const user = userEvent.setup();
    renderJuryList();
    let dialog = await openItem(user, 1);
    expect(within(dialog).getByRole('button', { name: 'Previous App' })).toBeDisabled();
    await within(dialog).findByText('Essay one of applicant 101.');

    await user.click(within(dialog).getByRole('button', { name: 'Next App' }));
    dialog = screen.getByRole('dialog', { name: 'Score Application 2' });
    expect(await within(dialog).findByText('Essay one of applicant 102.')).toBeInTheDocument();
    expect(select(dialog, 'Essay 1')).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Next App' }));
    dialog = screen.getByRole('dialog', { name: 'Score Application 3' });
    expect(await within(dialog).findByText('Essay one of applicant 103.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next App' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Previous App' }));
    dialog = screen.getByRole('dialog', { name: 'Score Application 2' });
    expect(within(dialog).getByText('Essay one of applicant 102.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Previous App' }));
    dialog = screen.getByRole('dialog', { name: 'Score Application 1' });
    expect(select(dialog, 'Essay 1')).toHaveValue('4');
    expect(vi.mocked(endpoints.juryApplication).mock.calls).toEqual([[ITEM_IDS[101]], [ITEM_IDS[102]], [ITEM_IDS[103]]]);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitForElementToBeRemoved(dialog);
    expect(listItem(1)).toHaveFocus();
  });

  it("shows the server's message when a save fails (409 outside the jury window), and lets the user save again", async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.createJuryScore).mockRejectedValueOnce(
      new ApiError(409, 'DEADLINE_PASSED', 'The jury deadline has passed; scores can no longer be saved.'),
    );
    renderJuryList();
    const dialog = await openItem(user, 2);
    await chooseAll(user, dialog, { 'Essay 1': '1', 'Essay 2': '1', 'Essay 3': '1', Overall: 'Yes', 'Red Flag': 'No' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The jury deadline has passed; scores can no longer be saved.');
    expect(screen.getByTestId('danger-alert')).toHaveTextContent('The jury deadline has passed; scores can no longer be saved.');
    expect(within(dialog).queryByText('Scores saved successfully')).not.toBeInTheDocument();
    expect(screen.getByText('1 / 3 scored')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Scores saved successfully')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's message when the essays cannot be loaded, and can try again", async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.juryApplication).mockRejectedValueOnce(
      new ApiError(409, 'JURY_NOT_OPEN', 'Jury scoring opens on 12 April 2026 at 17:00 UTC.'),
    );
    renderJuryList();
    const dialog = await openItem(user, 2);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Jury scoring opens on 12 April 2026 at 17:00 UTC.');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Essay one of applicant 102.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('saves as an update when the item turns out to be scored already (e.g. in another tab)', async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.createJuryScore).mockRejectedValueOnce(
      new ApiError(
        409,
        'ALREADY_SCORED',
        'You have already scored this application; save again to update that score.',
        {},
        { score: { score_id: 40 } },
      ),
    );
    renderJuryList();
    const dialog = await openItem(user, 3);
    await chooseAll(user, dialog, { 'Essay 1': '5', 'Essay 2': '5', 'Essay 3': '5', Overall: 'Yes', 'Red Flag': 'No' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Scores saved successfully')).toBeInTheDocument();
    expect(endpoints.updateJuryScore).toHaveBeenCalledWith(40, {
      tl_id: 7,
      sv_id: ITEM_IDS[103],
      essay1: 5,
      essay2: 5,
      essay3: 5,
      overall: 1,
      red_flag: 0,
    });
  });
});

describe('the references in the scoring modal', () => {
  const withReferences = (id: string): JuryApplication => ({
    ...essaysOf(id),
    data: {
      ...essaysOf(id).data,
      references: [
        {
          relationship: 'supervisor',
          knownFor: '2-5-years',
          ratings: { reliability: 5, teamwork: 4, communication: null, initiative: 3 },
          averageRating: 4,
          statement: 'Dependable under pressure.\nA natural organiser.',
        },
        {
          relationship: 'professor',
          knownFor: 'under-6-months',
          ratings: { reliability: null, teamwork: null, communication: null, initiative: null },
          averageRating: null,
          statement: 'Too early to say much.',
        },
      ],
    },
  });

  it('lists each received reference after the essays: relationship, ratings, average and statement', async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.juryApplication).mockImplementation(async (id) => withReferences(id));
    renderJuryList();
    const dialog = await openItem(user, 2);
    const section = await within(dialog).findByRole('region', { name: 'References' });
    const [first, second] = within(section).getAllByRole('article');
    expect(within(first!).getByRole('heading', { level: 4, name: 'Reference 1' })).toBeInTheDocument();
    const fact = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(fact(first!, 'Relationship')).toHaveTextContent('Work Supervisor');
    expect(fact(first!, 'Known for')).toHaveTextContent('2 to 5 years');
    expect(fact(first!, 'Reliability')).toHaveTextContent('5 of 5');
    expect(fact(first!, 'Teamwork')).toHaveTextContent('4 of 5');
    expect(fact(first!, 'Communication')).toHaveTextContent('Cannot judge');
    expect(fact(first!, 'Initiative')).toHaveTextContent('3 of 5');
    expect(fact(first!, 'Average rating')).toHaveTextContent('4.00');
    // The statement as written, its line breaks kept.
    expect(within(first!).getByText('Dependable under pressure.\nA natural organiser.', { normalizer: (text) => text })).toHaveStyle({
      whiteSpace: 'pre-wrap',
    });
    expect(fact(second!, 'Average rating')).toHaveTextContent('None given');
    expect(second).toHaveTextContent('Too early to say much.');
    // After the essays, before the scores.
    const tabpanel = within(dialog).getByRole('tabpanel');
    const scores = within(dialog).getByRole('group', { name: 'Scores' });
    expect(tabpanel.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(section.compareDocumentPosition(scores) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says none has arrived when the list is empty', async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.juryApplication).mockImplementation(async (id) => ({
      ...essaysOf(id),
      data: { ...essaysOf(id).data, references: [] },
    }));
    renderJuryList();
    const dialog = await openItem(user, 2);
    const section = await within(dialog).findByRole('region', { name: 'References' });
    expect(section).toHaveTextContent('No reference has been received for this application.');
  });

  it('shows no References section when the edition does not show them (no key)', async () => {
    const user = userEvent.setup();
    renderJuryList();
    const dialog = await openItem(user, 2);
    expect(await within(dialog).findByText('Essay one of applicant 102.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'References' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('References')).not.toBeInTheDocument();
  });
});
