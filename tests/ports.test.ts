import net from 'node:net';
import { expect, it } from 'vitest';

import { freePort } from '../scripts/lib/ports.mjs';

// Two API files run at once (issue 33). A port the OS handed one of them for listen(0) was once
// handed to the other before the first had bound it: EADDRINUSE and a failed file. Each worker
// now takes ports from a block of its own, below the range the OS gives out by itself.

it('a test worker takes its ports from its own block, below the ephemeral range, never the same twice', async () => {
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  expect(new Set(ports).size).toBe(20);
  const block = Number(process.env.VITEST_POOL_ID) % 12;
  for (const port of ports) {
    expect(port).toBeLessThan(32768);
    expect(Math.floor((port - 20000) / 1000)).toBe(block);
  }
});

it('skips a port of the block that something already holds', async () => {
  const first = await freePort();
  // Hold the next ports of the block; freePort must hand out one after them.
  const held = await Promise.all(
    [1, 2, 3].map(
      (i) =>
        new Promise<net.Server>((resolve) => {
          const server = net.createServer();
          server.listen(first + i, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  try {
    const next = await freePort();
    expect(next).toBeGreaterThan(first + 3);
  } finally {
    await Promise.all(held.map((s) => new Promise((r) => s.close(r))));
  }
});

it('a test server never takes over another one on the same port: it starts again on a free port (two test runs side by side)', async () => {
  const { startPocketBase } = await import('./helpers/pocketbase');
  const first = await startPocketBase();
  const port = Number(new URL(first.url).port);
  try {
    const second = await startPocketBase({ port });
    try {
      expect(second.url).not.toBe(first.url);
      const made = await second.admin
        .collection('nora_lz')
        .create({ partnerName: 'Nur im zweiten', bnr: '9999', city: 'Ulm', zipCode: '89073' });
      await expect(first.admin.collection('nora_lz').getOne(made.id)).rejects.toMatchObject({ status: 404 });
      expect(second.process.exitCode).toBeNull();
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
  }
});
