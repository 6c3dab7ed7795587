/**
 * Backend suites in jest's ESM mode (TOOLCHAIN.md). API suites run on SQLite by default and on
 * MySQL/MariaDB when TEST_DATABASE_URL is set (a fresh database per run, see src/testing/).
 */
export default {
  displayName: process.env.TEST_DATABASE_URL ? 'backend (mariadb)' : 'backend (sqlite)',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^@svp/domain$': '<rootDir>/../domain/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  globalSetup: '<rootDir>/jest/global-setup.mjs',
  globalTeardown: '<rootDir>/jest/global-teardown.mjs',
  testTimeout: 30000,
};
