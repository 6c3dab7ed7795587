// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { adminToken, fakeApi, json, publicSettings } from '../testing/fakePortal';
import { buildPreview, edition2025, figures, listOf, scheduleBuild, venueRow } from '../testing/scheduleFixtures';
import type { BuildPreview, ScheduleBuild } from './types';

// Whole-panel journeys with polling and dialogs: slower than a unit test on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

/** A server holding builds: a new one runs for two reads, then is a preview. */
class BuildServer {
  builds: ScheduleBuild[] = [];
  requests: unknown[] = [];
  reads = 0;
  applyAnswer: ((build: ScheduleBuild) => Response) | null = null;
  undoAnswer: ((build: ScheduleBuild) => Response) | null = null;
  startAnswer: (() => Response) | null = null;
  /** The preview a build ends with. */
  preview: () => BuildPreview = () => buildPreview();
  settings = publicSettings(edition2025());

  routes() {
    const byId = (url: URL) => this.builds.find((b) => b.id === Number(url.pathname.split('/')[4]))!;
    return {
      'GET /api/settings': () => json(this.settings),
      'GET /api/admin/venues': () => listOf('venues', [venueRow(), venueRow({ id: 2, name: 'Room 2' })]),
      'GET /api/admin/schedule-builds': () =>
        listOf(
          'schedule-builds',
          [...this.builds].reverse().map((b) => ({
            ...b,
            preview: b.preview && {
              ...b.preview,
              unfilled: b.preview.unfilled.length,
              people: undefined,
              changes: b.preview.changes.length,
            },
          })),
        ),
      'POST /api/admin/schedule-builds': (_url: URL, init?: RequestInit) => {
        this.requests.push(JSON.parse(String(init?.body)));
        if (this.startAnswer) return this.startAnswer();
        const build = scheduleBuild({
          id: 3 + this.builds.length,
          status: 'running',
          progress: 0,
          preview: null,
          scope: { days: null, venueIds: null, keep: 'all', seed: 42 },
        });
        this.builds.push(build);
        this.reads = 0;
        return json({ success: true, data: build }, 201);
      },
      'GET /api/admin/schedule-builds/3': (url: URL) => this.read(byId(url)),
      'GET /api/admin/schedule-builds/4': (url: URL) => this.read(byId(url)),
      'POST /api/admin/schedule-builds/3/apply': (url: URL) => this.apply(byId(url)),
      'POST /api/admin/schedule-builds/3/undo': (url: URL) => this.undo(byId(url)),
      'POST /api/admin/schedule-builds/3/discard': (url: URL) => this.change(byId(url), { status: 'discarded' }),
    };
  }

  private read(build: ScheduleBuild) {
    if (build.status === 'running') {
      this.reads += 1;
      if (this.reads === 1) Object.assign(build, { progress: 40, message: 'Filling the hardest shifts' });
      else Object.assign(build, { status: 'preview', progress: 100, message: null, preview: this.preview() });
    }
    return json({ success: true, data: build });
  }

  private change(build: ScheduleBuild, change: Partial<ScheduleBuild>) {
    Object.assign(build, change);
    return json({ success: true, data: build });
  }

  private apply(build: ScheduleBuild) {
    if (this.applyAnswer) return this.applyAnswer(build);
    // As the server does: the build is now the schedule in place.
    return this.change(build, {
      status: 'applied',
      appliedAt: '2025-07-20T17:05:00.000Z',
      preview: { ...build.preview!, inPlace: 'build' },
    });
  }

  private undo(build: ScheduleBuild) {
    if (this.undoAnswer) return this.undoAnswer(build);
    return this.change(build, {
      status: 'undone',
      undoneAt: '2025-07-20T17:10:00.000Z',
      preview: { ...build.preview!, inPlace: 'current' },
    });
  }
}

let server: BuildServer;
let fetchMock: ReturnType<typeof fakeApi>;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  server = new BuildServer();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

const openBuilder = async (path = '/admin/schedule/builder') => {
  fetchMock = fakeApi(server.routes());
  window.history.pushState({}, '', path);
  render(<App />);
  return screen.findByRole('form', { name: 'What to build' });
};

/** Builds the whole edition and waits for the preview. */
async function buildAndPreview() {
  const form = await openBuilder();
  await userEvent.click(within(form).getByRole('button', { name: 'Build' }));
  return screen.findByRole('table', { name: 'Figures' }, { timeout: 5000 });
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );

