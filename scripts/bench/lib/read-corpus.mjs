// @ts-check
// The reading benchmark's reader (bench:reading): reads every file of a corpus directory one
// after the other exactly as the reader process does (a thread per invoice with its memory and
// time limits, at low priority), and prints one JSON line per file and its own peak memory.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { lowerPriority, readInThread, stopReading } from '../../reader/read-thread.mjs';
import { memoryOf } from './campaign.mjs';

const dir = /** @type {string} */ (process.argv[2]);
lowerPriority(() => {});
for (const name of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const truth = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  const bytes = readFileSync(path.join(dir, truth.file));
  const cpu = process.cpuUsage();
  const started = Date.now();
  const outcome = await readInThread(bytes, truth.workshop, {
    memoryMb: Number(process.env.PORTAL_READER_MEMORY_MB) || 256,
    log: () => {},
  });
  const used = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      name,
      ms: Date.now() - started,
      cpuSeconds: (used.user + used.system) / 1e6,
      rssMb: Math.round(memoryOf(process.pid).rss),
      peakMb: Math.round(memoryOf(process.pid).peak),
      outcome,
    }),
  );
}
await stopReading();
console.log(JSON.stringify({ peakMb: memoryOf(process.pid).peak }));
