import { esmTypeScriptJest } from '../jest.esm-preset.js';

/**
 * Server tests. Unit tests live beside their code (`*.spec.ts`); API tests that boot the whole app on a
 * real PostgreSQL (DATABASE_URL, or an embedded server started by global-setup) live in `test/`
 * (`*.api-spec.ts`), each on a database of its own.
 */
export default esmTypeScriptJest({
  tsconfig: '<rootDir>/server/tsconfig.json',
  rootDir: '..',
  roots: ['<rootDir>/server/src', '<rootDir>/server/test', '<rootDir>/migrations', '<rootDir>/contract'],
  testMatch: ['**/*.spec.ts', '**/*.api-spec.ts'],
  globalSetup: '<rootDir>/server/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/server/test/support/global-teardown.mjs',
  testTimeout: 30000,
});
