import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { FRONT_DEFAULTS, frontLimitsFromEnv } from '../scripts/lib/front/limits.mjs';

// Issue 62: every setting an operator can make is in README's table with its default and meaning
// and in .env.example; a setting the code reads is in both, and the front has no number nobody reads.
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The variables README's table names (`PORTAL_OPERATOR_*` (`NAME`, …) stands for each). */
function readmeVariables(): Set<string> {
  const names = new Set<string>();
  for (const line of read('README.md').split('\n')) {
    const first = /^\|\s*(`[A-Z][^|]*?)\s*\|/.exec(line)?.[1];
    if (!first) continue;
    const star = /^`([A-Z_]+)\*`\s*\((.*)\)/.exec(first);
    if (star) for (const [, part] of (star[2] ?? '').matchAll(/`([A-Z_]+)`/g)) names.add(`${star[1]}${part}`);
    else for (const [, name] of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(name!);
  }
  return names;
}

/** The code that runs in production: the launcher and its libraries, the front, the reader, the demo, the hooks. */
function productCode(): string {
  const dirs = ['scripts/lib', 'scripts/reader', 'scripts/demo', 'pb_hooks'];
  const files = ['scripts/start.mjs', 'scripts/restore.mjs'];
  for (const dir of dirs) {
    for (const f of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (/\.(m?js)$/.test(f) && !f.includes('vendor')) files.push(path.join(dir, f));
    }
  }
  return files.map((f) => read(f)).join('\n');
}

/** Set by the launcher for the processes it starts, or by the tests: not an operator's setting. */
const INTERNAL = new Set(['PORTAL_READER_API', 'PORTAL_BEHIND_FRONT', 'PORTAL_IMPORT_PIECE_BYTES']);

describe('every setting is documented', () => {
  const documented = readmeVariables();
  const example = new Set([...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));

  it('README’s table is read (the check itself)', () => {
    expect(documented.size).toBeGreaterThan(50);
    expect(documented).toContain('PORTAL_OPERATOR_IBAN');
    expect(documented).toContain('PORTAL_READER_IDLE_MS');
  });

  it('every variable in README’s table is in .env.example', () => {
    expect([...documented].filter((name) => !example.has(name))).toEqual([]);
  });

  it('every PORTAL_ variable the code reads is in README’s table', () => {
    const code = productCode();
    const readByCode = new Set(
      [...code.matchAll(/(?:env\.|env\[['"]|getenv\(['"]|env\(['"]|num\(['"]|pick\(['"])(PORTAL_[A-Z0-9_]+)/g)].map((m) => m[1]!),
    );
    expect(readByCode.size).toBeGreaterThan(30);
    expect([...readByCode].filter((name) => !documented.has(name) && !INTERNAL.has(name)).sort()).toEqual([]);
  });

  it('the front reads every number it has, and the environment sets only numbers it has', () => {
    const front = readdirSync(path.join(root, 'scripts/lib/front'))
      .filter((f) => f.endsWith('.mjs') && f !== 'limits.mjs')
      .map((f) => read(path.join('scripts/lib/front', f)))
      .join('\n');
    const unread = Object.keys(FRONT_DEFAULTS).filter(
      (key) => !new RegExp(`\\b(?:limits|given|options)\\.${key}\\b|\\b${key}\\b\\s*[,}]`).test(front),
    );
    expect(unread).toEqual([]);
    expect(Object.keys(frontLimitsFromEnv({})).filter((key) => !(key in FRONT_DEFAULTS))).toEqual([]);
  });
});
