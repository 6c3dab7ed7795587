// A reference's states, apart from the rules about references (index.ts): the wire shapes
// (contract/references.ts) name them, and the rules read those shapes, so both import this file.

export const REFERENCE_STATES = ['requested', 'received', 'declined', 'not-reachable', 'withdrawn'] as const;
export type ReferenceState = (typeof REFERENCE_STATES)[number];
