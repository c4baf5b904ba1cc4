import path from 'node:path';
import { defineConfig } from 'vitest/config';

import { PREACT_ALIASES } from './scripts/lib/react-runtime.mjs';

// Two layers: fast unit tests beside the code (jsdom), and API tests against a
// real PocketBase per test file (node, run in separate processes).
export default defineConfig({
  resolve: { alias: [{ find: '@', replacement: path.resolve(import.meta.dirname, 'src') }, ...PREACT_ALIASES] },
  test: {
    projects: [
      {
        extends: true,
        // Libraries' ES module builds, named by export condition (react-router) or by the "module"
        // field (react-remove-scroll, @testing-library/react): their CommonJS builds would require
        // the real 'react', past the aliases.
        resolve: { conditions: ['module', 'browser', 'development'], mainFields: ['module', 'jsnext:main', 'jsnext', 'main'] },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setup-tests.ts'],
          // Libraries that import 'react' are transformed too, so they get Preact like the app.
          server: { deps: { inline: true } },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
