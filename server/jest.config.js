/**
 * Jest in ESM mode (Node 20 + NestJS 12, see shared STACK-NOTES): ts-jest with useESM, `.js` suffixes
 * stripped from relative imports. Unit tests live beside their code (`*.spec.ts`); API tests that
 * boot the whole app on a real PostgreSQL live in `test/` (`*.api-spec.ts`).
 */
export default {
  rootDir: '..',
  roots: ['<rootDir>/server/src', '<rootDir>/server/test', '<rootDir>/migrations'],
  testMatch: ['**/*.spec.ts', '**/*.api-spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/server/tsconfig.json' }],
  },
  testEnvironment: 'node',
  globalSetup: '<rootDir>/server/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/server/test/support/global-teardown.mjs',
  testTimeout: 30000,
};
