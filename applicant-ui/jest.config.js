/**
 * Jest in ESM mode (Node 20, see shared STACK-NOTES): ts-jest with useESM, `.js` suffixes stripped
 * from relative imports. Unit tests live beside their code (`*.spec.ts`), node environment.
 */
export default {
  rootDir: '.',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.json' }],
  },
  testEnvironment: 'node',
  testTimeout: 20000,
};
