/**
 * Vite build of the admin console: served by the API under `/admin/` (so every asset URL is
 * prefixed with `/admin/`). In development `/api` is proxied to the API on http://localhost:3000.
 * The bundle is split into cached vendor groups (React, MUI, charts, react-admin, i18n, luxon); the
 * resource pages themselves are lazy-loaded chunks (see src/App.tsx).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/** Vendor chunk groups, matched against the module id (first match wins, by priority). */
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-is)[\\/]/, priority: 50 },
  // the charts (and their d3 parts) only load with Dashboard Home
  {
    name: 'vendor-charts',
    test: /node_modules[\\/](@mui[\\/]x-charts|@mui[\\/]x-internals|@mui[\\/]x-charts-vendor|d3-[\w-]+|internmap|robust-predicates|delaunator|flatqueue|bezier-easing)[\\/]/,
    priority: 38,
  },
  { name: 'vendor-mui', test: /node_modules[\\/](@mui[\\/](?!x-)[\w-]+|@emotion|@popperjs|stylis|clsx)[\\/]/, priority: 40 },
  {
    name: 'vendor-i18n',
    test: /node_modules[\\/](i18next|react-i18next|ra-i18n-i18next|html-parse-stringify|void-elements)[\\/]/,
    priority: 35,
  },
  { name: 'vendor-luxon', test: /node_modules[\\/]luxon[\\/]/, priority: 30 },
  // read by the tiny entry (main.tsx) before anything else loads: must not pull the console's vendors
  { name: 'vendor-cookie', test: /node_modules[\\/]js-cookie[\\/]/, priority: 60 },
  { name: 'vendor-react-admin', test: /node_modules[\\/]/, priority: 10 },
];

export default defineConfig({
  base: '/admin/',
  // Prebuilt .br and .gz beside each asset, sent by the server with Content-Encoding (issue 12).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/], threshold: 1024 })],
  // ra-i18n-i18next pins older i18next/react-i18next copies of its own: use the app's (one copy).
  resolve: { dedupe: ['i18next', 'react-i18next'] },
  build: {
    outDir: 'dist',
    sourcemap: 'hidden' /* built for error reporting, never referenced nor served */,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups,
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
});
