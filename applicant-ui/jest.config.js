import { esmTypeScriptJest } from '../jest.esm-preset.js';

/** Unit tests of the applicant-ui, beside their code (`*.spec.ts`), node environment: locale files, schemas, time conversion and the other pure modules. */
export default esmTypeScriptJest({
  tsconfig: '<rootDir>/tsconfig.json',
  rootDir: '.',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
  testTimeout: 20000,
});
