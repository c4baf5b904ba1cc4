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

/** @type {Worker | null} */
let thread = null;
/** The reading in progress: invoices are read one after the other. */
let queue = Promise.resolve();

/**
 * Reads one invoice in the reading thread (started when there is none); the thread is ended, and
 * the next invoice gets a new one, when a page uses more CPU time than the rulebook allows (CPU,
 * not clock time: at low priority on a busy server a page may wait long for a core without doing
 * more work), when a page takes ten times that on the clock, or when it outgrows its memory. The
 * thread and recognition's worker are kept between invoices: starting them costs about half a
 * second of CPU and, done per invoice, left the process's memory higher (bench:reading).
 * @param {Buffer} bytes
 * @param {unknown} workshop
 * @param {{ memoryMb: number, log: (msg: string) => void }} bounds
 * @returns {Promise<{ result?: any, failed?: string }>}
 */
export function readInThread(bytes, workshop, bounds) {
  const reading = queue.then(() => readNow(bytes, workshop, bounds));
  queue = reading.then(
    () => {},
    () => {},
  );
  return reading;
}

/** Ends the reading thread, if there is one (a benchmark that is done, a reader idle for a while); the next invoice starts a new one. */
/** @returns {Promise<boolean>} whether there was a thread to end */
export async function stopReading() {
  await queue;
  const t = thread;
  thread = null;
  await t?.terminate();
  return t !== null;
}

/**
 * @param {Buffer} bytes
 * @param {unknown} workshop
 * @param {{ memoryMb: number, log: (msg: string) => void }} bounds
 * @returns {Promise<{ result?: any, failed?: string }>}
 */
function readNow(bytes, workshop, { memoryMb, log }) {
  const current =
    thread ?? (thread = new Worker(new URL('./thread.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: memoryMb } }));
  return new Promise((resolve) => {
    let settled = false;
    let pageCpu = cpuSeconds();
    let pageClock = Date.now();
    const watch = setInterval(() => {
      if (cpuSeconds() - pageCpu > R.pageSeconds || Date.now() - pageClock > R.pageSeconds * 10_000)
        settle({ failed: R.reasons.timeout }, true);
    }, 250);
    /**
     * @param {{ result?: unknown, failed?: string }} outcome
     * @param {boolean} [end] the thread is ended (a timeout, a crash): the next invoice gets a new one
     */
    const settle = (outcome, end = false) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      current.off('message', onMessage);
      current.off('error', onError);
      current.off('exit', onExit);
      if (!end) return resolve(outcome);
      if (thread === current) thread = null;
      current.terminate().then(
        () => resolve(outcome),
        () => resolve(outcome),
      );
    };
    /** @param {any} message */
    const onMessage = (message) => {
      if (message.page) {
        pageCpu = cpuSeconds();
        pageClock = Date.now();
      } else if (message.result) settle({ result: message.result });
      else if (message.failed) settle({ failed: message.failed });
      else if (message.error) {
        log(`reading failed: ${message.error.split('\n')[0]}`);
        settle({ failed: R.reasons.damaged }, true);
      }
    };
    /** @param {Error} err */
    const onError = (err) => {
      log(`reading thread ended: ${err.message}`);
      settle({ failed: R.reasons.damaged }, true);
    };
    const onExit = () => settle({ failed: R.reasons.damaged }, true);
    current.on('message', onMessage);
    current.on('error', onError);
    current.on('exit', onExit);
    current.postMessage({ bytes, workshop });
  });
}
