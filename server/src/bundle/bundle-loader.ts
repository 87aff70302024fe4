import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import vm from 'node:vm';
import { DEFAULT_DATA_DIR } from '../config/data-dir.js';
import { CODE_CACHE, type CodeCacheHandle } from './code-cache.js';

/** Folder under DATA_DIR that holds the server's V8 code cache (one file a build, Node version and architecture). */
export const CODE_CACHE_DIR = 'code-cache';

/**
 * Runs the CommonJS server bundle (`app.bundle.cjs`, written by `scripts/bundle-server.ts`) through V8's
 * code cache — issue 12, start-up to ready ≤ 1.5 s. Compiling the ~13 MB bundle and the functions start-up
 * calls was a third of the time to ready; with the code V8 compiled on an earlier start, it is skipped.
 * Node 20 has no compile cache of its own (`module.enableCompileCache` came in Node 22) and none for ES
 * modules, hence a CommonJS bundle run with `vm.Script`'s `cachedData`. (`v8-compile-cache` does this for
 * each CommonJS file and meets the same limit: code run from the cache cannot `import()` on Node 20 — so
 * the bundle `require`s the packages it leaves out.)
 *
 * The cache lives in `DATA_DIR/code-cache/` (the portal's own folder: code read from a folder others can
 * write would be code they run) as `server-<build sha-256>-<V8 version>-<arch>.bin`: a new build, Node
 * or machine type never meets an old cache, and V8 itself refuses one made with other flags. Without a
 * usable cache the bundle is compiled as usual and the bootstrap calls `save()` once it is ready
 * (temporary file then rename, so replicas starting together never read half a file; older caches are
 * removed). `CODE_CACHE=false` (or 0, no) turns it off. The handle is left under {@link CODE_CACHE}.
 *
 * @param bundle absolute path of `app.bundle.cjs`; its sha-256 is read from `app.bundle.json` beside it
 * @param env the process environment (DATA_DIR, CODE_CACHE)
 * @returns the bundle's `module.exports` (the server's bundle exports nothing: it starts itself)
 * @throws whatever the bundle throws while it is evaluated (a corrupt cache is not an error: V8 refuses it)
 */
export function runBundle(bundle: string, env: NodeJS.ProcessEnv = process.env): unknown {
  const source = readFileSync(bundle, 'utf8');
  const { sha256 } = JSON.parse(readFileSync(bundle.replace(/\.cjs$/, '.json'), 'utf8')) as { sha256: string };
  // CODE_CACHE is a flag of the configuration (app-config.ts): false, 0 or no turn it off
  const enabled = !['false', '0', 'no'].includes(env.CODE_CACHE ?? '');
  const dir = resolve(env.DATA_DIR || DEFAULT_DATA_DIR, CODE_CACHE_DIR);
  const file = join(dir, `server-${sha256.slice(0, 16)}-${process.versions.v8}-${process.arch}.bin`);
  let cachedData: Buffer | undefined;
  if (enabled) {
    try {
      cachedData = readFileSync(file);
    } catch {
      // no cache for this build yet
    }
  }
  // no importModuleDynamically: Node 20 loses it for code from the cache, so the bundle has no import() left
  const script = new vm.Script(Module.wrap(source), { filename: bundle, cachedData });
  let saved = false;
  const handle: CodeCacheHandle = {
    state: !enabled ? 'off' : !cachedData ? 'miss' : script.cachedDataRejected ? 'rejected' : 'hit',
    async save() {
      if (saved || (handle.state !== 'miss' && handle.state !== 'rejected')) return undefined;
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        const temporary = `${file}.${process.pid}.tmp`;
        await writeFile(temporary, script.createCachedData(), { mode: 0o600 });
        await rename(temporary, file);
        for (const old of await readdir(dir)) {
          if (old !== basename(file) && /^server-.*\.bin$/.test(old)) await rm(join(dir, old), { force: true });
        }
        saved = true;
        return undefined;
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    },
  };
  (globalThis as Record<symbol, CodeCacheHandle>)[CODE_CACHE] = handle;
  const module = new Module(bundle);
  module.filename = bundle;
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return module.exports;
}

/** The sha-256 (hex) of a bundle's text, as `app.bundle.json` records it. */
export function bundleHash(source: string | Buffer): string {
  return createHash('sha256').update(source).digest('hex');
}
