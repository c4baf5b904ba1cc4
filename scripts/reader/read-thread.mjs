// @ts-check
// One invoice read in a thread of its own (issue 61), for the reader process and the reading
// benchmark alike: the thread's heap is bounded, and it is ended when a page uses more CPU time
// than the rulebook allows.
import { setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';

import { rules } from '../lib/rules.mjs';

const R = rules.READING;

/**
 * Reading never slows the API: the process yields the cores to PocketBase and the front (nice 10).
 * @param {(msg: string) => void} log
 */
export function lowerPriority(log) {
  try {
    setPriority(10);
  } catch {
    log('could not lower the priority (nice); reading at normal priority.');
  }
}

/** CPU seconds this process has used (the reading thread and recognition's thread are in it). */
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/**
 * Reads one invoice in its own thread; the thread is ended when a page uses more CPU time than
 * the rulebook allows (CPU, not wall-clock: at low priority on a busy server a page may wait long
 * for a core without doing more work), when a page takes ten times that on the clock, or when it
 * outgrows its memory.
 * @param {Buffer} bytes
 * @param {unknown} workshop
 * @param {{ memoryMb: number, log: (msg: string) => void }} bounds
 * @returns {Promise<{ result?: any, failed?: string }>}
 */
export function readInThread(bytes, workshop, { memoryMb, log }) {
  return new Promise((resolve) => {
    const thread = new Worker(new URL('./thread.mjs', import.meta.url), {
      workerData: { bytes, workshop },
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
    let settled = false;
    let pageCpu = cpuSeconds();
    let pageClock = Date.now();
    const watch = setInterval(() => {
      if (cpuSeconds() - pageCpu > R.pageSeconds || Date.now() - pageClock > R.pageSeconds * 10_000) settle({ failed: R.reasons.timeout });
    }, 250);
    /** @param {{ result?: unknown, failed?: string }} outcome */
    const settle = (outcome) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      resolve(outcome);
      thread.terminate().catch(() => {});
    };
    thread.on('message', (message) => {
      if (message.page) {
        pageCpu = cpuSeconds();
        pageClock = Date.now();
      } else if (message.result) settle({ result: message.result });
      else if (message.failed) settle({ failed: message.failed });
      else if (message.error) {
        log(`reading failed: ${message.error.split('\n')[0]}`);
        settle({ failed: R.reasons.damaged });
      }
    });
    thread.on('error', (err) => {
      log(`reading thread ended: ${err.message}`);
      settle({ failed: R.reasons.damaged });
    });
    thread.on('exit', () => settle({ failed: R.reasons.damaged }));
  });
}
