import type { BuildRequest, BuildScope } from './types';

/** The scope form as typed: every day ticked means all days, no venue chosen means all venues. */
export interface ScopeDraft {
  days: string[];
  venueIds: number[];
  keep: BuildScope['keep'];
  seed: string;
}

/** The largest seed the form takes (a 32-bit whole number, what the builder's random numbers start from). */
export const SEED_LIMIT = 2_147_483_647;

export function seedError(seed: string): string | null {
  const text = seed.trim();
  if (text === '') return 'Give a seed, or press New seed.';
  if (!/^\d+$/.test(text) || Number(text) > SEED_LIMIT) return `A seed is a whole number from 0 to ${SEED_LIMIT}.`;
  return null;
}

export function scopeErrors(draft: ScopeDraft): { days?: string; seed?: string } {
  const errors: { days?: string; seed?: string } = {};
  if (draft.days.length === 0) errors.days = 'Choose at least one day.';
  const seed = seedError(draft.seed);
  if (seed) errors.seed = seed;
  return errors;
}

/** What POST /api/admin/schedule-builds is sent: days and venues only when fewer than all are chosen. */
export function buildRequest(draft: ScopeDraft, allDays: readonly string[]): BuildRequest {
  const everyDay = allDays.length > 0 && allDays.every((day) => draft.days.includes(day));
  return {
    ...(everyDay ? {} : { days: [...draft.days].sort() }),
    ...(draft.venueIds.length ? { venueIds: [...draft.venueIds].sort((a, b) => a - b) } : {}),
    keep: draft.keep,
    seed: Number(draft.seed.trim()),
  };
}

/** A build's scope back in the form, to build it again or change it. */
export function draftOf(scope: BuildScope, allDays: readonly string[]): ScopeDraft {
  return {
    days: scope.days?.length ? [...scope.days] : [...allDays],
    venueIds: scope.venueIds ?? [],
    keep: scope.keep,
    seed: String(scope.seed),
  };
}
