import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The hook modules under pb_hooks/lib (issue 36): one job each, and no module that requires,
// directly or through others, a module that requires it back (audits.js and payouts.js once
// did). A cycle works in CommonJS only by accident of when each require runs.

const root = path.resolve(import.meta.dirname, '..');
const lib = path.join(root, 'pb_hooks', 'lib');
const REQUIRE = /require\(`\$\{__hooks\}\/lib\/([\w/.-]+)\.js`\)/g;

function hookFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return hookFiles(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

/** Module name (path under lib without .js) → the modules it requires. */
function requireGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of hookFiles(lib)) {
    const name = path.relative(lib, file).slice(0, -3).split(path.sep).join('/');
    const source = readFileSync(file, 'utf8');
    graph.set(name, new Set([...source.matchAll(REQUIRE)].map((m) => m[1]!).filter((m) => m !== name)));
  }
  return graph;
}

/** Every cycle's first occurrence, as the path of module names that closes it. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('hook modules', () => {
  const graph = requireGraph();

  it('finds a cycle when there is one (the finder itself)', () => {
    const probe = new Map([
      ['audits', new Set(['payouts'])],
      ['payouts', new Set(['clock', 'audits'])],
      ['clock', new Set<string>()],
    ]);
    expect(cyclesOf(probe)).toEqual([['audits', 'payouts', 'audits']]);
  });

  it('require no module that requires them back', () => {
    expect(graph.size).toBeGreaterThan(30);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('require only modules that exist', () => {
    const missing = [...graph].flatMap(([name, deps]) => [...deps].filter((d) => !graph.has(d)).map((d) => `${name} → ${d}`));
    expect(missing).toEqual([]);
  });

  it('keep the payout jobs in modules of their own', () => {
    expect([...graph.keys()].filter((n) => n.startsWith('payouts/')).sort()).toEqual([
      'payouts/batches',
      'payouts/common',
      'payouts/creation',
      'payouts/export',
      'payouts/promise',
      'payouts/returns',
    ]);
  });
});
