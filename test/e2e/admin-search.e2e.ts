import type { Browser, Page } from 'playwright-core';
import { type SeededApplicant, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { ADMIN, type Portal, startPortal } from './support/portal.js';

let portal: Portal;
let browser: Browser;
const people: SeededApplicant[] = [];

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  await portal.setTimeline('open');
  for (const [first, last] of [
    ['Émile', 'Durand'],
    ['José', 'Ñúñez'],
    ['太郎', '山田'],
    ['Ada', 'McLovelace'],
    ['Milena', 'Kowalska'],
  ] as const) {
    people.push(await seedApplicant(portal, first, last));
  }
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Types the text in the list's search box and waits for the server's answer to that text. */
async function search(page: Page, placeholder: string, resource: 'applications' | 'users', text: string): Promise<void> {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === `/api/admin/${resource}` && JSON.parse(url.searchParams.get('filter') ?? '{}').q === text;
  });
  await page.getByPlaceholder(placeholder, { exact: true }).fill(text);
  await answered;
}

/** Waits until the list shows exactly these people (by the text of the row's first cell), in any order. */
async function expectListed(page: Page, firstNames: string[]): Promise<void> {
  const wanted = [...firstNames].sort();
  const deadline = Date.now() + 10_000;
  let shown: string[] = [];
  while (Date.now() < deadline) {
    shown = (await page.locator('tbody tr').allInnerTexts())
      .map((row) => row.trim().split(/\s+/)[0]!)
      .filter(Boolean)
      .sort();
    if (JSON.stringify(shown) === JSON.stringify(wanted)) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`Expected ${JSON.stringify(wanted)}, the list shows ${JSON.stringify(shown)}`);
}

// Exactly as stored, without accents, in another case, and a name in a script without case.
const SEARCHES: [string, string[]][] = [
  ['Émile', ['Émile']],
  ['emile', ['Émile']],
  ['Ñúñez', ['José']],
  ['NUNEZ', ['José']],
  ['山田', ['太郎']],
  ['太郎', ['太郎']],
  ['mclovelace', ['Ada']],
  ['ADA MCLOVELACE', ['Ada']],
  ['mile', ['Émile', 'Milena']],
];

describe('an administrator finds people by name in any script, case and accent', () => {
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ page, errors } = await newUserContext(browser, portal.baseUrl));
    await signInToAdmin(page, ADMIN);
    await page.getByTestId('count-started').waitFor();
  });

  afterEach(() => expect(errors).toEqual([]));

  it('in Applications', async () => {
    await page.goto('/admin/applications');
    await expectListed(page, ['Ada', 'José', 'Milena', '太郎', 'Émile']);
    for (const [text, found] of SEARCHES) {
      await search(page, 'Search', 'applications', text);
      await expectListed(page, found);
      if (text === 'Ñúñez') await screenshot(page, 'admin-search-applications');
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  // The users list shows the last name first.
  const lastNames = (firstNames: string[]) => firstNames.map((first) => people.find((p) => p.firstName === first)!.lastName);

  it('in Users', async () => {
    await page.goto('/admin/users');
    await page.getByPlaceholder('Email, first or last name').waitFor();
    for (const [text, found] of SEARCHES) {
      await search(page, 'Email, first or last name', 'users', text);
      await expectListed(page, lastNames(found));
      if (text === '山田') await screenshot(page, 'admin-search-users');
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('on a phone', async () => {
    const phone = await newUserContext(browser, portal.baseUrl, 'phone');
    await signInToAdmin(phone.page, ADMIN);
    await phone.page.getByTestId('count-started').waitFor();
    await phone.page.goto('/admin/applications');
    await search(phone.page, 'Search', 'applications', 'EMILE');
    await phone.page.getByText('Émile Durand').waitFor();
    await phone.page.getByText('José Ñúñez').waitFor({ state: 'detached' });
    await screenshot(phone.page, 'admin-search-applications-phone');
    expect(await seriousViolations(phone.page)).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
