import type { RequirementKey } from '@svp/domain';
import { LAST_STEP, STEP_FIELDS, WIZARD_STEPS } from './applicationForm';

// The older per-step pages (docs/decisions.md, 'The older per-step application pages'): the wizard's tabs asked five pages at a time, at
// /application/1 … /application/submit (route names stepOne to stepFive).
//
// One stored step serves both flows: the application keeps the wizard's tab (0 to 7, what the server
// accepts). A page's step, 0 to 4, is the page holding the stored tab, and a move to a page saves that
// page's first tab, so the wizard reopens where the per-step pages left off and the other way round.

export interface PerStepPage {
  /** The path under /application. */
  path: string;
  /** The wizard tabs asked on this page, in order; the first is the step a move here saves. */
  tabs: readonly number[];
  /** The page also asks 'Additional Comments' (a field of the last tab). */
  additionalComments?: boolean;
  /** The page Previous Step leads to; none on the first two pages. */
  previous?: number;
}

/** stepOne to stepFive, in order. */
export const PER_STEP_PAGES: readonly PerStepPage[] = [
  { path: '1', tabs: [1, 2, 3] },
  { path: '2', tabs: [4] },
  { path: '3', tabs: [5], additionalComments: true, previous: 1 },
  { path: '4', tabs: [6], previous: 2 },
  // Step five goes back to the start, not to step four.
  { path: 'submit', tabs: [LAST_STEP], previous: 0 },
];
export const SUBMIT_PAGE = PER_STEP_PAGES.length - 1;

/** Section titles on these pages: the wizard's tab names, two of them as the older pages word them. */
export const PER_STEP_SECTION_TITLES: readonly string[] = WIZARD_STEPS.map((label, tab) =>
  tab === 4 ? 'Student Volunteer Questions' : tab === 5 ? 'Become a Team Leader' : label,
);

export function perStepPath(page: number): string {
  return `/application/${PER_STEP_PAGES[page]!.path}`;
}

/** The page at /application/{path}, or -1. */
export function pageAt(path: string | undefined): number {
  return PER_STEP_PAGES.findIndex((page) => page.path === path);
}

/** One of these pages' addresses (moving between them keeps the same form open). */
export function isPerStepPath(pathname: string): boolean {
  const [, root, page, ...rest] = pathname.split('/');
  return root === 'application' && rest.length === 0 && pageAt(page) >= 0;
}

/** The page holding a stored wizard tab (the welcome tab opens the first page). */
export function pageOfStep(step: number): number {
  const page = PER_STEP_PAGES.findIndex(({ tabs }) => tabs.includes(step));
  return page < 0 ? 0 : page;
}

/** The step a move to this page saves. */
export function stepOfPage(page: number): number {
  return PER_STEP_PAGES[page]!.tabs[0]!;
}

/** The answers a page asks, for its format checks before a move. */
export function pageFields(page: number): RequirementKey[] {
  const { tabs, additionalComments } = PER_STEP_PAGES[page]!;
  return [...tabs.flatMap((tab) => STEP_FIELDS[tab]!), ...(additionalComments ? (['otherComments'] as const) : [])];
}
