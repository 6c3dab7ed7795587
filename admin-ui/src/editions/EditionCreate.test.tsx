// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EDITION_MESSAGES, type EditionView, type StartEdition, defaultSettings, nextEditionSettings } from '@svp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { closePanel, openPanel, requestsTo } from '../records/testing';
import { editionView, json } from '../testing/fakePortal';
import { listOf } from '../testing/scheduleFixtures';

vi.setConfig({ testTimeout: 20_000 });

const current = defaultSettings('chair@example.org');
const proposal = nextEditionSettings(current);
const edition2027 = editionView({ id: 3, key: '2027', name: 'SIGGRAPH 2027' });

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
    return json({ ...edition2027, venuesCopied: 0 }, 201);
  };
  fetchMock = openPanel(
    {
      'GET /api/admin/editions': () => listOf('editions', editions),
      'GET /api/admin/editions/next': () => json({ settings: proposal, venues: 4 }),
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
const setValue = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function openStartPage(user: ReturnType<typeof userEvent.setup>) {
  render(<App />);
  await user.click(await screen.findByRole('link', { name: 'Start the next edition' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Start the next edition' })).toBeTruthy();
  await screen.findByRole('textbox', { name: 'Conference name' });
}

describe('starting the next edition', () => {
  it("starts from this edition's settings a year later, and sends them as edited with the venues' choice", async () => {
    const user = userEvent.setup();
    await openStartPage(user);
    expect(screen.getByText('SIGGRAPH 2026 becomes read-only')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Conference name' }) as HTMLInputElement).value).toBe('SIGGRAPH 2027');
    expect((screen.getByLabelText('Application deadline (UTC)') as HTMLInputElement).value).toBe('2027-02-28T22:00');
    expect((screen.getByLabelText('First day of service') as HTMLInputElement).value).toBe('2027-08-08');

    const city = screen.getByRole('textbox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Los Angeles');
    setValue('Application deadline (UTC)', '2027-03-01T22:00');
    setValue('Last day of service', '2027-08-12');
    const venues = screen.getByRole('checkbox', { name: 'Copy the venues (4)' }) as HTMLInputElement;
    expect(venues.checked).toBe(true);
    await user.click(venues);
    await user.click(screen.getByRole('button', { name: 'Start the next edition' }));

    const dialog = await screen.findByRole('dialog', { name: 'Start SIGGRAPH 2027?' });
    expect(dialog.textContent).toContain('SIGGRAPH 2026 becomes read-only');
    expect(dialog.textContent).toContain('SIGGRAPH 2027 starts without venues.');
    expect(started).toEqual([]);
    const settingsReads = requestsTo(fetchMock, '/api/admin/settings').length;
    await user.click(within(dialog).getByRole('button', { name: 'Start SIGGRAPH 2027' }));

    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]!.copyVenues).toBe(false);
    expect(started[0]!.settings).toEqual({
      ...proposal,
      timeline: { ...proposal.timeline, applicationEndDate: '2027-03-01T22:00:00.000Z' },
      conference: { ...proposal.conference, city: 'Los Angeles', endDate: '2027-08-12' },
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
    await user.click(screen.getByRole('button', { name: 'Start the next edition' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start SIGGRAPH 2027' }));
    expect(await screen.findByText('Must be after “References close”')).toBeTruthy();
    const field = screen.getByLabelText('Jury opens (UTC)');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('“Jury opens” must be after “References close”').closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says why when the edition exists already, in the server's words", async () => {
    const user = userEvent.setup();
    startAnswer = () => json({ message: EDITION_MESSAGES.keyTaken('2027'), err: 'EDITION_EXISTS' }, 409);
    await openStartPage(user);
    await user.click(screen.getByRole('button', { name: 'Start the next edition' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start SIGGRAPH 2027' }));
    expect((await screen.findByText(EDITION_MESSAGES.keyTaken('2027'))).closest('[role="alert"]')).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/editions/new');
  });
});
