import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

import { BUNDLES, bundle } from '../scripts/bundle-hooks.mjs';
import { ROOT } from '../scripts/lib/pocketbase.mjs';

// The libraries the hooks use are committed as CommonJS bundles; each must be exactly what
// scripts/bundle-hooks.mjs makes from the installed packages now.
for (const spec of BUNDLES) {
  it(`pb_hooks/vendor/${spec.output} is current (${spec.packages.join(', ')})`, async () => {
    const committed = readFileSync(path.join(ROOT, 'pb_hooks', 'vendor', spec.output), 'utf8');
    expect(committed).toBe(await bundle(spec));
  });
}
