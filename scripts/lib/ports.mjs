// @ts-check
import net from 'node:net';

/** Asks the OS for a free TCP port on loopback (from the ephemeral range). */
/** @returns {Promise<number>} */
function ephemeralPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Whether a port on loopback can be bound right now. */
/** @param {number} port */
function canBind(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

// API test files that run side by side (Vitest's forks) each take ports from a block of their own
// below Linux's ephemeral range (32768-60999): a port the OS hands one worker for listen(0) could
// be handed to the other before the first has bound it (a test file failed with EADDRINUSE that
// way), and the OS never gives out these ports by itself. Only the worker process itself does so;
// a process it starts (npm start in a test) gets an OS port, outside every block.
const BLOCK = 1000;
const FIRST_BLOCK = 20000;
// Each run starts at a random place in the first half of its blocks: a second `npm test` beside
// this one (issue 33) then rarely tries the same port first. When it does, the test helper sees
// that the server on the port is not its own and starts again on another (tests/helpers/pocketbase.ts).
let offset = Math.floor(Math.random() * (BLOCK / 2));

/**
 * A free TCP port on loopback: in a Vitest worker, the next free one of the worker's own block;
 * elsewhere, one the OS picks.
 */
export async function freePort() {
  const inWorker = typeof (/** @type {Record<string, unknown>} */ (globalThis).__vitest_worker__) !== 'undefined';
  const slot = inWorker ? Number(process.env.VITEST_POOL_ID) : Number.NaN;
  if (!Number.isInteger(slot) || slot < 0) return ephemeralPort();
  const base = FIRST_BLOCK + (slot % 12) * BLOCK;
  for (let tries = 0; tries < BLOCK; tries += 1) {
    const port = base + (offset % BLOCK);
    offset += 1;
    if (await canBind(port)) return port;
  }
  return ephemeralPort();
}
