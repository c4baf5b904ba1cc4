// @ts-check
// The memory of a process tree over a benchmark (bench:busy-hour): every process below the
// launcher sampled every 250 ms, their sum, each phase's maxima, and the replica's lag from the
// status file the launcher keeps (scripts/lib/replica.mjs).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { STATUS_FILE } from '../../lib/replica.mjs';
import { memoryOf } from './campaign.mjs';

/** Every process below `rootPid` (and itself): pid → its command name. @param {number} rootPid */
export function processTree(rootPid) {
  return new Map([...processTreeWithParents(rootPid)].map(([pid, p]) => [pid, p.name]));
}

/** @param {number} rootPid @returns {Map<number, { name: string, ppid: number }>} */
function processTreeWithParents(rootPid) {
  const parent = new Map();
  const name = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      name.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      parent.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Map([[rootPid, { name: name.get(rootPid) ?? 'launcher', ppid: 0 }]]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parent) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.set(pid, { name: name.get(pid), ppid });
        grew = true;
      }
    }
  }
  return tree;
}

/**
 * The processes of `tree` caught between fork and exec (PocketBase starting sha256sum or
 * xmllint, Node starting a process): each is a copy of its parent, with the same command line and
 * the parent's memory (shared, or the very same with Go's vfork). Their RSS is the parent's again,
 * so they are not counted: one run listed such a "pocketbase" at 168 MB beside the real one.
 * Each command line is read once.
 * @param {Map<number, { name: string, ppid: number }>} tree
 */
function unexecutedCopies(tree) {
  /** @type {Map<number, string | null>} */
  const lines = new Map();
  const commandLine = (/** @type {number} */ pid) => {
    if (!lines.has(pid)) {
      try {
        lines.set(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
      } catch {
        lines.set(pid, null);
      }
    }
    return lines.get(pid);
  };
  const copies = new Set();
  for (const [pid, { ppid }] of tree) {
    const own = commandLine(pid);
    if (own !== null && own === commandLine(ppid)) copies.add(pid);
  }
  return copies;
}

/** A process's resident and peak memory in MB; zeros once it is gone. @param {number} pid */
export function memoryNow(pid) {
  try {
    return memoryOf(pid);
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/**
 * Samples every 250 ms: each process's RSS, their sum, the replica's lag; a phase label splits the maxima.
 * @param {{ rootPid: number, dataDir: string }} options
 */
export function startSampler({ rootPid, dataDir }) {
  const peaks = new Map(); // 'name pid' → MB
  const phasePeaks = new Map(); // phase → { total, byName: Map }
  let phase = 'start';
  let totalPeak = 0;
  let lagPeak = 0;
  let lagSamples = 0;
  // The older measure, kept beside it: time since the replica was last at the very end of what
  // Litestream had taken (under steady writes it grows although the replica is a moment behind).
  let caughtUpLagPeak = 0;
  const tick = () => {
    const tree = processTreeWithParents(rootPid);
    let total = 0;
    const p = phasePeaks.get(phase) ?? { total: 0, byName: new Map() };
    const copies = unexecutedCopies(tree);
    for (const [pid, { name }] of tree) {
      if (copies.has(pid)) continue;
      const mb = memoryNow(pid).rss;
      total += mb;
      const key = `${name} (${pid})`;
      peaks.set(key, Math.max(peaks.get(key) ?? 0, mb));
      p.byName.set(name, Math.max(p.byName.get(name) ?? 0, mb));
    }
    p.total = Math.max(p.total, total);
    phasePeaks.set(phase, p);
    totalPeak = Math.max(totalPeak, total);
    try {
      const status = JSON.parse(readFileSync(path.join(dataDir, STATUS_FILE), 'utf8'));
      if (status.lastCaughtUpAt) caughtUpLagPeak = Math.max(caughtUpLagPeak, (Date.now() - status.lastCaughtUpAt) / 1000);
      const held = status.heldAt || status.lastCaughtUpAt;
      if (held) {
        lagPeak = Math.max(lagPeak, (Date.now() - held) / 1000);
        lagSamples += 1;
      }
    } catch {
      // not written yet
    }
  };
  const timer = setInterval(tick, 250);
  tick();
  return {
    setPhase(/** @type {string} */ next) {
      tick();
      phase = next;
    },
    pidOf: (/** @type {string} */ name) => [...processTree(rootPid)].find(([, n]) => n === name)?.[0],
    result: () => ({ peaks, phasePeaks, totalPeak, lagPeak, lagSamples, caughtUpLagPeak }),
    stop: () => clearInterval(timer),
  };
}

/** Resets a process's peak RSS (VmHWM) so the next phase's peak is its own. @param {number} pid */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
