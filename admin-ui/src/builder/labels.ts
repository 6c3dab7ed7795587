import { formatShiftDay } from '@svp/domain';
import type { BuildScope, BuildStatus } from './types';

export const BUILD_STATUS: Record<BuildStatus, { label: string; color: 'default' | 'info' | 'success' | 'warning' | 'error' }> = {
  running: { label: 'Building', color: 'info' },
  preview: { label: 'Preview', color: 'warning' },
  applied: { label: 'Applied', color: 'success' },
  undone: { label: 'Undone', color: 'default' },
  failed: { label: 'Failed', color: 'error' },
  discarded: { label: 'Discarded', color: 'default' },
};

export const KEEP_LABELS: Record<BuildScope['keep'], string> = {
  pinned: 'Only pinned assignments',
  all: 'All current assignments',
};

/** 'Sat Aug 8th, Sun Aug 9th · Room 1 · keeps all current assignments · seed 42' */
export function scopeText(scope: BuildScope, venueName: (id: number) => string | undefined): string {
  const days = scope.days?.length ? scope.days.map(formatShiftDay).join(', ') : 'All days';
  const venues = scope.venueIds?.length ? scope.venueIds.map((id) => venueName(id) ?? `Venue ${id}`).join(', ') : 'all venues';
  const keeps = scope.keep === 'all' ? 'keeps all current assignments' : 'keeps pinned assignments only';
  return `${days} · ${venues} · ${keeps} · seed ${scope.seed}`;
}

/** The seeds offered: whole numbers a person can read back and type again. */
export const MAX_SEED = 999_999;

export const newSeed = () => 1 + Math.floor(Math.random() * MAX_SEED);
