import type { PersonFit } from '../contract/builder.js';
import { searchKey } from '../search.js';
import { RULE_NAMES, type RuleName } from './rules.js';

/** Each rule in a few words, for filters and chips ("Pre-conference wish"). */
export const RULE_LABELS: Record<RuleName, string> = {
  capacity: 'No free place',
  preconference: 'Pre-conference wish',
  'team-leader': 'Needs a team leader',
  'team-leader-venue': "Team leader's venues",
  experience: 'Needs experience',
  unavailable: 'Not available',
  overlap: 'Another shift then',
  'daily-maximum': 'Most hours a day',
  rest: 'Rest between shifts',
};

export type PeopleStatus = 'all' | 'fits' | 'blocked' | 'on';
export type PeopleSort = 'fit' | 'name' | 'hours';

/** The choices of a "why not" list's filters, in words, for both apps. */
export const PEOPLE_STATUS_LABELS: Record<PeopleStatus, string> = {
  all: 'Everyone',
  fits: 'Fit now',
  on: 'On this shift',
  blocked: 'Kept off by a rule',
};
export const PEOPLE_SORT_LABELS: Record<PeopleSort, string> = { fit: 'Best fit first', name: 'Name', hours: 'Fewest hours first' };

export interface PeopleView {
  /** Words of a name or SV ID. */
  q?: string;
  status?: PeopleStatus;
  /** Only those kept off by this rule. */
  rule?: RuleName | null;
  sort?: PeopleSort;
}

/** On the shift first, then who fits (preferred venue, then furthest below their hours), then who does not, by rule order. */
const standing = (p: PersonFit) => (p.onShift ? 0 : p.fits ? 1 : 2);

/**
 * A shift's people as a "why not" list shows them: filtered by words of a name or SV ID, by whether
 * they fit, and by the rule that keeps them off; sorted by fit (the default), name or hours.
 */
export function arrangePeople(people: readonly PersonFit[], view: PeopleView = {}): PersonFit[] {
  const words = view.q ? searchKey(view.q) : '';
  const status = view.status ?? 'all';
  const shown = people.filter(
    (p) =>
      (!words || searchKey(`${p.name} ${p.svid}`).includes(words)) &&
      (status === 'all' ||
        (status === 'on' && p.onShift) ||
        (status === 'fits' && p.fits) ||
        (status === 'blocked' && !p.onShift && !p.fits)) &&
      (!view.rule || p.rule === view.rule),
  );
  const byName = (a: PersonFit, b: PersonFit) => a.name.localeCompare(b.name) || a.volunteerId - b.volunteerId;
  const short = (p: PersonFit) => p.hours - p.expected;
  const compare: Record<PeopleSort, (a: PersonFit, b: PersonFit) => number> = {
    name: byName,
    hours: (a, b) => short(a) - short(b) || byName(a, b),
    fit: (a, b) =>
      standing(a) - standing(b) ||
      Number(b.prefersVenue) - Number(a.prefersVenue) ||
      (a.fits ? short(a) - short(b) : 0) ||
      (a.rule && b.rule ? RULE_NAMES.indexOf(a.rule) - RULE_NAMES.indexOf(b.rule) : 0) ||
      byName(a, b),
  };
  return shown.sort(compare[view.sort ?? 'fit']);
}

/** How many of a shift's people are on it, fit, or are kept off by each rule ("Fits: 4 · Pre-conference wish: 412"). */
export function peopleCounts(people: readonly PersonFit[]): { on: number; fits: number; byRule: [RuleName, number][] } {
  const byRule = new Map<RuleName, number>();
  for (const p of people) if (p.rule) byRule.set(p.rule, (byRule.get(p.rule) ?? 0) + 1);
  return {
    on: people.filter((p) => p.onShift).length,
    fits: people.filter((p) => p.fits).length,
    byRule: RULE_NAMES.filter((rule) => byRule.has(rule)).map((rule) => [rule, byRule.get(rule)!]),
  };
}
