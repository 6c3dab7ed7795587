import { vi } from 'vitest';

// Test-only: the endpoints the application form calls, as mocks. A test replaces the module with them:
//   vi.mock('…/api/endpoints', async () => (await import('…/features/application/wizardEndpoints')).wizardEndpoints());
// This file imports nothing that uses the endpoints, so the mock resolves without waiting on itself.

/** The form's calls, each a vi.fn(); the portal's records hold no earlier edition unless a test says otherwise. */
export function wizardEndpoints() {
  return {
    endpoints: {
      application: vi.fn(),
      saveApplication: vi.fn(),
      requestUpload: vi.fn(),
      removeProof: vi.fn(),
      volunteerHistory: vi.fn(async () => ({ portalYears: [] })),
    },
    putFile: vi.fn(),
  };
}
