import { esmTypeScriptJest } from '../jest.esm-preset.js';

/**
 * End-to-end tests: the production build of the portal, started as `npm start` would start it, on a copy
 * of the run's migrated template database (or, for the quick start's own tests, its own embedded
 * PostgreSQL in a temporary folder), driven in Debian chromium through playwright-core.
 * Run by `npm test` after the build, or alone with `npm run test:e2e`.
 */
export default esmTypeScriptJest({
  tsconfig: '<rootDir>/tsconfig.json',
  rootDir: '.',
  testMatch: ['**/*.e2e-spec.ts'],
  testTimeout: 120000,
  // two workers (scripts/test.mjs): each file starts its own portal, embedded PostgreSQL and browser
  maxWorkers: 2,
  testSequencer: '<rootDir>/slow-first.sequencer.js',
  // one PostgreSQL server and one migrated template database for the run (each portal gets a copy)
  globalSetup: '<rootDir>/support/global-setup.mjs',
  globalTeardown: '<rootDir>/support/global-teardown.mjs',
});
