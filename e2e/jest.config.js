import { esmTypeScriptJest } from '../jest.esm-preset.js';

/**
 * End-to-end tests: the production build of the portal, started as `npm start` would start it (embedded
 * PostgreSQL in a temporary folder), driven in Debian chromium through playwright-core.
 * Run by `npm test` after the build, or alone with `npm run test:e2e`.
 */
export default esmTypeScriptJest({
  tsconfig: '<rootDir>/tsconfig.json',
  rootDir: '.',
  testMatch: ['**/*.e2e-spec.ts'],
  testTimeout: 120000,
  maxWorkers: 1,
});
