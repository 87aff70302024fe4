/**
 * Vite build of the applicant app: served by the API at `/` (history fallback done by the server).
 * In development `/api` is proxied to the API on http://localhost:3000.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { FORM_CODE_META, type FormPage } from './src/boot/form-code-preload';

/** The early script's entry name (`src/boot/early.ts`). */
const EARLY_ENTRY = 'early';

/**
 * The modules whose chunks (with the chunks they import) make each form page's code, written into the `<meta>` the
 * early script reads for that page (`FORM_CODE_META`, `src/boot/form-code-preload.ts`).
 */
const FORM_CODE: Record<FormPage, RegExp[]> = {
  steps: [/features[\\/]application[\\/]ApplicationPage\.tsx$/, /steps[\\/]personal[\\/]PersonalStep\.tsx$/],
  payment: [/features[\\/]application[\\/]ApplicationPage\.tsx$/, /features[\\/]payment[\\/]PaymentStep\.tsx$/],
  details: [/features[\\/]application[\\/]ApplicationPage\.tsx$/, /features[\\/]details[\\/]DetailsForm\.tsx$/],
};

/**
 * Adds the early entry to the built index.html as an `async` module script of its own, with its chunks
 * preloaded: vite would merge a second module script of index.html into the main entry, and the early
 * script must not wait for the app's bundle (issue 28). And a `<meta>` per form page listing the chunks of its
 * code that index.html does not load already ({@link FORM_CODE}), which the early script preloads on that page.
 */
function earlyEntryScript(): Plugin {
  return {
    name: 'applicant-early-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry && c.name === EARLY_ENTRY);
        if (!entry) return [];
        const tags: HtmlTagDescriptor[] = [
          { tag: 'script', attrs: { type: 'module', crossorigin: true, async: true, src: `/${entry.fileName}` }, injectTo: 'head-prepend' },
        ];
        for (const file of entry.imports) {
          tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head-prepend' });
        }
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        /** The files of `roots` and of every chunk they import, statically, transitively. */
        const closure = (roots: Rolldown.OutputChunk[]): Set<string> => {
          const files = new Set<string>();
          const visit = (chunk: Rolldown.OutputChunk | undefined) => {
            if (!chunk || files.has(chunk.fileName)) return;
            files.add(chunk.fileName);
            for (const file of chunk.imports) visit(byFile.get(file));
          };
          roots.forEach(visit);
          return files;
        };
        const loaded = closure(chunks.filter((c) => c.isEntry));
        for (const [page, modules] of Object.entries(FORM_CODE) as [FormPage, RegExp[]][]) {
          const name = FORM_CODE_META[page];
          const roots = modules.map((module) => chunks.find((c) => c.moduleIds.some((id) => module.test(id))));
          if (roots.some((root) => !root)) throw new Error(`${name}: no chunk holds ${String(modules[roots.indexOf(undefined)])}`);
          const files = [...closure(roots as Rolldown.OutputChunk[])].filter((file) => !loaded.has(file));
          tags.push({ tag: 'meta', attrs: { name, content: files.map((file) => `/${file}`).join(' ') }, injectTo: 'head' });
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
