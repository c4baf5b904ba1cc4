// @ts-check
// The thread one invoice is read in (main.mjs starts one per invoice): its memory is bounded by
// the thread's limits and a reading that hangs is ended by terminating the thread.
import { parentPort, workerData } from 'node:worker_threads';

import { stopOcr } from './ocr.mjs';
import { readInvoice, ReadingFailure } from './read-invoice.mjs';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
try {
  const result = await readInvoice(Buffer.from(workerData.bytes), workerData.workshop, {
    onPage: (n) => port.postMessage({ page: n }),
  });
  port.postMessage({ result });
} catch (err) {
  if (err instanceof ReadingFailure) port.postMessage({ failed: err.reason });
  else port.postMessage({ error: String(/** @type {Error} */ (err)?.stack ?? err) });
} finally {
  await stopOcr();
}
