import { esmTypeScriptJest } from '../jest.esm-preset.js';

/**
 * Unit tests of the admin-ui, beside their code (`*.spec.ts`), node environment: they cover the pure modules (locale
 * files, error mapping, auth flow, Eastern-time conversion); component tests (`*.spec.tsx`) ask for the jsdom
 * environment of `src/test/jsdom-environment.js` in their docblock.
 */
export default esmTypeScriptJest({
  tsconfig: '<rootDir>/tsconfig.json',
  rootDir: '.',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
  testTimeout: 20000,
});
