import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Two layers: fast unit tests beside the code (jsdom), and API tests against a
// real PocketBase per test file (node, run in separate processes).
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setup-tests.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['tests/helpers/template-setup.ts'],
          pool: 'forks',
          // Two files at a time (issue 33): each has its own PocketBase and data dir, and most of a
          // file's time is spent waiting on its server. Vitest's default on two cores would be one.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
