/**
 * The API called through a client generated from its OpenAPI document (npm run test:api-client): the real built server on a
 * fresh embedded database and a real SMTP sink, as the browser journeys start it.
 */
export default {
  displayName: 'api-client',
  rootDir: '.',
  testEnvironment: 'node',
  roots: ['<rootDir>'],
  testMatch: ['**/*.api-client.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^@svp/domain$': '<rootDir>/../../domain/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.json' }],
  },
  testTimeout: 120000,
};
