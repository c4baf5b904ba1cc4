// @ts-check
// Keeps a child process (PocketBase) running for as long as the launcher runs (DECISIONS
// section 8, decision 028): every exit is logged with its status and the child's last lines of
// output, and the child is started again after a pause that doubles with each crash in a row, up
// to a cap, and starts small again once a run has lasted.

/** Pause before the n-th restart in a row (1-based): base, 2×base, 4×base … capped. */
/**
 * @param {number} consecutive
 * @param {{ baseMs?: number, capMs?: number }} [options]
 */
export function restartPause(consecutive, { baseMs = 1000, capMs = 30_000 } = {}) {
  const n = Math.max(1, consecutive);
  return Math.min(capMs, baseMs * 2 ** Math.min(n - 1, 30));
}

/** '400 ms', '2 s', '30 s'. */
/** @param {number} ms */
export function formatPause(ms) {
  return ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}

/** The last `max` lines written to a stream, kept as they arrive (for the crash report). */
export function tail(max = 20) {
  /** @type {string[]} */
  const lines = [];
  let partial = '';
  return {
    /** @param {Buffer | string} chunk */
    push(chunk) {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (lines.length > max) lines.shift();
      }
    },
    lines() {
      return partial ? [...lines, partial].slice(-max) : [...lines];
    },
  };
}

/**
 * Starts `spawnChild()` and restarts it whenever it exits while `isStopping()` is false.
 * The child's stdout and stderr are piped through to ours and their last lines kept.
 * A run that lasted `stableMs` resets the pause to the base.
 * @param {{
 *   spawnChild: () => import('node:child_process').ChildProcess,
 *   isStopping: () => boolean,
 *   log: (msg: string) => void,
 *   name?: string,
 *   baseMs?: number,
 *   capMs?: number,
 *   stableMs?: number,
 *   tailLines?: number,
 *   echo?: boolean,
 *   onStart?: (child: import('node:child_process').ChildProcess, run: number) => void,
 * }} options
 * @returns {{ first: import('node:child_process').ChildProcess | null, current: () => import('node:child_process').ChildProcess | null, restarts: () => number }}
 */
export function supervise({
  spawnChild,
  isStopping,
  log,
  name = 'PocketBase',
  baseMs = 1000,
  capMs = 30_000,
  stableMs = 60_000,
  tailLines = 40,
  echo = true,
  onStart,
}) {
  let consecutive = 0;
  let restarts = 0;
  /** @type {import('node:child_process').ChildProcess | null} */
  let current = null;

  const run = () => {
    // A restart that was scheduled before Ctrl-C must not start an orphan.
    if (isStopping()) return null;
    const started = Date.now();
    const output = tail(tailLines);
    const child = spawnChild();
    current = child;
    child.stdout?.on('data', (d) => {
      output.push(d);
      if (echo) process.stdout.write(d);
    });
    child.stderr?.on('data', (d) => {
      output.push(d);
      if (echo) process.stderr.write(d);
    });
    onStart?.(child, restarts);
    child.once('exit', (code, signal) => {
      if (current === child) current = null;
      if (isStopping()) return;
      const ranMs = Date.now() - started;
      consecutive = ranMs >= stableMs ? 1 : consecutive + 1;
      const pause = restartPause(consecutive, { baseMs, capMs });
      const status = signal ? `signal ${signal}` : `exit status ${code}`;
      const last = output.lines();
      log(
        `${name} stopped unexpectedly (${status}) after ${(ranMs / 1000).toFixed(1)} s; ` +
          `crash ${consecutive} in a row, restarting in ${formatPause(pause)}.` +
          (last.length ? `\n  Last output:\n${last.map((l) => `    | ${l}`).join('\n')}` : ''),
      );
      setTimeout(() => {
        restarts += 1;
        run();
      }, pause);
    });
    return child;
  };

  const first = run();
  return { first, current: () => current, restarts: () => restarts };
}
