#!/usr/bin/env node
// @ts-check
// `npm test`: every test layer, each run even if an earlier one failed, then one line
// `N passed, N failed[, N skipped]` totalled over all of them.
// Static checks (types, lint, format, build, budget) count as one test each.
//
// Two lanes run side by side (issue 33, docs/testing.md, decision 040):
//   lane 1: type checks, lint, format, unit tests, API tests, then the browser tests' second part
//   lane 2: the build, the budget, then the browser tests' first part on that build
// Each lane's steps leave part of the two cores idle (waiting on PocketBase, its mail catcher, its
// scheduler, Chromium's pages); side by side they fill them. The browser layer is split in two
// (e2e/run-options.ts) so that the end of the run, when the API tests are done, keeps both cores busy.
// A step's output is printed in one piece when it ends; the browser tests' lines stream as they
// come, marked [e2e 1] and [e2e 2].
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { HEADLESS_SHELL_PATH, TEST_CHROMIUM_PATH } from './lib/chromium.mjs';
import { ROOT } from './lib/pocketbase.mjs';

const reports = path.join(ROOT, '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (/** @type {string} */ name) => path.join(ROOT, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
/** name -> summary line, printed in the order the steps are listed below. */
const summary = new Map();
const runStarted = Date.now();

/**
 * Runs a command. Its output is kept and printed in one piece when it ends; with `prefix`, each
 * complete line is passed on as it comes, marked with the prefix (the browser layer runs for
 * minutes beside the other lane, whose steps print whole).
 * @param {string} name
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ env?: Record<string, string>, prefix?: string }} [options]
 * @returns {Promise<{ ok: boolean, seconds: string }>}
 */
function run(name, cmd, args, { env = {}, prefix = '' } = {}) {
  const started = Date.now();
  if (prefix) console.log(`\n=== ${name} (started ${((started - runStarted) / 1000).toFixed(0)} s into the run) ===`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    /** @type {Buffer[]} */
    const chunks = [];
    const partial = { stdout: '', stderr: '' };
    const take = (/** @type {'stdout' | 'stderr'} */ stream) => (/** @type {Buffer} */ d) => {
      if (!prefix) return chunks.push(d);
      const lines = (partial[stream] + d.toString()).split('\n');
      partial[stream] = lines.pop() ?? '';
      if (lines.length) process.stdout.write(lines.map((l) => `${prefix}${l}\n`).join(''));
    };
    child.stdout.on('data', take('stdout'));
    child.stderr.on('data', take('stderr'));
    const done = (/** @type {boolean} */ ok) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const at = ((Date.now() - runStarted) / 1000).toFixed(0);
      const rest = Object.values(partial).filter(Boolean);
      if (prefix) process.stdout.write(rest.map((l) => `${prefix}${l}\n`).join('') + `=== ${name} ended ${at} s into the run ===\n`);
      else process.stdout.write(`\n=== ${name} (${seconds} s, ended ${at} s into the run) ===\n${Buffer.concat(chunks).toString()}`);
      resolve({ ok, seconds });
    };
    child.on('error', (err) => {
      chunks.push(Buffer.from(`${err.message}\n`));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

/** @param {string} name @param {string} cmd @param {string[]} args */
async function check(name, cmd, args) {
  const { ok, seconds } = await run(name, cmd, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  summary.set(name, `${name}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
}

/** @param {'unit' | 'api'} project */
async function vitest(project) {
  const name = `vitest ${project}`;
  const out = path.join(reports, `vitest-${project}.json`);
  const { ok, seconds } = await run(name, bin('vitest'), [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  if (!existsSync(out)) {
    totals.failed += 1;
    summary.set(name, `${name}: no report, counted as 1 failure (${seconds} s)`);
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A suite that fails to load has no failed tests but must still fail the run.
  const failed = r.numFailedTests + (ok || r.numFailedTests ? 0 : 1);
  totals.passed += r.numPassedTests;
  totals.failed += failed;
  totals.skipped += skipped;
  summary.set(name, `${name}: ${r.numPassedTests} passed, ${failed} failed, ${skipped} skipped (${seconds} s)`);
}

/** @param {1 | 2} part */
async function playwright(part) {
  const name = `playwright e2e (part ${part})`;
  const out = path.join(reports, `e2e-${part}.json`);
  if (!existsSync(TEST_CHROMIUM_PATH)) {
    console.error(
      `Chromium not found at ${TEST_CHROMIUM_PATH}. Install it with "apt-get install -y chromium chromium-headless-shell" or set CHROMIUM_PATH.`,
    );
    totals.failed += 1;
    summary.set(name, `${name}: Chromium missing, counted as 1 failure`);
    return;
  }
  const { ok, seconds } = await run(name, bin('playwright'), ['test'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: out, E2E_PART: String(part) },
    prefix: `[e2e ${part}] `,
  });
  if (!existsSync(out)) {
    totals.failed += 1;
    summary.set(name, `${name}: no report, counted as 1 failure (${seconds} s)`);
    return;
  }
  const { stats } = JSON.parse(readFileSync(out, 'utf8'));
  // A flaky test fails the run (failOnFlakyTests) and is counted once, as the failure it is.
  const failed = stats.unexpected + stats.flaky + (ok || stats.unexpected || stats.flaky ? 0 : 1);
  totals.passed += stats.expected;
  totals.failed += failed;
  totals.skipped += stats.skipped;
  summary.set(name, `${name}: ${stats.expected} passed, ${failed} failed, ${stats.skipped} skipped (${seconds} s)`);
}

const ORDER = [
  'typecheck',
  'typecheck (node, tests)',
  'typecheck (hooks)',
  'lint',
  'format',
  'vitest unit',
  'build',
  'front-end budget',
  'vitest api',
  'playwright e2e (part 1)',
  'playwright e2e (part 2)',
];

if (TEST_CHROMIUM_PATH !== HEADLESS_SHELL_PATH && !process.env.CHROMIUM_PATH) {
  console.log(
    `Note: ${HEADLESS_SHELL_PATH} is not installed; the browser tests run in ${TEST_CHROMIUM_PATH}, ` +
      'which takes about a third more CPU (apt-get install -y chromium-headless-shell, decision 044).',
  );
}
// One build for the run (issue 33): the budget, both parts of the browser tests (and npm run
// lighthouse) use it.
const built = check('build', process.execPath, ['scripts/test-build.mjs']);

await Promise.all([
  (async () => {
    await check('typecheck', bin('tsc'), ['-p', 'tsconfig.app.json']);
    await check('typecheck (node, tests)', bin('tsc'), ['-p', 'tsconfig.node.json']);
    await check('typecheck (hooks)', process.execPath, ['scripts/typecheck-hooks.mjs']);
    await check('lint', bin('eslint'), ['.']);
    await check('format', bin('prettier'), ['--check', '.']);
    await vitest('unit');
    await vitest('api');
    await built;
    await playwright(2);
  })(),
  (async () => {
    await built;
    await check('front-end budget', process.execPath, ['scripts/check-budget.mjs']);
    await playwright(1);
  })(),
]);

console.log(`\n${ORDER.map((name) => summary.get(name) ?? `${name}: did not run`).join('\n')}`);
console.log(`all steps: ${((Date.now() - runStarted) / 1000).toFixed(1)} s`);
const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
console.log(line);
process.exit(totals.failed ? 1 : 0);
