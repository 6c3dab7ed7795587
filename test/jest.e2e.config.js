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
  // Four journeys at a time: each starts its own server on a data folder, port and mail sink of its own, so they never
  // meet, and a journey spends most of its time waiting on the browser and the server, which left a two-core machine
  // idle much of the time with two (630 s against 1,086 s for all of them, same load). docs/contributing.md, 'How the
  // test runners are set up'.
  maxWorkers: 4,
};
