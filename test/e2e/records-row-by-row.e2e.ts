import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, confirmVolunteer, grantTeamLeader, seedApplicant } from './support/admin.js';
import { launchBrowser, screenshot, settledViolations } from './support/browser.js';
import { assignment, conferenceWeek, shift as newShift, venue } from './support/factories.js';
import { type Portal, ok, pacificDay, startPortal, pacific as pacificAt } from './support/portal.js';

// The team leader's shift page on a 412 px wide phone, against the real server and its clock: a
// correction to a time that has not happened yet is refused with the reason, and an early check-in is
// refused on its own row while the other volunteers' ratings and notes are saved.

let portal: Portal;
let browser: Browser;
let grace: SeededApplicant;
const volunteers: Record<'ada' | 'ben' | 'cleo' | 'dan', SeededApplicant> = {} as never;
const ids: Record<string, number> = {};

/** A Pacific wall-clock time `offsetMinutes` from now, 'YYYY-MM-DD HH:mm' (the schedule's form), and its 'HH:mm'. */
function pacific(offsetMinutes: number): { at: string; time: string } {
  const at = pacificAt(offsetMinutes);
  return { at, time: at.slice(11) };
}

/** The phone the team leader holds at the venue door: 412 px wide. */
async function phone(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: portal.baseUrl, viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

type Row = {
  id: number;
  performance_record: { id: number | null; check_in: boolean; check_in_at: string | null; rating: number; notes: string };
};
const recordsOf = async (shift: string): Promise<Record<number, Row['performance_record']>> => {
  const detail = await ok(portal.api('GET', `/schedule/shift/${ids[shift]}`, undefined, grace.token), 'Reading the shift');
  return Object.fromEntries((detail.data.shift.studentVolunteers as Row[]).map((row) => [row.id, row.performance_record]));
};
const idOf = (who: SeededApplicant) => ids[who.firstName]!;

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  browser = await launchBrowser();
  grace = await seedApplicant(portal, 'Grace', 'Lead', { submit: false });
  for (const [key, first] of [
    ['ada', 'Ada'],
    ['ben', 'Ben'],
    ['cleo', 'Cleo'],
    ['dan', 'Dan'],
  ] as const) {
    volunteers[key] = await seedApplicant(portal, first, 'Volunteer');
    ids[first] = await confirmVolunteer(portal, volunteers[key].email);
  }
  const graceId = await grantTeamLeader(portal, grace.email);
  await conferenceWeek(portal, {
    firstShiftDay: pacificDay(-2),
    startDate: pacificDay(-1),
    endDate: pacificDay(3),
    defaultScheduleDay: pacificDay(-1),
  });
  const venueId = await venue(portal, 'Registration', { location: 'West Building, Level 1', teamLeaderIds: [graceId] });
  const shift = async (name: string, from: number, to: number, role: string, people: SeededApplicant[]) => {
    ids[name] = await newShift(portal, { venueId, from: pacific(from).at, to: pacific(to).at, role, svSlots: 3 });
    for (const who of people) await assignment(portal, ids[name], idOf(who), who.firstName);
  };
  // Under way for 20 minutes: Dan. Starting in three hours (check-in opens in two and a half): Ada, Ben and Cleo.
  await shift('underway', -20, 160, 'Badge pickup', [volunteers.dan]);
  await shift('evening', 180, 420, 'Evening desk', [volunteers.ada, volunteers.ben, volunteers.cleo]);
  await portal.setTimeline('schedulesOut');
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the week’s records tell the truth, on a 412 px phone', () => {
  it('refuses a corrected time later than now, saying so, and takes one that has happened', async () => {
    const { context, page, errors } = await phone();
    await signIn(page, grace);
    await page.goto(`/schedule/shift/${ids.underway}`);
    const dan = page.getByRole('row', { name: /Dan Volunteer/ });
    await dan.getByRole('button', { name: 'Correct times' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct times for Dan Volunteer' });
    await dialog.getByLabel(/^Check-in time/).fill(pacific(30).time);
    await dialog.getByRole('textbox', { name: /^Why are the times corrected\?/ }).fill('Signed the paper roster.');
    await dialog.getByRole('button', { name: 'Use these times' }).click();
    await dialog.getByText(/^The check-in time cannot be later than now \(\d{1,2}:\d{2} [AP]M Pacific\)\.$/).waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'tl-correction-later-than-now-412');

    // Ten minutes ago has happened: taken, and saved with the page.
    const earlier = pacific(-10);
    await dialog.getByLabel(/^Check-in time/).fill(earlier.time);
    await dialog.getByRole('button', { name: 'Use these times' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await dan.getByText(/\(corrected, not saved yet\)$/).waitFor();
    await page.getByRole('button', { name: 'Save and Return' }).click();
    await page.getByText('Performance records saved').waitFor();
    const stored = (await recordsOf('underway'))[idOf(volunteers.dan)]!;
    expect(stored.check_in).toBe(true);
    // The minute typed, in Pacific time.
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Los_Angeles', hour: '2-digit', minute: '2-digit' }).format(
        new Date(stored.check_in_at!),
      ),
    ).toBe(earlier.time);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("refuses an early check-in on its row while the other volunteers' ratings and notes are saved", async () => {
    const { context, page, errors } = await phone();
    await signIn(page, grace);
    await page.goto(`/schedule/shift/${ids.evening}`);
    await page.getByRole('checkbox', { name: 'Check In for Ada Volunteer' }).check();
    await page.getByRole('combobox', { name: 'Rating for Ada Volunteer' }).selectOption('4');
    await page.getByRole('combobox', { name: 'Rating for Ben Volunteer' }).selectOption('5');
    await page.getByRole('button', { name: 'Show Notes for Ben Volunteer' }).click();
    await page.getByRole('textbox', { name: 'Notes for Ben Volunteer' }).fill('Briefed the ushers.');
    await page.getByRole('combobox', { name: 'Rating for Cleo Volunteer' }).selectOption('3');
    await page.getByRole('button', { name: 'Show Notes for Cleo Volunteer' }).click();
    await page.getByRole('textbox', { name: 'Notes for Cleo Volunteer' }).fill('Needs a radio.');
    await page.getByRole('button', { name: 'Save and Return' }).click();

    const summary = page.getByTestId('partly-saved');
    await summary.getByText('2 of 3 records saved').waitFor();
    const early = /Check-in opens 30 minutes before the shift, at \d{1,2}:\d{2} [AP]M \(Pacific\)\./;
    expect(await summary.textContent()).toMatch(new RegExp(`Ada Volunteer: ${early.source}`));
    const ada = page.getByRole('row', { name: /Ada Volunteer/ });
    await ada.getByText(new RegExp(`^Not saved: ${early.source}$`)).waitFor();
    await page
      .getByRole('row', { name: /Ben Volunteer/ })
      .getByText('Saved', { exact: true })
      .waitFor();
    await page
      .getByRole('row', { name: /Cleo Volunteer/ })
      .getByText('Saved', { exact: true })
      .waitFor();
    // Ada's row keeps what was entered; the page stays.
    expect(await page.getByRole('checkbox', { name: 'Check In for Ada Volunteer' }).isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Rating for Ada Volunteer' }).inputValue()).toBe('4');
    expect(new URL(page.url()).pathname).toBe(`/schedule/shift/${ids.evening}`);
    // What the phone shows fits its width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    expect(await settledViolations(page)).toEqual([]);
    await summary.scrollIntoViewIfNeeded();
    await screenshot(page, 'tl-partly-saved-412');

    const stored = await recordsOf('evening');
    expect(stored[idOf(volunteers.ben)]).toMatchObject({ rating: 5, notes: 'Briefed the ushers.', check_in: false });
    expect(stored[idOf(volunteers.cleo)]).toMatchObject({ rating: 3, notes: 'Needs a radio.', check_in: false });
    expect(stored[idOf(volunteers.ada)]).toMatchObject({ id: null, check_in: false, rating: 0 });

    // Saved again before check-in opens: Ada is still refused, and nothing of Ben's or Cleo's is lost.
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/schedule/pr'));
    await page.getByRole('button', { name: 'Save and Return' }).click();
    expect((await (await answered).json()).data).toMatchObject({ saved: 2, refused: [{ code: 'TOO_EARLY_TO_CHECK_IN' }] });
    await summary.getByText('2 of 3 records saved').waitFor();
    expect(await recordsOf('evening')).toMatchObject({
      [idOf(volunteers.ben)]: { rating: 5, notes: 'Briefed the ushers.' },
      [idOf(volunteers.cleo)]: { rating: 3, notes: 'Needs a radio.' },
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
