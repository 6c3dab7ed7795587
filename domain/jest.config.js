/** Jest in ESM mode (docs/contributing.md): ts-jest transpiles, node runs the modules natively. */
export default {
  displayName: 'domain',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  // A worker per core (jest's default leaves one idle).
  maxWorkers: '100%',
};
