import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

/** The Node versions the portal runs on: the quick start's (20.19+) and production's (Node 24 LTS). */
const RUNTIMES = ['20.19.0', '24.11.0'];

/**
 * Production dependencies allowed to declare an engine outside {@link RUNTIMES}, each with the reason —
 * an allow-list, so a new one fails here until someone weighs it.
 */
const KNOWN_EXCEPTIONS: Record<string, string> = {
  // 5.x declares Node >= 22.12 (its exports map); 4.x does not support Nest 12. It runs on Node 20 (CI lane 1).
  'node_modules/nestjs-pino': 'Node >= 22.12 declared; runs on 20 in CI lane 1',
};

interface LockedPackage {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  engines?: { node?: string } | string[];
}

/**
 * Issue 26 item 10: every production dependency in package-lock.json (not dev-only; platform packages for
 * other systems skipped) declares a Node engine that both runtimes satisfy, but for the named exceptions.
 */
describe('production dependencies run on both Node runtimes', () => {
  it('finds no engine that refuses Node 20.19 or Node 24, beyond the known exceptions', () => {
    const lock = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockedPackage>;
    };
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path || entry.dev || entry.devOptional) continue;
      if (entry.os && !entry.os.includes('linux')) continue;
      if (entry.cpu && !entry.cpu.includes('x64')) continue;
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!range) continue;
      for (const runtime of RUNTIMES)
        if (!semver.satisfies(runtime, range) && !KNOWN_EXCEPTIONS[path])
          refused.push(`${path}@${entry.version}: ${range} refuses ${runtime}`);
    }
    expect(refused).toEqual([]);
    // the exceptions are still needed (a fixed one leaves the list)
    for (const path of Object.keys(KNOWN_EXCEPTIONS)) {
      const range = (lock.packages[path]?.engines as { node?: string } | undefined)?.node;
      expect([path, RUNTIMES.some((runtime) => !semver.satisfies(runtime, range ?? '*'))]).toEqual([path, true]);
    }
  });
});
