// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EDITION_MESSAGES,
  type EditionView,
  type NextEditionProposal,
  type StartEdition,
  daysFromTo,
  defaultSettings,
  nextEditionSettings,
} from '@svp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { closePanel, openPanel, requestsTo } from '../records/testing';
import { editionView, json } from '../testing/fakePortal';
import { listOf } from '../testing/scheduleFixtures';

// Only a bound against a hang: the form is long (every date, text and team leader), and its first test types into it;
// it took 10 s alone and over 20 s beside a full test run on this two-core machine.
vi.setConfig({ testTimeout: 60_000 });

const current = defaultSettings('chair@example.org');
const proposal = nextEditionSettings(current);
const edition2027 = editionView({ id: 3, key: '2027', name: 'SIGGRAPH 2027' });
const TEAM_LEADERS = [
  { id: 5, name: 'Tess Leader', email: 'tess@example.org' },
  { id: 6, name: 'Uma Other', email: 'uma@example.org' },
];

/** GET /api/admin/editions/next as the server answers it, with the first day picked when asked. */
function nextAnswer(startDate: string | null): NextEditionProposal {
  const settings = nextEditionSettings(current, startDate ? { startDate } : {});
  return {
    settings,
    movedDays: daysFromTo(current.conference.startDate, settings.conference.startDate),
    venues: 4,
    shifts: 12,
    teamLeaders: TEAM_LEADERS,
  };
}

let fetchMock: ReturnType<typeof openPanel>;
let editions: EditionView[];
let startAnswer: () => Response;
let started: StartEdition[];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  editions = [editionView()];
  started = [];
  startAnswer = () => {
    editions = [edition2027, { ...editionView(), current: false, closedAt: '2026-09-01T10:00:00.000Z' }];
    return json({ ...edition2027, venuesCopied: 0, shiftsCopied: 0, teamLeadersKept: 0 }, 201);
  };
  fetchMock = openPanel(
    {
      'GET /api/admin/editions': () => listOf('editions', editions),
      'GET /api/admin/editions/next': (url) => json(nextAnswer(url.searchParams.get('startDate'))),
      'POST /api/admin/editions': (_url, init) => {
        started.push(JSON.parse(String(init?.body)));
        return startAnswer();
      },
      'GET /api/admin/settings': () => json({ id: 'edition', ...current }),
    },
    '/admin/settings',
  );
});
afterEach(closePanel);

// A date input is typed into as a whole value, as the browser's picker sets it.
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
const setValue = (label: string, value: string) => fireEvent.change(screen.getByLabelText(labelled(label)), { target: { value } });
const valueOf = (label: string) => (screen.getByLabelText(labelled(label)) as HTMLInputElement).value;

