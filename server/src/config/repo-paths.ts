import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The monorepo's root folder: the first ancestor of this module that holds both `package.json` and
 * `applicant-ui/`. Works from sources (tests) and from `server/dist/…` (production build) alike.
 * @throws Error when run outside the repository layout
 */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'applicant-ui'))) return dir;
    const parent = resolve(dir, '..');
    if (parent === dir) throw new Error('Cannot find the repository root above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}
