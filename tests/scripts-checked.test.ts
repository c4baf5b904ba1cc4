import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 62: every script (the launcher, the front, the reader, the benchmarks, the demo) is
// type-checked in `npm test` by `tsc -p tsconfig.node.json`, which takes in scripts/ and checks
// each JavaScript file that asks for it: this test makes sure each one asks.
const root = path.resolve(import.meta.dirname, '..');
const scripts = readdirSync(path.join(root, 'scripts'), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.(m?js)$/.test(f))
  .map((f) => path.join('scripts', f));

describe('scripts are type-checked', () => {
  it('tsconfig.node.json takes in all of scripts/', () => {
    const config = JSON.parse(readFileSync(path.join(root, 'tsconfig.node.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as {
      include: string[];
      compilerOptions: { strict: boolean };
    };
    expect(config.include).toContain('scripts');
    expect(config.compilerOptions.strict).toBe(true);
  });

  it('every JavaScript file under scripts/ asks for the check (// @ts-check before its code)', () => {
    expect(scripts.length).toBeGreaterThan(50);
    const unchecked = scripts.filter((file) => {
      const head = readFileSync(path.join(root, file), 'utf8').split('\n').slice(0, 3);
      return !head.some((line) => line.trim() === '// @ts-check');
    });
    expect(unchecked).toEqual([]);
  });
});
