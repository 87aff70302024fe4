// First: Nest's decorators read and write metadata through it as the bundle's modules are evaluated.
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runBundle } from './bundle/bundle-loader.js';
import { TRACING_SHUTDOWN } from './common/tracing/tracing-shutdown.js';

/**
 * The portal's entry point (`node [--import …/tracing-preload.js] dist/server/src/main.js [--production]`):
 * runs {@link ./app.bootstrap.ts} (configuration, database, migrations, the API and the front ends).
 *
 * Issue 12 "lazy start-up": `npm run build -w server` also writes `app.bundle.cjs` next to this file, the
 * compiled module graph as one CommonJS script (scripts/bundle-server.ts), which loads in a fraction of the
 * time of its ~3,000 files and, run by {@link runBundle}, skips compiling on every start after the first
 * (V8's code cache, kept in DATA_DIR/code-cache). It is run when present, unless OpenTelemetry tracing was
 * started by the preload: the instrumentations hook `express`, `pg` and `http` as they are loaded from
 * `node_modules`, so traced processes load the separate files. A plain `tsc` build (as tests compile) has no
 * bundle and runs the files.
 */
const bundle = fileURLToPath(new URL('./app.bundle.cjs', import.meta.url));
const traced = typeof (globalThis as Record<symbol, unknown>)[TRACING_SHUTDOWN] === 'function';
if (existsSync(bundle) && !traced) runBundle(bundle);
else await import('./app.bootstrap.js');
