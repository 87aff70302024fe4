// First: Nest's decorators read and write metadata through it as the bundle's chunks are evaluated.
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TRACING_SHUTDOWN } from './common/tracing/tracing-shutdown.js';

/**
 * The portal's entry point (`node [--import …/tracing-preload.js] dist/server/src/main.js [--production]`):
 * runs {@link ./app.bootstrap.ts} (configuration, database, migrations, the API and the front ends).
 *
 * Issue 12 "lazy start-up": `npm run build -w server` also writes `app.bundle.js` next to this file, the
 * compiled module graph as one ES module (scripts/bundle-server.ts), which loads in a fraction of the time
 * of its ~3,000 files. It is run when present, unless OpenTelemetry tracing was started by the preload:
 * the instrumentations hook `express`, `pg` and `http` as they are loaded from `node_modules`, so traced
 * processes load the separate files. A plain `tsc` build (as tests compile) has no bundle and runs the files.
 */
const bundle = fileURLToPath(new URL('./app.bundle.js', import.meta.url));
const traced = typeof (globalThis as Record<symbol, unknown>)[TRACING_SHUTDOWN] === 'function';
const entry = existsSync(bundle) && !traced ? './app.bundle.js' : './app.bootstrap.js';
await import(entry);
