#!/usr/bin/env node
// @ts-check
// Type-checks the PocketBase hooks (issue 36): every file in pb_hooks/ against the JS API types
// the pinned PocketBase writes for its own runtime (types.d.ts), with `checkJs`
// (tsconfig.hooks.json). The types are made here by running the pinned binary once on an empty
// data directory, so a fresh checkout needs nothing but `npm install`.
//
//   node scripts/typecheck-hooks.mjs
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBinary, PIN, ROOT } from './lib/pocketbase.mjs';

const TYPES = path.join(ROOT, 'node_modules', '.cache', 'pocketbase-types', 'types.d.ts');
const STAMP = `${TYPES}.version`;

/**
 * PocketBase's generated types make every Go pointer optional, also where PocketBase never leaves
 * one nil: a request event's request and its URL, a record event's record and collection, and the
 * records a finder returns (a Go []*Record, typed Array<Record | undefined>). Read as they are,
 * strictNullChecks found 118 places, nearly all of them these; with them set, it finds the code's
 * own. Each replacement names the exact text it changes, and the check fails if one no longer
 * matches (a PocketBase upgrade that changed its types must be looked at again).
 * @type {[RegExp, string][]}
 */
const NEVER_NIL = [
  [/\n(\s+)request\?: http\.Request\n/g, '\n$1request: http.Request\n'],
  [/\n(\s+)url\?: url\.URL\n/g, '\n$1url: url.URL\n'],
  [/\n(\s+)record\?: Record\n/g, '\n$1record: Record\n'],
  [/\n(\s+)collection\?: Collection\n/g, '\n$1collection: Collection\n'],
  [/Array<\(Record \| undefined\)>/g, 'Array<Record>'],
];
/** The version of the types: PocketBase's and that of the adjustments above. */
const TYPES_VERSION = `${PIN.version} never-nil-1`;

/** @param {string} types */
function withNeverNil(types) {
  let out = types;
  for (const [pattern, replacement] of NEVER_NIL) {
    if (out.search(pattern) < 0)
      throw new Error(`PocketBase's types no longer contain ${pattern}: look at NEVER_NIL in scripts/typecheck-hooks.mjs`);
    out = out.replace(pattern, replacement);
  }
  return out;
}

/** PocketBase writes types.d.ts into its data directory whenever its JS runtime starts. */
function generateTypes() {
  if (existsSync(TYPES) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === TYPES_VERSION) return;
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
    writeFileSync(TYPES, withNeverNil(readFileSync(path.join(dir, 'data', 'types.d.ts'), 'utf8')));
    writeFileSync(STAMP, TYPES_VERSION);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What `require(`${__hooks}/lib/NAME.js`)` gives: the hooks require by a path built at run time,
 * which TypeScript cannot follow. This declaration names each module under pb_hooks/lib, and the
 * rulebook bundles of pb_hooks/vendor by their TypeScript sources, so calls across modules are
 * checked too.
 */
function writeModuleTypes() {
  const lib = path.join(ROOT, 'pb_hooks', 'lib');
  /** @type {string[]} */
  const names = [];
  const walk = (/** @type {string} */ dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) names.push(path.relative(lib, full).slice(0, -3).split(path.sep).join('/'));
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
      `declare function require<K extends 'rules' | 'rules-light'>(path: \`\${string}/vendor/\${K}.js\`): HookModules[\`vendor/\${K}\`];\n` +
      `declare function require(path: string): any;\n`,
  );
}

generateTypes();
writeModuleTypes();
const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
const result = spawnSync(tsc, ['-p', path.join(ROOT, 'tsconfig.hooks.json')], { stdio: 'inherit' });
process.exit(result.status ?? 1);
