/**
 * Backend suites in jest's ESM mode (docs/contributing.md). API suites run on SQLite by default and on
 * MySQL/MariaDB when TEST_DATABASE_URL is set (a fresh database per run, see src/testing/).
 */
export default {
  displayName: process.env.TEST_DATABASE_URL ? 'backend (mariadb)' : 'backend (sqlite)',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/../test/security', '<rootDir>/../test/deployment'],
  testMatch: ['**/*.spec.ts'],
  // *.mysql.spec.ts suites need a MySQL/MariaDB server (row locks, two processes on one database,
  // the connection pool): they run with TEST_DATABASE_URL and are left out of the SQLite run.
  testPathIgnorePatterns: process.env.TEST_DATABASE_URL ? ['/node_modules/'] : ['/node_modules/', '\\.mysql\\.spec\\.ts$'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^@svp/domain$': '<rootDir>/../domain/src/index.ts',
    '^@svp/domain/contract$': '<rootDir>/../domain/src/contract/schemas.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  setupFilesAfterEnv: ['<rootDir>/src/testing/after-each-test.ts'],
  globalSetup: '<rootDir>/jest/global-setup.mjs',
  globalTeardown: '<rootDir>/jest/global-teardown.mjs',
  testTimeout: 30000,
  // Jest's ESM mode keeps every suite's modules in the process that ran it: one process running all the
  // suites passed 4 GB of heap and was killed. A worker that holds more than this after a suite is
  // replaced by a fresh one (and with a limit set, jest runs the suites in a worker even on two cores).
  workerIdleMemoryLimit: '1GB',
  // A worker per core (jest's default leaves one idle): each suite has a database of its own, and most of a suite's
  // time is spent loading its modules, which is CPU work.
  maxWorkers: '100%',
};
