import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

import { formatPause, restartPause, supervise, tail } from '../scripts/lib/supervisor.mjs';
import { until } from './helpers/poll';

describe('the launcher supervisor', () => {
  it('doubles the pause with each crash in a row and holds it at the cap', () => {
    const pauses = Array.from({ length: 10 }, (_, i) => restartPause(i + 1, { baseMs: 1000, capMs: 30_000 }));
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000]);
    expect(restartPause(10_000, { baseMs: 1000, capMs: 30_000 })).toBe(30_000);
    expect(restartPause(0)).toBe(1000);
    expect([400, 1000, 16_000, 30_000].map(formatPause)).toEqual(['400 ms', '1 s', '16 s', '30 s']);
  });

  it('keeps the last lines of output, also across chunks that split a line', () => {
    const t = tail(3);
    t.push('eins\nzw');
    t.push('ei\ndrei\nvier\nfün');
    expect(t.lines()).toEqual(['drei', 'vier', 'fün']);
    t.push('f\n');
    expect(t.lines()).toEqual(['drei', 'vier', 'fünf']);
  });

  it('restarts a child that keeps dying, reports its exit status and last output, and stops when told', async () => {
    const logs: string[] = [];
    let stopping = false;
    const sup = supervise({
      spawnChild: () =>
        spawn(process.execPath, ['-e', 'console.log("zeile 1"); console.error("panic: kaputt"); process.exit(2)'], {
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      isStopping: () => stopping,
      log: (m) => logs.push(m),
      name: 'Kind',
      baseMs: 10,
      capMs: 40,
      echo: false,
    });
    await until('six restarts', () => sup.restarts() >= 6);
    stopping = true;
    expect(logs.length).toBeGreaterThanOrEqual(6);
    expect(logs[0]).toMatch(/^Kind stopped unexpectedly \(exit status 2\)/);
    expect(logs[0]).toContain('    | zeile 1');
    expect(logs[0]).toContain('    | panic: kaputt');
    expect(logs.slice(0, 5).map((l) => /restarting in (\d+ m?s)/.exec(l)?.[1])).toEqual(['10 ms', '20 ms', '40 ms', '40 ms', '40 ms']);
    expect(logs[4]).toContain('crash 5 in a row');
  });
});
