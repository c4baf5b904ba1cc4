import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';

import { prerenderPlugin } from './scripts/lib/prerender-plugin.mjs';

// In `npm run dev` the Vite server proxies the API to the PocketBase that
// scripts/start.mjs runs; in production PocketBase serves dist/ itself.
const backend = `http://${process.env.PORTAL_HTTP ?? '127.0.0.1:8090'}`;

// React 19 (decision 031): the React plugin compiles the JSX and gives `npm run dev` Fast Refresh.
export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderPlugin()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
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
  },
});
