// @ts-check
// The front (decision 030): counts per address of what is open (connections, requests, realtime
// streams, body files), each held until its emitter closes.

/** Counts per address of things that end with a 'close' event (connections, open requests). */
export function perAddressCount() {
  /** @type {Map<string, number>} */
  const counts = new Map();
  let total = 0;
  return {
    of: (/** @type {string} */ address) => counts.get(address) ?? 0,
    /** All addresses together. */
    total: () => total,
    /** Counts one more for `address` until `emitter` closes (once, however often it says so). */
    /**
     * @param {string} address
     * @param {...import('node:events').EventEmitter} emitters
     */
    hold(address, ...emitters) {
      counts.set(address, (counts.get(address) ?? 0) + 1);
      total += 1;
      let held = true;
      const drop = () => {
        if (!held) return;
        held = false;
        total -= 1;
        const left = (counts.get(address) ?? 1) - 1;
        if (left <= 0) counts.delete(address);
        else counts.set(address, left);
      };
      for (const e of emitters) e.once('close', drop);
    },
  };
}
