/**
 * The one jest set-up every workspace shares: jest in ESM mode on Node 20 (see shared STACK-NOTES),
 * ts-jest with `useESM`, and `.js` suffixes stripped from relative imports so TypeScript's ESM
 * import paths resolve to the `.ts` sources. Run jest with `node --experimental-vm-modules`.
 * @param {{ tsconfig: string } & Record<string, unknown>} options the workspace's tsconfig path
 *   (`<rootDir>`-relative) and any other jest options, which override the defaults
 */
export function esmTypeScriptJest({ tsconfig, ...options }) {
  return {
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    // our TypeScript imports name `./x.js` for `./x.ts`; a real `.json.js` module (libphonenumber-js's metadata)
    // keeps its name, or jest would load the bare JSON without an import attribute
    moduleNameMapper: { '^(\\.{1,2}/.*)(?<!\\.json)\\.js$': '$1' },
    transform: { '^.+\\.tsx?$': ['ts-jest', { useESM: true, tsconfig }] },
    testEnvironment: 'node',
    ...options,
  };
}
