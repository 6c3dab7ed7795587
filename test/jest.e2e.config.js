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
  // Two journeys at a time: each starts its own server on a data folder, port and mail sink of its own, so they
  // never meet, and a journey spends most of its time waiting on the browser and the server, which leaves a two-core
  // machine room for a second one (one at a time used under half of it). docs/contributing.md, 'How the test runners are set up'.
  maxWorkers: 2,
};
