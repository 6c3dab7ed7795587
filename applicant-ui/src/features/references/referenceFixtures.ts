import type { ReferenceAnswer } from '@svp/domain';
import type { RefereeForm, UserReference, UserReferences } from '../../api/types';

// Test data shared by the reference tests (not loaded by the app).

/** When the referee opens the link: the references' closing date has not passed yet. */
export const NOW = Date.parse('2026-04-01T12:00:00Z');
export const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXhx';
export const CLOSES_AT = '2026-04-10T17:00:00.000Z';

export const storedAnswer = (): ReferenceAnswer => ({
  relationship: 'supervisor',
  knownFor: '1-2-years',
  ratings: { reliability: 5, teamwork: 4, communication: null, initiative: 3 },
  statement: 'A careful and kind worker who finishes what she starts.',
});

/** GET /referee/{token}: a reference not answered yet, unless `overrides` say otherwise. */
export function refereeForm(overrides: Partial<RefereeForm> = {}): RefereeForm {
  return {
    applicant: { firstName: 'Ana', lastName: 'Lopez' },
    programme: 'SIGGRAPH 2026 Student Volunteer Program',
    referee: { firstName: 'Grace', lastName: 'Hopper' },
    referenceType: 'supervisor',
    closesAt: CLOSES_AT,
    state: 'requested',
    answer: null,
    answeredAt: null,
    ...overrides,
  };
}

export function userReference(overrides: Partial<UserReference> = {}): UserReference {
  return {
    slot: 1,
    referenceType: 'professor',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.edu',
    state: 'requested',
    stateLabel: 'Requested',
    requestedAt: '2026-03-01T17:00:00.000Z',
    answeredAt: null,
    canReplace: false,
    ...overrides,
  };
}

export function userReferences(references: UserReference[], overrides: Partial<UserReferences> = {}): UserReferences {
  return { closesAt: CLOSES_AT, requestsFrom: '2026-03-01T17:00:00.000Z', references, ...overrides };
}
