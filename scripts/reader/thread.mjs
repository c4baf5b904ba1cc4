// @ts-check
// The thread invoices are read in (read-thread.mjs keeps one): one job at a time from its parent,
// recognition's worker kept between them. Its heap is bounded by the thread's limits, and a
// reading that takes too long is ended by terminating the thread (the next job gets a new one).
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort } from 'node:worker_threads';

import { readInvoice, ReadingFailure } from './read-invoice.mjs';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
// Decoded images and canvases live outside the JavaScript heap, where the collector does not see
// them: collected after each invoice, or they pile up from one invoice to the next.
v8.setFlagsFromString('--expose-gc');
const collect = /** @type {() => void} */ (vm.runInNewContext('gc'));
port.on('message', async (/** @type {{ bytes: Uint8Array, workshop: any }} */ job) => {
  try {
    const result = await readInvoice(Buffer.from(job.bytes), job.workshop, { onPage: (n) => port.postMessage({ page: n }) });
    port.postMessage({ result });
  } catch (err) {
    if (err instanceof ReadingFailure) port.postMessage({ failed: err.reason });
    else port.postMessage({ error: String(/** @type {Error} */ (err)?.stack ?? err) });
  } finally {
    collect();
  }
});
