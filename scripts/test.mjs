#!/usr/bin/env node
// `npm test`: every test layer in order, each run even if an earlier one failed,
// then one line `N passed, N failed[, N skipped]` totalled over all of them.
// Static checks (types, lint, format, build) count as one test each.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { testBuild } from './lib/build.mjs';
import { ROOT } from './lib/pocketbase.mjs';

const reports = path.join(ROOT, '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];

function run(cmd, args, env = {}) {
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: res.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function check(name, cmd, args) {
  console.log(`\n=== ${name} ===`);
  const { ok, seconds } = run(cmd, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  summary.push(`${name}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
}

/** A check done in this process: ok unless it throws. */
function step(name, fn) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  let ok = true;
  try {
    fn();
  } catch (err) {
    console.error(err);
    ok = false;
  }
  totals[ok ? 'passed' : 'failed'] += 1;
  summary.push(`${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function vitest(project) {
  const name = `vitest ${project}`;
  console.log(`\n=== ${name} ===`);
  const out = path.join(reports, `vitest-${project}.json`);
  const { ok, seconds } = run(bin('vitest'), [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  if (!existsSync(out)) {
    totals.failed += 1;
    summary.push(`${name}: no report, counted as 1 failure (${seconds} s)`);
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A suite that fails to load has no failed tests but must still fail the run.
  const failed = r.numFailedTests + (ok || r.numFailedTests ? 0 : 1);
  totals.passed += r.numPassedTests;
  totals.failed += failed;
  totals.skipped += skipped;
  summary.push(`${name}: ${r.numPassedTests} passed, ${failed} failed, ${skipped} skipped (${seconds} s)`);
}

function playwright() {
  const name = 'playwright e2e';
  console.log(`\n=== ${name} ===`);
  const out = path.join(reports, 'e2e.json');
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(`Chromium not found at ${chromium}. Install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`);
    totals.failed += 1;
    summary.push(`${name}: Chromium missing, counted as 1 failure`);
    return;
  }
  const { ok, seconds } = run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: out });
  if (!existsSync(out)) {
    totals.failed += 1;
    summary.push(`${name}: no report, counted as 1 failure (${seconds} s)`);
    return;
  }
  const { stats } = JSON.parse(readFileSync(out, 'utf8'));
  const failed = stats.unexpected + stats.flaky + (ok || stats.unexpected ? 0 : 1);
  totals.passed += stats.expected;
  totals.failed += failed;
  totals.skipped += stats.skipped;
  summary.push(`${name}: ${stats.expected} passed, ${failed} failed, ${stats.skipped} skipped (${seconds} s)`);
}

check('typecheck', bin('tsc'), ['-p', 'tsconfig.app.json']);
check('typecheck (node, tests)', bin('tsc'), ['-p', 'tsconfig.node.json']);
check('typecheck (hooks)', process.execPath, ['scripts/typecheck-hooks.mjs']);
check('lint', bin('eslint'), ['.']);
check('format', bin('prettier'), ['--check', '.']);
vitest('unit');
// One build for the run (issue 33): the budget, the browser tests (and npm run lighthouse) use it.
step('build', () => testBuild(console.log, { force: true }));
check('front-end budget', process.execPath, ['scripts/check-budget.mjs']);
vitest('api');
playwright();

console.log(`\n${summary.join('\n')}`);
const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
console.log(line);
process.exit(totals.failed ? 1 : 0);
