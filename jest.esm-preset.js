/**
 * The one jest set-up every workspace shares: jest in ESM mode on Node 20 (see shared STACK-NOTES),
 * TypeScript transformed by `@swc/jest` (no type checking here: `npm test` type-checks all four projects
 * once with `tsc --noEmit`, see scripts/typecheck.mjs), and `.js` suffixes stripped from relative imports
 * so TypeScript's ESM import paths resolve to the `.ts` sources. Run jest with
 * `node --experimental-vm-modules`.
 *
 * swc mirrors what tsc emits for the server (legacy decorators with `design:*` metadata, which Nest's
 * dependency injection and class-validator read; `useDefineForClassFields: false`) and React's automatic
 * JSX runtime for the front ends.
 * @param {{ tsconfig: string } & Record<string, unknown>} options the workspace's tsconfig path
 *   (`<rootDir>`-relative; kept for the type check and editors, swc reads none) and any other jest
 *   options, which override the defaults
 */
export function esmTypeScriptJest({ tsconfig: _tsconfig, ...options }) {
  /** @type {import('@swc/core').Options} */
  const swc = {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      target: 'es2022',
      keepClassNames: true,
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        react: { runtime: 'automatic' },
      },
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  };
  return {
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    // our TypeScript imports name `./x.js` for `./x.ts`; a real `.json.js` module (libphonenumber-js's metadata)
    // keeps its name, or jest would load the bare JSON without an import attribute
    moduleNameMapper: { '^(\\.{1,2}/.*)(?<!\\.json)\\.js$': '$1' },
    transform: { '^.+\\.tsx?$': ['@swc/jest', swc] },
    testEnvironment: 'node',
    ...options,
  };
}
