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
          // Two files at a time: Vitest's default on two cores is one, and most of a file's time is
          // jsdom's set-up (unit layer 40 s with one, 26 s with two on the project machine).
          maxWorkers: 2,
          // A worker's files share one jsdom and module registry; src/testing/setup-tests.ts restores
          // what a fresh environment gives after each file (60 core-s for the layer with a new
          // environment per file, 13 without; unit tests pass in any order: --sequence.shuffle).
          isolate: false,
          // A property test of 2,000 runs takes about a second alone and took 6-7 s with a second
          // npm test beside it (issue 33's run under load); the bound is for a test that hangs.
          testTimeout: 30_000,
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
          // Three files at a time (issue 33): each has its own PocketBase and data dir, and much of a
          // file's time is spent waiting on its server, its mail catcher or its scheduler. On the
          // project machine (two cores) the layer took 158 s with two, 131 s with three, 129 s with
          // four. Vitest's default on two cores would be one.
          maxWorkers: 3,
          // A worker's files share its process and module registry (each file still starts and
          // stops its own PocketBase, mail catcher and reader): loading the helpers, the SDK and
          // the catcher again for each of 65 files was about a tenth of the layer's CPU
          // (alone on the project machine: 212 core-s and 127 s isolated, 187 core-s and 114 s not).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