async function openStartPage(user: ReturnType<typeof userEvent.setup>) {
  render(<App />);
  await user.click(await screen.findByRole('link', { name: 'Start the next edition' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Start the next edition' })).toBeTruthy();
  await screen.findByRole('textbox', { name: 'Conference name' });
}

async function confirmStart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Start the next edition' }));
  const dialog = await screen.findByRole('dialog', { name: 'Start SIGGRAPH 2027?' });
  await user.click(within(dialog).getByRole('button', { name: 'Start SIGGRAPH 2027' }));
}

describe('starting the next edition', () => {
  it('proposes the same week of next year, each date shown with its weekday, and sends it as edited', async () => {
    const user = userEvent.setup();
    await openStartPage(user);
    expect(screen.getByText('SIGGRAPH 2026 becomes read-only')).toBeTruthy();
    expect(
      screen.getByText(/Every date is 53 weeks later than in SIGGRAPH 2026 \(from Saturday 8 August 2026\), so each keeps its weekday/),
    ).toBeTruthy();
    expect(valueOf('Conference name')).toBe('SIGGRAPH 2027');
    expect(valueOf('Application deadline (UTC)')).toBe('2027-03-06T22:00');
    expect(valueOf('First day of service')).toBe('2027-08-14');
    expect(screen.getByText(/^Friday 13 August 2027 · The pre-conference day/)).toBeTruthy();
    expect(screen.getByText(/^Saturday 14 August 2027 · Volunteers serve from this day/)).toBeTruthy();
    expect(screen.getByText('Saturday 6 March 2027')).toBeTruthy();

    const city = screen.getByRole('textbox', { name: 'City' });
    // Pasted, not typed key by key: each key redraws the field, and the test is about what is sent.
    await user.clear(city);
    await user.paste('Los Angeles');
    setValue('Application deadline (UTC)', '2027-03-05T22:00');
    // A date moved onto another weekday says so at once.
    expect(await screen.findByText('Friday 5 March 2027')).toBeTruthy();
    setValue('Last day of service', '2027-08-18');
    expect(valueOf('Mailing list address')).toBe('https://s2027.siggraph.org/program/student-volunteers/');
    expect(valueOf('Programme page address')).toBe('https://s2027.siggraph.org/program/student-volunteers/');
    await user.click(screen.getByRole('button', { name: 'Start the next edition' }));

    const dialog = await screen.findByRole('dialog', { name: 'Start SIGGRAPH 2027?' });
    expect(dialog.textContent).toContain('SIGGRAPH 2026 becomes read-only');
    expect(dialog.textContent).toContain(
      'The venues (4) and their shifts (12), moved to the new dates, are copied to SIGGRAPH 2027; no one is assigned to them.',
    );
    expect(dialog.textContent).toContain(
      'SIGGRAPH 2027 starts with no team leaders; the other team leaders of SIGGRAPH 2026 are team leaders of that edition only.',
    );
    expect(started).toEqual([]);
    const settingsReads = requestsTo(fetchMock, '/api/admin/settings').length;
    await user.click(within(dialog).getByRole('button', { name: 'Start SIGGRAPH 2027' }));

    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toEqual({
      settings: {
        ...proposal,
        timeline: { ...proposal.timeline, applicationEndDate: '2027-03-05T22:00:00.000Z' },
        conference: { ...proposal.conference, city: 'Los Angeles', endDate: '2027-08-18' },
      },
      copyVenues: true,
      copyShifts: true,
      keepTeamLeaders: [],
    });
    expect(await screen.findByText('SIGGRAPH 2027 is the current edition')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/settings'));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/admin/settings').length).toBeGreaterThan(settingsReads));
    // The switcher now lists the new edition as the current one.
    const switcher = await screen.findByRole('combobox', { name: 'Edition' });
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2027 (current)', '2026']);
  });

  it('moves every date with the first day the organiser picks', async () => {
    const user = userEvent.setup();
    await openStartPage(user);
    setValue('First day of the conference', '2027-07-31');
    expect(await screen.findByText(/^Saturday 31 July 2027\. Every date moves with it/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Move every date' }));
    await waitFor(() => expect(valueOf('First day of service')).toBe('2027-07-31'));
    expect(requestsTo(fetchMock, '/api/admin/editions/next').at(-1)?.url.searchParams.get('startDate')).toBe('2027-07-31');
    expect(valueOf('First shift day')).toBe('2027-07-30');
    expect(valueOf('Application deadline (UTC)')).toBe('2027-02-20T22:00');
    expect(screen.getByText(/Every date is 51 weeks later than in SIGGRAPH 2026/)).toBeTruthy();
  });

  it('shows the edition’s texts and links, moves the derived ones with the dates, refuses a month the dates contradict', async () => {
    const user = userEvent.setup();
    await openStartPage(user);
    expect(valueOf('Student volunteer results')).toBe('late May 2027');
    expect(valueOf('Confirm by')).toBe('late June');
    setValue('Decisions released (UTC)', '2027-06-03T19:00');
    await waitFor(() => expect(valueOf('Student volunteer results')).toBe('early June 2027'));
    expect(valueOf('Thank-you page: student volunteer results')).toBe('June 2027');

    const confirmBy = screen.getByRole('textbox', { name: labelled('Confirm by') });
    await user.clear(confirmBy);
    await user.paste('late April');
    await user.click(screen.getByRole('button', { name: 'Start the next edition' }));
    expect(
      await screen.findByText(
        '“late April” names April, but places are confirmed until the confirmation deadline, 23 June 2027 at 06:59 UTC: ' +
          'this text may only name June 2027.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(started).toEqual([]);
  });

  it('copies the shifts only with their venues, and keeps the team leaders the organiser ticks', async () => {
    const user = userEvent.setup();
    await openStartPage(user);
    const venues = screen.getByRole('checkbox', { name: 'Copy the venues (4)' }) as HTMLInputElement;
    const shifts = screen.getByRole('checkbox', { name: 'Copy the shifts too (12)' }) as HTMLInputElement;
    expect([venues.checked, shifts.checked]).toEqual([true, true]);
    await user.click(venues);
    expect([shifts.checked, shifts.disabled]).toEqual([false, true]);
    await user.click(venues);
    const tess = screen.getByRole('checkbox', { name: 'Tess Leader (tess@example.org)' }) as HTMLInputElement;
    expect(tess.checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Uma Other (uma@example.org)' }) as HTMLInputElement).checked).toBe(false);
    await user.click(tess);
    await user.click(screen.getByRole('button', { name: 'Start the next edition' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start SIGGRAPH 2027?' });
    expect(dialog.textContent).toContain('The venues (4) are copied to SIGGRAPH 2027, without their shifts.');
    expect(dialog.textContent).toContain(
      'Tess Leader stays a team leader in SIGGRAPH 2027; the other team leaders of SIGGRAPH 2026 are team leaders of that edition only.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Start SIGGRAPH 2027' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toMatchObject({ copyVenues: true, copyShifts: false, keepTeamLeaders: [5] });
  });

  it('checks the order of the dates as the Settings page does, and sends nothing until they are right', async () => {
    const user = userEvent.setup();
    await openStartPage(user);
    setValue('Application deadline (UTC)', '2027-01-01T12:00');
    await user.click(screen.getByRole('button', { name: 'Start the next edition' }));
    expect(await screen.findByText('Must be on or after “Team leader application deadline”')).toBeTruthy();
    expect(screen.getByLabelText('Application deadline (UTC)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(started).toEqual([]);
  });

  it("shows the server's refusal on the field it names", async () => {
    const user = userEvent.setup();
    const message = 'juryReleaseDate must be after referencesDeadline';
    startAnswer = () => json({ message, err: 'VALIDATION_FAILED', errors: { 'settings.timeline.juryReleaseDate': message } }, 400);
    await openStartPage(user);
    await confirmStart(user);
    expect(await screen.findByText('Must be after “References close”')).toBeTruthy();
    const field = screen.getByLabelText('Jury opens (UTC)');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('“Jury opens” must be after “References close”').closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names the rule when the application deadline is not in a later year, on the field and above the buttons', async () => {
    const user = userEvent.setup();
    const message = EDITION_MESSAGES.notNewer('15 November 2026 at 22:00 UTC', '2026', '2026');
    startAnswer = () => json({ message, err: 'EDITION_EXISTS', errors: { 'settings.timeline.applicationEndDate': message } }, 409);
    await openStartPage(user);
    await confirmStart(user);
    const shown = await screen.findAllByText(message);
    expect(shown.some((element) => element.closest('[role="alert"]'))).toBe(true);
    expect(screen.getByLabelText('Application deadline (UTC)').getAttribute('aria-invalid')).toBe('true');
    expect(message).toContain('a later calendar year');
    expect(window.location.pathname).toBe('/admin/editions/new');
  });

  it('says why a choice is refused, in the server’s words', async () => {
    const user = userEvent.setup();
    const message = EDITION_MESSAGES.shiftsNeedVenues;
    startAnswer = () => json({ message, err: 'VALIDATION_FAILED', errors: { copyShifts: message } }, 400);
    await openStartPage(user);
    await confirmStart(user);
    expect((await screen.findByText(message)).closest('[role="alert"]')).toBeTruthy();
  });
});
