/**
 * One internal lifecycle for an application's processing status, and two wire catalogues that
 * name its states with numeric ids (docs/decisions.md).
 */
export const STATUS_STATES = ['pending', 'offered', 'waitlisted', 'rejected', 'confirmed', 'declined'] as const;
export type StatusState = (typeof STATUS_STATES)[number];

export const STATUS_TAGS = ['TL', 'SV', 'Housing', 'Travel'] as const;
export type StatusTag = (typeof STATUS_TAGS)[number];

export const TRANSITIONS: Readonly<Record<StatusState, readonly StatusState[]>> = {
  pending: ['offered', 'waitlisted', 'rejected'],
  waitlisted: ['offered', 'rejected'],
  offered: ['confirmed', 'declined'],
  confirmed: ['declined'],
  rejected: [],
  declined: [],
};

export function canTransition(from: StatusState, to: StatusState): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isStatusState(value: unknown): value is StatusState {
  return typeof value === 'string' && (STATUS_STATES as readonly string[]).includes(value);
}

export type CatalogueName = 'A' | 'B';
export const CATALOGUE_NAMES: readonly CatalogueName[] = ['A', 'B'];

export interface CatalogueEntry {
  /** Wire id; `null` is the id of a pending application in both catalogues. */
  readonly id: number | null;
  readonly label: string;
  readonly state: StatusState;
  readonly tag: StatusTag | null;
}

export const STATUS_CATALOGUES: Readonly<Record<CatalogueName, readonly CatalogueEntry[]>> = {
  // Reading A (dashboard and admin flow), with Waitlisted added as 5.
  A: [
    { id: null, label: 'Pending', state: 'pending', tag: null },
    { id: 1, label: 'Accepted', state: 'offered', tag: null },
    { id: 2, label: 'Confirmed', state: 'confirmed', tag: null },
    { id: 3, label: 'Rejected', state: 'rejected', tag: null },
    { id: 4, label: 'Declined', state: 'declined', tag: null },
    { id: 5, label: 'Waitlisted', state: 'waitlisted', tag: null },
  ],
  // Reading B (profile list): the accepted categories are confirmed places, told apart by a tag.
  B: [
    { id: null, label: 'Submitted', state: 'pending', tag: null },
    { id: 1, label: 'Offered', state: 'offered', tag: null },
    { id: 2, label: 'Waitlist', state: 'waitlisted', tag: null },
    { id: 3, label: 'Rejected', state: 'rejected', tag: null },
    { id: 4, label: 'Team Leader', state: 'confirmed', tag: 'TL' },
    { id: 5, label: 'Student Volunteer', state: 'confirmed', tag: 'SV' },
    { id: 6, label: 'SV - Housing', state: 'confirmed', tag: 'Housing' },
    { id: 7, label: 'SV - Travel', state: 'confirmed', tag: 'Travel' },
    { id: 8, label: 'Declined', state: 'declined', tag: null },
  ],
};

/** The catalogue entry for an id as it arrives on the wire; 0 and null both mean pending. */
export function entryForWireId(catalogue: CatalogueName, id: number | null | undefined): CatalogueEntry | null {
  const wanted = id === 0 || id === undefined ? null : id;
  return STATUS_CATALOGUES[catalogue].find((entry) => entry.id === wanted) ?? null;
}

/** The entry of a stored state and tag: the one with that tag, else the untagged one, else the SV one. */
export function entryForState(catalogue: CatalogueName, state: StatusState, tag: StatusTag | null = null): CatalogueEntry {
  const entries = STATUS_CATALOGUES[catalogue].filter((entry) => entry.state === state);
  const entry =
    entries.find((e) => e.tag === tag) ?? entries.find((e) => e.tag === null) ?? entries.find((e) => e.tag === 'SV') ?? entries[0];
  if (!entry) throw new Error(`Catalogue ${catalogue} has no entry for state ${state}`);
  return entry;
}

export function wireStatusId(catalogue: CatalogueName, state: StatusState, tag: StatusTag | null = null): number | null {
  return entryForState(catalogue, state, tag).id;
}

export function statusLabel(catalogue: CatalogueName, state: StatusState, tag: StatusTag | null = null): string {
  return entryForState(catalogue, state, tag).label;
}

/**
 * The entries an administrator may pick for an application now in `state`/`tag`: the lifecycle's
 * next states, plus (catalogue B) the other tags of the same state, which change no state.
 */
export function allowedTargets(catalogue: CatalogueName, state: StatusState, tag: StatusTag | null = null): CatalogueEntry[] {
  return STATUS_CATALOGUES[catalogue].filter(
    (entry) => canTransition(state, entry.state) || (entry.state === state && entry.tag !== tag && entry.tag !== null),
  );
}

/** What the tag of a confirmed place becomes when the applicant confirms an offer themselves. */
export function confirmationTag(offerTag: StatusTag | null, isTeamLeader: boolean): StatusTag {
  return offerTag ?? (isTeamLeader ? 'TL' : 'SV');
}
