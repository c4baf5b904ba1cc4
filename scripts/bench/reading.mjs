#!/usr/bin/env node
// @ts-check
// npm run bench:reading (issue 61): how well and how fast the reader reads invoices. Makes a
// corpus on the spot (scripts/lib/invoice-samples.mjs: four dealers' layouts, each invoice as a
// text PDF, as an image-only PDF of its page at 150–300 dpi, and as a phone photo at 150–300 dpi,
// 1–4° skewed, every fifth a quarter turn, JPEG quality 50–80, a shadow and noise), reads every
// file in a child process exactly as the reader does (a thread per invoice, its limits, low
// priority), and prints per kind and per field how many were right, how many wrong fields passed
// as sure (they would silently clear a signal; the target is none), CPU seconds per page and the
// reader's peak memory.
//
//   --invoices N   invoices in the corpus (200); each is read as all three kinds
//   --seed S       another corpus (61)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { imagePdfOf, pageImageOf, photoOf, sampleInvoice, textPdfOf } from '../lib/invoice-samples.mjs';
import { mulberry32 } from '../lib/random.mjs';
import { rules } from '../lib/rules.mjs';
import { readerEnv } from '../reader/spawn.mjs';

const arg = (/** @type {string} */ name, /** @type {number} */ fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const INVOICES = arg('invoices', 200);
const SEED = arg('seed', 61);
const KINDS = ['text', 'scan', 'photo'];
const FIELDS = ['invoiceDate', 'invoiceNumber', 'gross', 'net', 'seller', 'buyer'];
const KEY = rules.READING.keyFields;

const dir = mkdtempSync(path.join(tmpdir(), 'reading-corpus-'));
const started = Date.now();
const rand = mulberry32(SEED);
const between = (/** @type {number} */ lo, /** @type {number} */ hi) => lo + rand() * (hi - lo);
const pick = (/** @type {number[]} */ list) => /** @type {number} */ (list[Math.floor(rand() * list.length)]);
let bytesTotal = 0;
for (let n = 0; n < INVOICES; n += 1) {
  const inv = sampleInvoice(n, { seed: SEED });
  const workshop = { shopName: inv.shopName, centres: [{ name: inv.seller, customerNumber: inv.customerNumber }] };
  const pdf = await textPdfOf(inv);
  const scanDpi = pick([150, 200, 300]);
  const photoDpi = pick([150, 200, 300]);
  const files = {
    text: pdf,
    scan: await imagePdfOf(await pageImageOf(pdf, scanDpi), Math.round(between(60, 85))),
    photo: photoOf(await pageImageOf(pdf, photoDpi), {
      skew: between(1, 4) * (rand() < 0.5 ? -1 : 1),
      quarterTurns: n % 5 === 4 ? pick([1, 3]) : 0,
      quality: Math.round(between(50, 80)),
      shadow: between(0.1, 0.4),
      noise: between(5, 20),
      seed: n + 1,
    }),
  };
  for (const kind of KINDS) {
    const file = `${String(n).padStart(4, '0')}-${kind}.${kind === 'photo' ? 'jpg' : 'pdf'}`;
    const bytes = /** @type {Buffer} */ (files[/** @type {'text'} */ (kind)]);
    bytesTotal += bytes.length;
    writeFileSync(path.join(dir, file), bytes);
    writeFileSync(
      path.join(dir, `${file}.json`),
      JSON.stringify({ file, kind, truth: inv, workshop, dpi: kind === 'scan' ? scanDpi : photoDpi }),
    );
  }
}
console.log(
  `corpus: ${INVOICES} invoices × ${KINDS.length} kinds, ${(bytesTotal / 1e6).toFixed(1)} MB, made in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

// The reader's code in a process of its own, so its peak memory is its own.
const child = spawn(process.execPath, [fileURLToPath(new URL('./lib/read-corpus.mjs', import.meta.url)), dir], {
  env: readerEnv(process.env),
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
child.stdout.on('data', (d) => (out += d));
await new Promise((r) => child.once('exit', r));
const lines = out
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
const peakMb = lines.pop().peakMb;

/** The truth of a field as the reader should give it. */
const want = (/** @type {any} */ inv, /** @type {string} */ field) =>
  ({ invoiceDate: inv.date, invoiceNumber: inv.number, gross: inv.gross, net: inv.net, seller: inv.seller, buyer: inv.shopName })[field];

/** Key fields read wrong, to be looked at: file, field, what was read, what is right, confidence. */
const wrongs = [];
/** @type {Record<string, { files: number, failed: number, pages: number, cpu: number, maxCpu: number, right: Record<string, number>, silent: number, raised: number }>} */
const stats = {};
for (const line of lines) {
  const meta = JSON.parse(readFileSync(path.join(dir, line.name), 'utf8'));
  const s = (stats[meta.kind] ??= {
    files: 0,
    failed: 0,
    pages: 0,
    cpu: 0,
    maxCpu: 0,
    right: Object.fromEntries(FIELDS.map((f) => [f, 0])),
    silent: 0,
    raised: 0,
  });
  s.files += 1;
  s.cpu += line.cpuSeconds;
  s.maxCpu = Math.max(s.maxCpu, line.cpuSeconds);
  if (line.outcome.failed) {
    s.failed += 1;
    s.raised += 1;
    continue;
  }
  const result = line.outcome.result;
  s.pages += result.pages.length;
  let unsure = false;
  for (const field of FIELDS) {
    const got = result.fields[field];
    const right = field === 'seller' || field === 'buyer' ? Boolean(got?.match) : got?.value === want(meta.truth, field);
    if (right) s.right[field] = (s.right[field] ?? 0) + 1;
    if (KEY.includes(field)) {
      const sure = rules.isSure(got);
      if (!sure) unsure = true;
      // A wrong value that passes as sure is compared by the signals as if it were right.
      if (!right && sure) s.silent += 1;
      if (!right)
        wrongs.push(
          `${meta.file} ${field}: read ${JSON.stringify(got?.value ?? null)} (${got?.confidence ?? 0} %), is ${JSON.stringify(want(meta.truth, field))}${sure ? ' — passed as sure' : ''}`,
        );
    }
  }
  if (unsure) s.raised += 1;
}

const pct = (/** @type {number} */ a, /** @type {number} */ b) => (b ? `${((100 * a) / b).toFixed(1)} %` : '-');
console.log('');
console.log(`kind   files  failed  ${FIELDS.map((f) => f.padStart(13)).join(' ')}  silent-wrong  unreadable  cpu s/page (max)`);
for (const kind of KINDS) {
  const s = stats[kind];
  if (!s) continue;
  console.log(
    `${kind.padEnd(6)} ${String(s.files).padStart(5)}  ${String(s.failed).padStart(6)}  ${FIELDS.map((f) => pct(s.right[f] ?? 0, s.files).padStart(13)).join(' ')}  ${String(s.silent).padStart(12)}  ${String(s.raised).padStart(10)}  ${(s.cpu / Math.max(1, s.pages)).toFixed(2)} (${s.maxCpu.toFixed(2)})`,
  );
}
if (wrongs.length) console.log(`\nkey fields read wrong (${wrongs.length}):\n  ${wrongs.join('\n  ')}`);
console.log('');
// Where the peak was reached: the last files whose reading raised it (what to look at to lower it).
const rises = [];
let before = 0;
for (const line of lines) {
  if (line.peakMb > before) rises.push(`${line.name.replace(/\.json$/, '')} → ${line.peakMb} MB`);
  before = Math.max(before, line.peakMb);
}
console.log(`peak raised last by: ${rises.slice(-4).join(', ')}`);
console.log(`reader peak RSS: ${peakMb} MB; whole run ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`targets: date, number, gross ≥ 98 % on text PDFs and ≥ 90 % on photos; silent-wrong 0; ≤ 10 s CPU per page; peak ≤ 500 MB`);
rmSync(dir, { recursive: true, force: true });
