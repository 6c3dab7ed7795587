import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timelineWithPassed } from '@svp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileUser } from '../../../test/kit/records';
import { renderPage } from '../../../test/kit/renderPage';
import { publicSettings } from '../../../test/kit/settings';
import { CalendarFeedPanel } from './CalendarFeedPanel';

vi.mock('../../../state/SessionContext', async () => (await import('../../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../../state/SettingsContext', async () => (await import('../../../test/kit/fakeContexts')).fakeSettingsModule);

const NOW = Date.parse('2026-08-06T12:00:00.000Z');
const USER_ID = 7;
const FEED = `/api/schedule/${USER_ID}/calendar-feed`;
const ICS = `/api/schedule/${USER_ID}/calendar.ics`;
const TOKEN = 'signed-in-access-token';

const link = (token = 'Zm9yLXRlc3RzLW9ubHktbm90LWEtcmVhbC10b2tlbi0xMjM') => {
  const url = `https://sv.example.org/api/schedule/${USER_ID}/calendar.ics?token=${token}`;
  return { url, webcal_url: url.replace('https://', 'webcal://'), created_at: '2026-08-06T12:00:00.000Z' };
};
const inactive = { active: false, created_at: null, last_used_at: null };

interface Answer {
  status?: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
}
const ok = (data: unknown): Answer => ({ body: { success: true, data } });
const failure = (status: number, message: string, err: string): Answer => ({ status, body: { success: false, data: { message, err } } });

/** Stubs fetch: 'METHOD /api/path' → one answer, or a list answered in turn (the last one repeats). */
function fakeServer(routes: Record<string, Answer | Answer[]>) {
  const served = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const route = routes[key];
    if (!route) throw new Error(`Unexpected request ${key}`);
    const turn = served.get(key) ?? 0;
    served.set(key, turn + 1);
    const answer = Array.isArray(route) ? route[Math.min(turn, route.length - 1)]! : route;
    const status = answer.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: new Headers(answer.headers),
      json: async () => answer.body,
      blob: async () => new Blob([answer.text ?? ''], { type: 'text/calendar' }),
    } as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof fakeServer>, key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(input)}` === key);

function renderPanel() {
  const user = userEvent.setup();
  renderPage(<CalendarFeedPanel userId={USER_ID} />, {
    path: '/schedule/sv',
    settings: publicSettings(timelineWithPassed(8, NOW), NOW),
    now: NOW,
    profile: profileUser(),
  });
  return { user, panel: screen.getByTestId('calendar-feed-panel') };
}

beforeEach(() => localStorage.setItem('svp.token', TOKEN));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Add your shifts to your calendar', () => {
  it('Subscribe makes a personal link and shows it as https and webcal links, each with a Copy button', async () => {
    const fetchMock = fakeServer({ [`GET ${FEED}`]: ok(inactive), [`POST ${FEED}`]: ok(link()) });
    const { user, panel } = renderPanel();
    expect(within(panel).getByRole('heading', { level: 2, name: 'Add your shifts to your calendar' })).toBeInTheDocument();
    expect(within(panel).queryByTestId('calendar-feed-links')).not.toBeInTheDocument();

    await user.click(await within(panel).findByRole('button', { name: 'Subscribe' }));

    const links = await within(panel).findByTestId('calendar-feed-links');
    expect(links).toHaveTextContent('This link is personal: anyone who has it can see your shifts, so do not share it.');
    expect(within(links).getByLabelText('Calendar link')).toHaveTextContent(link().url);
    expect(within(links).getByLabelText('Calendar app link (webcal)')).toHaveTextContent(link().webcal_url);
    expect(within(links).getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute('href', link().webcal_url);
    await user.click(within(links).getByRole('button', { name: 'Copy calendar app link (webcal)' }));
    // user-event stands in for the system clipboard.
    expect(await navigator.clipboard.readText()).toBe(link().webcal_url);
    expect(within(links).getByRole('button', { name: 'Copy calendar app link (webcal)' })).toHaveTextContent('Copied');

    expect(within(panel).getByTestId('calendar-feed-status')).toHaveTextContent(
      'Your calendar link is on (made 6 August 2026 at 12:00 UTC; not read by a calendar yet).',
    );
    expect(within(panel).queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Get a new link' })).toBeEnabled();
    const [, init] = calls(fetchMock, `POST ${FEED}`)[0]!;
    expect((init as RequestInit).headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` });
  });

  it('Turn off link asks first, then hides the links and offers Subscribe again', async () => {
    const fetchMock = fakeServer({
      [`GET ${FEED}`]: ok(inactive),
      [`POST ${FEED}`]: ok(link()),
      [`DELETE ${FEED}`]: ok({ ...inactive, message: 'Your calendar link is turned off. Calendars subscribed to it stop updating.' }),
    });
    const { user, panel } = renderPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Subscribe' }));
    await within(panel).findByTestId('calendar-feed-links');

    await user.click(within(panel).getByRole('button', { name: 'Turn off link' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn off your calendar link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetchMock, `DELETE ${FEED}`)).toHaveLength(0);
    expect(within(panel).getByTestId('calendar-feed-links')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Turn off link' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Turn off link' }));

    expect(await screen.findByTestId('primary-alert')).toHaveTextContent(
      'Your calendar link is turned off. Calendars subscribed to it stop updating.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(panel).queryByTestId('calendar-feed-links')).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('calendar-feed-status')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(calls(fetchMock, `DELETE ${FEED}`)).toHaveLength(1);
  });

  it('for a link made earlier, shows when it was last read and offers a new link in its place', async () => {
    fakeServer({
      [`GET ${FEED}`]: ok({ active: true, created_at: '2026-08-01T09:00:00.000Z', last_used_at: '2026-08-06T10:15:00.000Z' }),
      [`POST ${FEED}`]: ok(link('bmV3LWxpbmstZm9yLXRlc3RzLW9ubHktbm90LXJlYWwtMTIzNA')),
    });
    const { user, panel } = renderPanel();
    expect(await within(panel).findByTestId('calendar-feed-status')).toHaveTextContent(
      'Your calendar link is on (made 1 August 2026 at 09:00 UTC; last read by a calendar 6 August 2026 at 10:15 UTC).',
    );
    expect(within(panel).queryByTestId('calendar-feed-links')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Get a new link' }));
    expect(await within(panel).findByLabelText('Calendar link')).toHaveTextContent(
      'token=bmV3LWxpbmstZm9yLXRlc3RzLW9ubHktbm90LXJlYWwtMTIzNA',
    );
    expect(screen.getByTestId('primary-alert')).toHaveTextContent('Your new calendar link is ready. The old link no longer works');
  });

  it("shows the server's message when a link cannot be made, and no links", async () => {
    fakeServer({
      [`GET ${FEED}`]: ok(inactive),
      [`POST ${FEED}`]: failure(403, 'You can only manage your own calendar link.', 'FORBIDDEN'),
    });
    const { user, panel } = renderPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('You can only manage your own calendar link.');
    expect(within(panel).queryByTestId('calendar-feed-links')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('Download (.ics) fetches the calendar with the session and saves it under the name the server gives', async () => {
    const fetchMock = fakeServer({
      [`GET ${FEED}`]: ok(inactive),
      [`GET ${ICS}`]: {
        text: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
        headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'attachment; filename="sv-shifts-ABCD2345.ics"' },
      },
    });
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => ((blob as Blob).size > 0 ? 'blob:calendar' : 'blob:empty'));
    // jsdom has no URL.revokeObjectURL; the download frees its object URL a second later.
    Object.assign(URL, { revokeObjectURL: vi.fn() });
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const { user, panel } = renderPanel();

    await user.click(within(panel).getByRole('button', { name: 'Download (.ics)' }));

    await waitFor(() => expect(saved).toEqual([{ href: 'blob:calendar', download: 'sv-shifts-ABCD2345.ics' }]));
    const [, init] = calls(fetchMock, `GET ${ICS}`)[0]!;
    expect((init as RequestInit).headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` });
    expect(within(panel).getByRole('button', { name: 'Download (.ics)' })).toBeEnabled();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
  });

  it("shows why a download is refused, in the server's words", async () => {
    fakeServer({
      [`GET ${FEED}`]: ok(inactive),
      [`GET ${ICS}`]: failure(403, 'Schedules are released on 5 August 2026 at 22:00 UTC.', 'FORBIDDEN'),
    });
    const { user, panel } = renderPanel();
    await user.click(within(panel).getByRole('button', { name: 'Download (.ics)' }));
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Schedules are released on 5 August 2026 at 22:00 UTC.');
  });
});
