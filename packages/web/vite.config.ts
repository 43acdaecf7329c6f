import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server the dev server forwards to (`npm run serve` listens here by default). */
const API_TARGET = 'http://127.0.0.1:8080';

/**
 * Server-owned paths: API, live channel (WebSocket), OpenAPI docs, and the documents the server
 * renders for the header, footer and menu links (help, privacy, terms, changelog).
 */
const proxy = {
  '/api': { target: API_TARGET },
  '/public': { target: API_TARGET },
  '/rest': { target: API_TARGET },
  '/action': { target: API_TARGET },
  '/eventbus': { target: API_TARGET, ws: true },
  '/docs': { target: API_TARGET },
  '/help': { target: API_TARGET },
  '/privacy': { target: API_TARGET },
  '/terms': { target: API_TARGET },
  '/changelog': { target: API_TARGET },
};

export default defineConfig({
  plugins: [react()],
  // `@/lib/http` instead of `../../../lib/http`: features may not reach up with `../../` (lint rule).
  resolve: { tsconfigPaths: true },
  // Relative asset URLs so the server can mount the app under any path.
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One chunk on purpose for now (antd + React + router + query + socket.io ≈ 1.2 MB raw);
    // heavy screens (diagram editor) are lazy-loaded when they arrive.
    chunkSizeWarningLimit: 1600,
  },
  server: { proxy },
  preview: { proxy },
});
