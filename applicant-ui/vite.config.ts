/**
 * Vite build of the applicant app: served by the API at `/` (history fallback done by the server).
 * In development `/api` is proxied to the API on http://localhost:3000.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/** The early script's entry name (`src/boot/early.ts`). */
const EARLY_ENTRY = 'early';

/**
 * Adds the early entry to the built index.html as an `async` module script of its own, with its chunks
 * preloaded: vite would merge a second module script of index.html into the main entry, and the early
 * script must not wait for the app's bundle (issue 28).
 */
function earlyEntryScript(): Plugin {
  return {
    name: 'applicant-early-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const entry = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === EARLY_ENTRY);
        if (!entry || entry.type !== 'chunk') return [];
        const tags: HtmlTagDescriptor[] = [
          { tag: 'script', attrs: { type: 'module', crossorigin: true, async: true, src: `/${entry.fileName}` }, injectTo: 'head-prepend' },
        ];
        for (const file of entry.imports) {
          tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head-prepend' });
        }
        return tags;
      },
    },
  };
}

/**
 * Chunk groups (issue 28 "Fast on a phone"): few requests per page, since a phone on a slow network pays a
 * round trip for each (at most six at a time over HTTP/1.1). Matched against the module id, highest
 * priority first; what no group takes is split automatically (each page its own chunk).
 */
const chunkGroups: { name: string; test?: RegExp; tags?: '$initial'[]; priority: number }[] = [
  // what the early script runs (the page's language, the message loaders, the early API reads): it must
  // not load the app
  {
    name: 'locale',
    test: /src[\\/](i18n[\\/]locale-(config|messages)|boot[\\/])|node_modules[\\/]js-cookie[\\/]|vite[\\/]preload-helper/,
    priority: 110,
  },
  // everything the first paint of any page needs (React, the router, i18next, the layouts): one request
  { name: 'app', tags: ['$initial'], priority: 100 },
  // dates and times formatted with luxon: the pages that show an instant (not the form's steps)
  { name: 'luxon', test: /node_modules[\\/]luxon[\\/]|src[\\/]shared[\\/]lib[\\/]instant-format/, priority: 90 },
  // form validation: the welcome page's start form, the steps, payment, the account pages
  { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/, priority: 80 },
  // a country's address and phone rules: the personal step, the review and payment
  {
    name: 'address-rules',
    test: /src[\\/]features[\\/]application[\\/]steps[\\/](field-rules|personal[\\/]address-rules)\.ts$|node_modules[\\/](libphonenumber-js|postcode-validator|i18n-iso-countries|diacritics)[\\/]/,
    priority: 75,
  },
  // the small controls, helpers and calls several pages share (the welcome page, the form, the account pages)
  {
    name: 'shared',
    test: /src[\\/](shared[\\/]|features[\\/](recommendations[\\/]|welcome[\\/](programs|catalogue)-api|application[\\/](api[\\/]|requirements|steps[\\/]step-config|autosave[\\/]controller-registry)))/,
    priority: 70,
  },
  // steps 1–7 with their schemas and the autosave: one request, whichever step opens first
  { name: 'application-steps', test: /src[\\/]features[\\/]application[\\/](steps|autosave)[\\/]/, priority: 60 },
];

export default defineConfig({
  base: '/',
  // Prebuilt .br and .gz beside each asset, sent by the server with Content-Encoding (issue 12).
  plugins: [react(), earlyEntryScript(), compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/], threshold: 1024 })],
  build: {
    outDir: 'dist',
    sourcemap: 'hidden' /* built for error reporting, never referenced nor served */,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        [EARLY_ENTRY]: fileURLToPath(new URL('src/boot/early.ts', import.meta.url)),
      },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
});
