// @ts-check
// The app's repeat logic (src/lib/repeat.ts), bundled from TypeScript for Node: bench:burst's
// visitors and bench:admission repeat a refused request exactly as the SPA does.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { rolldown } from 'rolldown';

import { ROOT } from '../../lib/pocketbase.mjs';

/** @typedef {typeof import('../../../src/lib/repeat.ts')} Repeat */

/**
 * `root`: the checkout whose src/lib/repeat.ts is loaded (this one unless another is named).
 * @returns {Promise<Repeat>}
 */
export async function loadRepeat(root = ROOT) {
  const build = await rolldown({ input: path.join(root, 'src', 'lib', 'repeat.ts'), platform: 'node', logLevel: 'silent' });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-repeat-'));
  await build.write({ dir, format: 'esm', entryFileNames: 'repeat.mjs' });
  await build.close();
  const mod = await import(path.join(dir, 'repeat.mjs'));
  rmSync(dir, { recursive: true, force: true });
  return mod;
}
