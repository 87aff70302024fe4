// Lint rules for all three workspaces (TypeScript strict; `npm run lint`).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['server/**', 'scripts/**', 'e2e/**', '**/*.mjs', '**/jest.config.js', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
  { files: ['admin-ui/src/**', 'applicant-ui/src/**', 'contract/client/**'], languageOptions: { globals: globals.browser } },
  { files: ['scripts/**', '**/*.mjs', 'e2e/**', 'server/bench/**'], rules: { 'no-console': 'off' } },
);
