import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { defineConfig } from 'vite';

import { prerenderPlugin } from './scripts/lib/prerender-plugin.mjs';
import { onBuildWarning, PREACT_ALIASES } from './scripts/lib/react-runtime.mjs';

// In `npm run dev` the Vite server proxies the API to the PocketBase that
// scripts/start.mjs runs; in production PocketBase serves dist/ itself.
const backend = `http://${process.env.PORTAL_HTTP ?? '127.0.0.1:8090'}`;

// No React plugin: the app runs on Preact (decision 026), Vite compiles the JSX itself, and an
// edited component reloads the page in `npm run dev` instead of being swapped in place.
export default defineConfig({
  plugins: [tailwindcss(), prerenderPlugin()],
  resolve: { alias: [{ find: '@', replacement: path.resolve(import.meta.dirname, 'src') }, ...PREACT_ALIASES] },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': { target: backend, ws: true, changeOrigin: false },
      '/_': { target: backend },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: process.env.SOURCEMAP === '1',
    chunkSizeWarningLimit: 500,
    rolldownOptions: { onwarn: onBuildWarning },
  },
});
