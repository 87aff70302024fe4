/**
 * End-to-end tests: the production build of the portal, started as `npm start` would start it (embedded
 * PostgreSQL in a temporary folder), driven in Debian chromium through playwright-core.
 * Run by `npm test` after the build, or alone with `npm run test:e2e`.
 */
export default {
  rootDir: '.',
  testMatch: ['**/*.e2e-spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.json' }] },
  testEnvironment: 'node',
  testTimeout: 120000,
  maxWorkers: 1,
};
