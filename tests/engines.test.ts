import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// Issue 58: `npm install` warned EBADENGINE (cookie@2.0.2, through fastify's light-my-request,
// wants Node 22) although the README promises Node 20.19. Every installed package must accept the
// oldest Node the project names in package.json's engines.

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

describe('the Node version the README promises', () => {
  const oldest = semver.minVersion(manifest.engines.node)!.version;

  it('is 20.19, as the README says', () => {
    expect(oldest).toBe('20.19.0');
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('Node.js 20.19 or newer');
  });

  it('is accepted by every package the lock file installs (no EBADENGINE warning)', () => {
    const refusing = Object.entries(lock.packages as Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>)
      .filter(([name, pkg]) => name && pkg.engines && !Array.isArray(pkg.engines) && pkg.engines.node)
      .filter(([, pkg]) => !semver.satisfies(oldest, (pkg.engines as { node: string }).node, { includePrerelease: true }))
      .map(([name, pkg]) => `${name} wants node ${(pkg.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
