import { esmTypeScriptJest } from '../jest.esm-preset.js';

/** Unit tests of the admin-ui, beside their code (`*.spec.ts`), node environment: they cover the pure modules (locale files, error mapping, auth flow, Eastern-time conversion). */
export default esmTypeScriptJest({
  tsconfig: '<rootDir>/tsconfig.json',
  rootDir: '.',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  testTimeout: 20000,
});
