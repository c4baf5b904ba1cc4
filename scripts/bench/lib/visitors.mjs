// @ts-check
// Visitors of the benchmarks that go through the front (bench:burst, bench:busy-hour): each leaves
// from a loopback address of its own, so the front counts and limits it as one visitor.
import PocketBase from 'pocketbase';
import { Agent, fetch } from 'undici';

/**
 * Loopback address number n of a block (127.<block>.x.y, 250 to an x, 65,000 to a block and on
 * into the next block).
 * @param {number} n
 * @param {number} [block]
 */
export const addressOf = (n, block = 20) => `127.${block + Math.floor(n / 65000)}.${Math.floor((n % 65000) / 250)}.${(n % 250) + 1}`;

/** @type {Map<string, Agent>} */
const agents = new Map();

/**
 * A fetch that leaves from the given loopback address (one keep-alive pool per address).
 * @param {string} address
 * @returns {typeof fetch}
 */
export function fetchFrom(address) {
  let agent = agents.get(address);
  if (!agent) {
    agent = new Agent({ localAddress: address, keepAliveTimeout: 10_000, connections: 8 });
    agents.set(address, agent);
  }
  const dispatcher = agent;
  return (url, options) => fetch(url, { ...options, dispatcher });
}

/**
 * A PocketBase client that sends from its own loopback address; `wrap` may put the app's repeat
 * logic around its sending.
 * @param {string} url
 * @param {string} address
 * @param {(send: (path: string, options: any) => Promise<any>) => (path: string, options: any) => Promise<any>} [wrap]
 */
export function clientFrom(url, address, wrap = (send) => send) {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  const own = fetchFrom(address);
  const send = pb.send.bind(pb);
  pb.send = wrap((p, options) => send(p, { ...options, fetch: own }));
  return pb;
}

/** Ends every visitor's connections; destroyed, not closed: after a failed phase requests may still be open. */
export async function closeVisitors() {
  for (const agent of agents.values()) await agent.destroy();
  agents.clear();
}
