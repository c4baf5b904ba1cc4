#!/usr/bin/env node
// @ts-check
// Type-checks the PocketBase hooks (issue 36): every file in pb_hooks/ against the JS API types
// the pinned PocketBase writes for its own runtime (types.d.ts), with `checkJs`
// (tsconfig.hooks.json). The types are made here by running the pinned binary once on an empty
// data directory, so a fresh checkout needs nothing but `npm install`.
//
//   node scripts/typecheck-hooks.mjs
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBinary, PIN, ROOT } from './lib/pocketbase.mjs';

const TYPES = path.join(ROOT, 'node_modules', '.cache', 'pocketbase-types', 'types.d.ts');
const STAMP = `${TYPES}.version`;

/** PocketBase writes types.d.ts into its data directory whenever its JS runtime starts. */
function generateTypes() {
  if (existsSync(TYPES) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === PIN.version) return;
  const bin = ensureBinary();
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-types-'));
  try {
    const empty = path.join(dir, 'hooks');
    mkdirSync(empty);
    execFileSync(bin, ['--dir', path.join(dir, 'data'), '--hooksDir', empty, '--migrationsDir', empty, 'migrate', 'history-sync'], {
      stdio: 'ignore',
      timeout: 60_000,
    });
    mkdirSync(path.dirname(TYPES), { recursive: true });
    copyFileSync(path.join(dir, 'data', 'types.d.ts'), TYPES);
    writeFileSync(STAMP, PIN.version);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What `require(`${__hooks}/lib/NAME.js`)` gives: the hooks require by a path built at run time,
 * which TypeScript cannot follow. This declaration names each module under pb_hooks/lib (the
 * rulebook bundles by their TypeScript sources), so calls across modules are checked too.
 */
function writeModuleTypes() {
  const lib = path.join(ROOT, 'pb_hooks', 'lib');
  /** @type {string[]} */
  const names = [];
  const walk = (/** @type {string} */ dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'vendor') walk(full);
      } else if (entry.name.endsWith('.js')) names.push(path.relative(lib, full).slice(0, -3).split(path.sep).join('/'));
    }
  };
  walk(lib);
  const from = path.dirname(TYPES);
  const rel = (/** @type {string} */ target) => path.relative(from, target).split(path.sep).join('/');
  const modules = [
    ...names.sort().map((name) => `  '${name}': typeof import('${rel(path.join(lib, name))}.js');`),
    `  'vendor/rules': typeof import('${rel(path.join(ROOT, 'scripts', 'hook-bundles', 'rules'))}');`,
    `  'vendor/rules-light': typeof import('${rel(path.join(ROOT, 'scripts', 'hook-bundles', 'light'))}');`,
  ];
  writeFileSync(
    path.join(from, 'hook-modules.d.ts'),
    `// Written by scripts/typecheck-hooks.mjs: the modules of pb_hooks/lib by name.\n` +
      `interface HookModules {\n${modules.join('\n')}\n}\n` +
      `declare function require<K extends keyof HookModules>(path: \`\${string}/lib/\${K}.js\`): HookModules[K];\n` +
      `declare function require(path: string): any;\n`,
  );
}

generateTypes();
writeModuleTypes();
const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
const result = spawnSync(tsc, ['-p', path.join(ROOT, 'tsconfig.hooks.json')], { stdio: 'inherit' });
process.exit(result.status ?? 1);
