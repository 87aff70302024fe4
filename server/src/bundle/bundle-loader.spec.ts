import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleHash, CODE_CACHE_DIR, runBundle } from './bundle-loader.js';
import { codeCache } from './code-cache.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bundle-loader-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Writes a CommonJS bundle and its `app.bundle.json`, as bundle-server.ts does; returns its path. The
 * bundle exports what it was run with (CommonJS arguments) and the value of `body`, a function's text.
 */
async function writeBundle(body: string): Promise<string> {
  const file = join(dir, 'app.bundle.cjs');
  const source = `module.exports = { filename: __filename, dirname: __dirname, exportsIsModuleExports: exports === module.exports, path: require('node:path').sep, value: (${body})() };\n`;
  await writeFile(file, source);
  await writeFile(join(dir, 'app.bundle.json'), JSON.stringify({ sha256: bundleHash(source) }));
  return file;
}

/**
 * The same bundle under another folder. V8 keeps what a process compiled, by source and file name, and
 * would answer a second run of the same file from that without looking at the code cache at all: a run of
 * a copy is a real test of the cache (the cache's name comes from the bundle's hash, not its path).
 */
async function copyOf(file: string, name: string): Promise<string> {
  const folder = join(dir, name);
  await mkdir(folder);
  await copyFile(file, join(folder, 'app.bundle.cjs'));
  await copyFile(join(dir, 'app.bundle.json'), join(folder, 'app.bundle.json'));
  return join(folder, 'app.bundle.cjs');
}

/** Runs a bundle; returns what it exported. */
const run = (file: string, environment: NodeJS.ProcessEnv) => runBundle(file, environment) as Record<string, unknown>;
const env = () => ({ DATA_DIR: join(dir, 'data') });
const cacheFiles = () => readdir(join(dir, 'data', CODE_CACHE_DIR)).catch(() => []);

describe('runBundle (issue 12: the server bundle through V8 code cache)', () => {
  it('runs the bundle as a CommonJS module: __filename, __dirname, exports, require', async () => {
    const file = await writeBundle('() => 6 * 7');
    expect(run(file, env())).toEqual({ filename: file, dirname: dir, exportsIsModuleExports: true, path: '/', value: 42 });
  });

  it('first start: a miss, and save() writes the cache that the next start uses (a hit, the same result)', async () => {
    const file = await writeBundle('() => [1, 2, 3].map((n) => n * 2).join()');
    runBundle(file, env());
    expect(codeCache()?.state).toBe('miss');
    expect(await cacheFiles()).toEqual([]);
    expect(await codeCache()!.save()).toBeUndefined();
    const [cached] = await cacheFiles();
    // once a start: a second save() writes nothing
    await rm(join(dir, 'data', CODE_CACHE_DIR, cached));
    expect(await codeCache()!.save()).toBeUndefined();
    expect(await cacheFiles()).toEqual([]);
    const { sha256 } = JSON.parse(await readFile(join(dir, 'app.bundle.json'), 'utf8')) as { sha256: string };
    expect(cached).toBe(`server-${sha256.slice(0, 16)}-${process.versions.v8}-${process.arch}.bin`);
    run(await copyOf(file, 'second-start'), env());
    expect(codeCache()?.state).toBe('miss');
    await codeCache()!.save();

    const again = run(await copyOf(file, 'next-start'), env());
    expect(codeCache()?.state).toBe('hit');
    expect(again.value).toBe('2,4,6');
    // a hit writes nothing
    await rm(join(dir, 'data', CODE_CACHE_DIR, cached));
    await codeCache()!.save();
    expect(await cacheFiles()).toEqual([]);
  });

  it('a damaged cache is refused by V8 and written anew; the bundle still runs', async () => {
    const file = await writeBundle('() => "ok"');
    runBundle(file, env());
    await codeCache()!.save();
    const [cached] = await cacheFiles();
    await writeFile(join(dir, 'data', CODE_CACHE_DIR, cached), Buffer.alloc(4096, 7));
    const refused = run(await copyOf(file, 'damaged'), env());
    expect(codeCache()?.state).toBe('rejected');
    expect(refused.value).toBe('ok');
    await codeCache()!.save();
    expect((await readFile(join(dir, 'data', CODE_CACHE_DIR, cached))).equals(Buffer.alloc(4096, 7))).toBe(false);
    run(await copyOf(file, 'after'), env());
    expect(codeCache()?.state).toBe('hit');
  });

  it('a new build gets a cache of its own, and the old one is removed when it is saved', async () => {
    const first = await writeBundle('() => 1');
    runBundle(first, env());
    await codeCache()!.save();
    const [old] = await cacheFiles();
    const second = await writeBundle('() => 2');
    const next = run(second, env());
    expect(codeCache()?.state).toBe('miss');
    expect(next.value).toBe(2);
    await codeCache()!.save();
    const now = await cacheFiles();
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(old);
  });

  it('CODE_CACHE=false: nothing read, nothing written', async () => {
    const file = await writeBundle('() => "plain"');
    runBundle(file, env());
    await codeCache()!.save();
    const plain = run(file, { ...env(), CODE_CACHE: 'false' });
    expect(codeCache()?.state).toBe('off');
    expect(plain.value).toBe('plain');
    await rm(join(dir, 'data', CODE_CACHE_DIR), { recursive: true });
    await codeCache()!.save();
    expect(await cacheFiles()).toEqual([]);
  });

  it('a cache that cannot be written is reported, not thrown, and the state stays a miss', async () => {
    const file = await writeBundle('() => "ro"');
    await writeFile(join(dir, 'data'), 'a file where the data folder should be');
    runBundle(file, env());
    const failed = await codeCache()!.save();
    expect(failed).toBeInstanceOf(Error);
    expect(codeCache()?.state).toBe('miss');
  });
});
