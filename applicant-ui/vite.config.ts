/**
 * Vite build of the applicant app: served by the API at `/` (history fallback done by the server).
 * In development `/api` is proxied to the API on http://localhost:3000.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  base: '/',
  // Prebuilt .br and .gz beside each asset, sent by the server with Content-Encoding (issue 12).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/], threshold: 1024 })],
  build: { outDir: 'dist', sourcemap: 'hidden' /* built for error reporting, never referenced nor served */ },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
});
