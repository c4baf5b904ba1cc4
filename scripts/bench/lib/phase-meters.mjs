// @ts-check
// What bench:burst measures over each of its phases (scripts/bench/burst.mjs): the CPU seconds of
// PocketBase, the front and the load generator, and the phase in steps of 5 s.
import { cpu } from './campaign.mjs';

const fmt = (/** @type {number} */ n) => (Number.isFinite(n) ? n.toFixed(0) : '-');

/**
 * @param {{ pbPid: number | undefined, front: { pid: number | undefined, stats: import('./front-process.mjs').AdmissionStats } }} portal
 */
export function phaseMeters({ pbPid, front }) {
  // CPU seconds per process over a phase: PocketBase, the front, this load generator.
  const cpuNow = () => ({ pb: cpu(pbPid), front: cpu(front.pid), self: process.cpuUsage() });
  // With `admitted`, also PocketBase's CPU per request the front let through (the capacity
  // measurement prints the same per page, so a slower hour shows).
  /** @param {ReturnType<typeof cpuNow>} cpu0 @param {number} [admitted] */
  const cpuSince = (cpu0, admitted = 0) => {
    const self = process.cpuUsage(cpu0.self);
    const pb = cpu(pbPid) - cpu0.pb;
    const perRequest = admitted > 0 ? ` (PocketBase ${((1000 * pb) / admitted).toFixed(2)} ms a request let through)` : '';
    return `CPU s: PocketBase ${pb.toFixed(1)}, front ${(cpu(front.pid) - cpu0.front).toFixed(1)}, visitors ${((self.user + self.system) / 1e6).toFixed(1)}${perRequest}`;
  };
  // A phase in steps of 5 s: what went through the front a second, what it refused a second
  // (refused and displaced) and PocketBase's CPU per request let through, so a run that tips into
  // refusals and repeats shows when, and whether PocketBase itself became slower.
  const stepsOf = (ms = 5000) => {
    const take = () => ({
      admitted: front.stats.admitted,
      refused: front.stats.refusedBusy + front.stats.readsTimedOut + front.stats.readsDisplaced,
      pb: cpu(pbPid),
    });
    /** @type {{ admitted: number, refused: number, pb: number }[]} */
    const steps = [];
    let last = take();
    const timer = setInterval(() => {
      const now = take();
      steps.push({ admitted: now.admitted - last.admitted, refused: now.refused - last.refused, pb: now.pb - last.pb });
      last = now;
    }, ms);
    return () => {
      clearInterval(timer);
      const perSecond = (/** @type {number} */ n) => fmt(n / (ms / 1000));
      return (
        `   every ${ms / 1000} s: through the front ${steps.map((x) => perSecond(x.admitted)).join(' ')} a second; ` +
        `refused ${steps.map((x) => perSecond(x.refused)).join(' ')} a second; ` +
        `PocketBase ms a request let through ${steps.map((x) => (x.admitted > 0 ? ((1000 * x.pb) / x.admitted).toFixed(2) : '-')).join(' ')}`
      );
    };
  };
  return { cpuNow, cpuSince, stepsOf };
}
