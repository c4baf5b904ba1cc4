import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { processTree, startSampler } from '../scripts/bench/lib/process-memory.mjs';
import { until } from './helpers/poll';

// bench:busy-hour's total is the sum of every process under npm start. A child that has forked
// and not yet run another program (PocketBase starting sha256sum) is its parent's memory again;
// one run listed such a "pocketbase" at 168 MB beside the real one and added it to the total.
describe("bench:busy-hour's memory sampler", () => {
  const cleanup: Array<() => void> = [];
  afterEach(() => {
    for (const step of cleanup.splice(0)) step();
  });

  it('counts a started program but not a forked copy of its parent', async () => {
    // The shell forks a subshell for the group (a copy: its command line is the shell's), which
    // then starts sleep (a program of its own).
    const shell = spawn('sh', ['-c', '(sleep 30; true) & wait'], { stdio: 'ignore' });
    cleanup.push(() => {
      for (const pid of processTree(Number(shell.pid)).keys()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
    });
    const root = Number(shell.pid);
    const tree = await until('the shell, its subshell and sleep', () => {
      const t = processTree(root);
      return t.size === 3 && [...t.values()].includes('sleep') ? t : null;
    });
    const subshell = [...tree].find(([pid, name]) => name === 'sh' && pid !== root)?.[0];
    const sleeper = [...tree].find(([, name]) => name === 'sleep')?.[0];
    expect(subshell).toBeDefined();
    expect(sleeper).toBeDefined();

    const dataDir = mkdtempSync(path.join(tmpdir(), 'sampler-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const meter = startSampler({ rootPid: root, dataDir });
    cleanup.push(() => meter.stop());
    meter.setPhase('measured');
    const { peaks, totalPeak } = meter.result();

    expect([...peaks.keys()].sort()).toEqual([`sh (${root})`, `sleep (${sleeper})`].sort());
    expect(peaks.has(`sh (${subshell})`)).toBe(false);
    // The subshell holds as much as the shell; counted, the total would exceed the two peaks' sum.
    expect(totalPeak).toBeGreaterThan(0);
    expect(totalPeak).toBeLessThanOrEqual((peaks.get(`sh (${root})`) ?? 0) + (peaks.get(`sleep (${sleeper})`) ?? 0) + 1e-9);
  });
});