const headings = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

describe('the schedule builder', () => {
  it("offers the edition's days, the venues, what to keep and a seed, and sends the scope chosen", async () => {
    const form = await openBuilder();
    const days = within(form).getByRole('group', { name: 'Days' });
    expect(
      within(days)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['All days', 'Fri Aug 8th', 'Sat Aug 9th', 'Sun Aug 10th']);
    expect((within(form).getByRole('radio', { name: 'All current assignments' }) as HTMLInputElement).checked).toBe(true);

    await userEvent.click(within(days).getByRole('checkbox', { name: 'Fri Aug 8th' }));
    await userEvent.click(within(form).getByRole('combobox', { name: 'Venues' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Room 2' }));
    await userEvent.click(within(form).getByRole('radio', { name: 'Only pinned assignments' }));
    const seed = within(form).getByRole('textbox', { name: 'Seed' });
    await userEvent.clear(seed);
    expect(within(form).getByText('Give a seed, or press New seed.')).toBeTruthy();
    expect((within(form).getByRole('button', { name: 'Build' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(seed, '1234');
    await userEvent.click(within(form).getByRole('button', { name: 'Build' }));

    await waitFor(() =>
      expect(server.requests).toEqual([{ days: ['2025-08-09', '2025-08-10'], venueIds: [2], keep: 'pinned', seed: 1234 }]),
    );
  });

  it(
    'shows the progress while it builds, then the preview: figures against the current ' + 'schedule, hours, unfilled shifts and changes',
    async () => {
      const form = await openBuilder();
      await userEvent.click(within(form).getByRole('button', { name: 'Build' }));
      const progress = await screen.findByRole('progressbar', { name: 'Build progress' });
      await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('40'));
      expect(screen.getByText('Building… 40% · Filling the hardest shifts')).toBeTruthy();
      expect(window.location.search).toBe('?build=3');

      const figures = await screen.findByRole('table', { name: 'Figures' }, { timeout: 5000 });
      expect(screen.queryByRole('progressbar', { name: 'Build progress' })).toBeNull();
      expect(headings(figures)).toEqual(['Figure', 'This build', 'Current schedule', 'Better']);
      expect(screen.getByText('This build against the current schedule of the same days and venues.')).toBeTruthy();
      const rows = rowTexts(figures).slice(1);
      // Each figure says what it measures and which way is better, in words on the page.
      expect(rows[0]).toEqual([
        'CoverageSlots filled, of the slots offered in the shifts built. Higher is better.',
        '11 of 12 slots (91.7%)',
        '4 of 12 slots (33.3%)',
        'This build',
      ]);
      expect(rows[1]!.slice(1)).toEqual(['11 of at most 11 fillable', '4 of at most 11 fillable', 'This build']);
      expect(rows[2]!.slice(1)).toEqual(['2 h', '6 h', 'This build']);
      expect(rows[7]!.slice(1)).toEqual(['1.5', '1.5', 'Same']);
      expect(rows[8]!.slice(1)).toEqual(['5 h', '4 h', 'Current']);
      expect(screen.getByText(/comes from linear programming over the rules/)).toBeTruthy();

      // The chart: one bar per person, most short first, and the same numbers as a table on request.
      const chart = screen.getByRole('img', {
        name: /Hours against expectation of 3 volunteers, most short first\. After the build 0 are more than 3 h short \(2 before\)\./,
      });
      expect([...chart.querySelectorAll('g > title')].map((bar) => bar.textContent)).toEqual([
        'Ben Ito: 6 h after the build (0 h before), 8 h expected',
        'Ada Lopez: 8 h after the build (4 h before), 8 h expected',
        'Chen Wu: 12 h after the build (12 h before), 12 h expected',
      ]);
      await userEvent.click(screen.getByRole('button', { name: 'Show the hours of each volunteer' }));
      expect(rowTexts(screen.getByRole('table', { name: 'Hours of each volunteer' }))[1]).toEqual([
        'Ben ItoSV ID SV22',
        '8 h',
        '0 h',
        '6 h',
        '-2 h',
      ]);

      expect(rowTexts(screen.getByRole('table', { name: 'Unfilled shifts' }))[1]).toEqual([
        'Usher at Room 1, Sun Aug 10th 20:00–23:00',
        '1',
        'Everyone who could take it is already working another shift at that time.',
      ]);

      const changes = screen.getByRole('table', { name: 'Changes per volunteer' });
      expect(within(changes).queryByRole('list')).toBeNull();
      await userEvent.click(within(changes).getByRole('button', { name: 'Show the shifts of Ben Ito' }));
      expect(
        within(within(changes).getByRole('list', { name: 'Shift changes of Ben Ito' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Added: Greeter at Room 1, Sun Aug 10th 12:00–16:00',
        'Added: Runner at Room 2, Mon Aug 11th 09:00–11:00',
        'Removed: Usher at Room 2, Mon Aug 11th 13:00–15:00',
      ]);
    },
  );

  it('applies after asking, says what changed, then undoes the latest applied build', async () => {
    await buildAndPreview();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = screen.getByRole('dialog', { name: 'Apply this schedule?' });
    expect(dialog.textContent).toContain('4 assignments change for 2 volunteers: 3 added, 1 removed.');
    expect(dialog.textContent).not.toContain('email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Build #3 is applied: 3 assignments added and 1 removed.')).toBeTruthy();
    expect(server.builds[0]!.status).toBe('applied');
    // What is in place now is the build; the schedule it compared with is the one before it.
    const applied = screen.getByRole('table', { name: 'Figures' });
    expect(headings(applied)).toEqual(['Figure', 'This build (in place)', 'Before this build', 'Better']);
    expect(rowTexts(applied)[1]!.slice(1)).toEqual(['11 of 12 slots (91.7%)', '4 of 12 slots (33.3%)', 'This build']);
    expect(screen.getByText('This build is the schedule in place now. Beside it, the schedule it replaced.')).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    const undo = screen.getByRole('dialog', { name: 'Undo build #3?' });
    expect(undo.textContent).toContain('go back exactly as they were before it was applied (20 July 2025 at 17:05 UTC)');
    await userEvent.click(within(undo).getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Build #3 is undone: the assignments are back exactly as they were before it was applied.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(headings(screen.getByRole('table', { name: 'Figures' }))).toEqual([
      'Figure',
      'This build (undone)',
      'Before this build (in place again)',
      'Better',
    ]);
    const recent = screen.getByRole('table', { name: 'Recent builds' });
    await waitFor(() => expect(rowTexts(recent)[1]![3]).toBe('Undone'));
  });

  it('against a scope where nothing is assigned, shows the build alone, before and after it is applied', async () => {
    const empty = figures({
      filledSlots: 0,
      coverage: 0,
      largestShortfall: 8,
      meanShortfall: 8,
      moreThan3hShort: 3,
      hoursSpread: 0,
      preferredShare: 1,
      preferredHours: 0,
      statedPreferenceHours: 0,
      workingDays: 0,
      shiftsPerWorkingDay: 0,
      idleGapHours: 0,
    });
    server.preview = () => buildPreview({ current: empty, currentAssignments: 0 });
    const preview = await buildAndPreview();
    expect(headings(preview)).toEqual(['Figure', 'This build']);
    expect(
      screen.getByText('Nothing in these days and venues is assigned yet: there is no schedule to compare this build with.'),
    ).toBeTruthy();
    // An empty schedule's 100% at preferred venues and 0 shifts a day are nowhere on the page.
    expect(
      rowTexts(preview)
        .slice(1)
        .map((row) => row.slice(1)),
    ).toEqual([
      ['11 of 12 slots (91.7%)'],
      ['11 of at most 11 fillable'],
      ['2 h'],
      ['1 h'],
      ['0 people'],
      ['1.4 h'],
      ['75%'],
      ['1.5'],
      ['5 h'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }));
    await screen.findByText(/^Build #3 is applied/);
    const applied = screen.getByRole('table', { name: 'Figures' });
    expect(headings(applied)).toEqual(['Figure', 'This build (in place)']);
    expect(rowTexts(applied)[1]!.slice(1)).toEqual(['11 of 12 slots (91.7%)']);
    expect(applied.textContent).not.toContain('0 of 12 slots');
    expect(
      screen.getByText('This build is the schedule in place now. Before it, nothing in these days and venues was assigned.'),
    ).toBeTruthy();
  });

  it('lists the exceptions in scope that the build kept, with who made each and why', async () => {
    server.preview = () =>
      buildPreview({
        exceptions: [
          {
            shiftId: 5,
            shiftLabel: 'Install at Art Gallery, Fri Aug 8th 09:00–13:00',
            volunteerId: 21,
            name: 'Ada Lopez',
            rules: ['preconference'],
            reason: 'Agreed by email to come a day early',
            madeBy: { id: 1, name: 'Olive Organiser' },
            madeAt: '2025-08-01T10:00:00.000Z',
          },
        ],
      });
    await buildAndPreview();
    expect(screen.getByRole('heading', { name: 'Exceptions kept (1)' })).toBeTruthy();
    expect(rowTexts(screen.getByRole('table', { name: 'Exceptions kept' }))[1]).toEqual([
      'Install at Art Gallery, Fri Aug 8th 09:00–13:00',
      'Ada Lopez',
      'Exception (Pre-conference wish): Agreed by email to come a day early — Olive Organiser',
    ]);
  });

  it('tells the volunteers are emailed when schedules are out', async () => {
    server.settings = { ...server.settings, data: { ...server.settings.data, gates: { schedulesOut: true } } };
    await buildAndPreview();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('dialog', { name: 'Apply this schedule?' }).textContent).toContain(
      'Schedules are out: each volunteer whose shifts change gets one email saying what was added and removed.',
    );
  });

  it('says what to do when the schedule changed under the preview, and builds the same scope again', async () => {
    await buildAndPreview();
    server.applyAnswer = () =>
      json(
        {
          message: 'The schedule changed since this build was made. Build again to see a preview of the schedule as it is now.',
          err: 'SCHEDULE_CHANGED',
        },
        409,
      );
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByText(
      'The schedule changed since this build was made. Build again to see a preview of the schedule as it is now. Nothing was written.',
    );
    await userEvent.click(await within(alert.closest('[role="alert"]') as HTMLElement).findByRole('button', { name: 'Build again' }));
    await waitFor(() => expect(server.requests).toHaveLength(2));
    expect(server.requests[1]).toEqual({ keep: 'all', seed: 42 });
    await waitFor(() => expect(window.location.search).toBe('?build=4'));
  });

  it('says an undo cannot be exact when assignments changed since', async () => {
    await buildAndPreview();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }));
    server.undoAnswer = () =>
      json(
        {
          message:
            'Assignments of these shifts changed since this build was applied, so undoing it would lose those changes. Make the ' +
            'changes by hand instead.',
          err: 'SCHEDULE_CHANGED',
        },
        409,
      );
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Undo' }));
    const alert = await screen.findByText(
      'Assignments of these shifts changed since this build was applied, so undoing it would lose those changes. Make the changes ' +
        'by hand instead. Nothing was changed.',
    );
    expect(within(alert.closest('[role="alert"]') as HTMLElement).queryByRole('button', { name: 'Build again' })).toBeNull();
  });

  it('discards a preview after asking', async () => {
    await buildAndPreview();
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Discard this preview?' })).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Build #3 is discarded: nothing was written.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('names the build already running on another server, and follows it', async () => {
    server.builds.push(
      scheduleBuild({
        id: 3,
        status: 'running',
        progress: 10,
        preview: null,
        createdBy: { id: 9, name: 'Grace Chair' },
        createdAt: '2025-07-20T16:58:00.000Z',
      }),
    );
    server.reads = 0;
    server.startAnswer = () => json({ message: 'A build is already running.', err: 'BUILD_RUNNING' }, 409);
    const form = await openBuilder();
    await userEvent.click(within(form).getByRole('button', { name: 'Build' }));
    const alert = await screen.findByText(
      'Another build is running (started by Grace Chair, 20 July 2025 at 16:58 UTC). Only one runs at a time: wait for it to ' +
        'finish, then build.',
    );
    await userEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Follow it' }));
    expect(await screen.findByRole('table', { name: 'Figures' }, { timeout: 5000 })).toBeTruthy();
    expect(window.location.search).toBe('?build=3');
  });

  it('opens a build from the list of recent builds', async () => {
    server.builds.push(scheduleBuild({ id: 3, status: 'applied', appliedAt: '2025-07-20T17:05:00.000Z' }));
    await openBuilder();
    const recent = await screen.findByRole('table', { name: 'Recent builds' });
    expect(rowTexts(recent)[1]).toEqual([
      '#3',
      '20 July 2025 at 17:00 UTCby Chair Person',
      'All days · all venues · keeps all current assignments · seed 42',
      'AppliedCan be undone',
      '11 of 12 slots2 people change',
      'Open',
    ]);
    await userEvent.click(within(recent).getByRole('button', { name: 'Open build #3' }));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/api/admin/schedule-builds/3'))).toBe(true);
  });
});
