/**
 * Browser journeys: the real built server on a fresh embedded database (or TEST_E2E_DATABASE_URL),
 * a real SMTP sink, and Debian's Chromium driven by playwright-core.
 */
export default {
  displayName: 'e2e (chromium)',
  rootDir: '.',
  testEnvironment: 'node',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^@svp/domain$': '<rootDir>/../domain/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.json' }],
  },
  testTimeout: 120000,
  // One browser journey at a time: each starts its own server, and the machine has two cores.
  maxWorkers: 1,
};
