/// <reference path="../../pb_data/types.d.ts" />

/**
 * The campaign clock. PORTAL_NOW (an ISO date) pins "now" for tests and for the demo, so
 * the 2025 campaign's windows can be walked through on any day (DECISIONS section 3).
 */
function now() {
  const pinned = $os.getenv('PORTAL_NOW');
  if (pinned) {
    const d = new Date(pinned);
    if (!isNaN(d.getTime())) return d;
  }
  return new Date();
}

/** PocketBase date strings ('2025-07-14 22:00:00.000Z') as Date. */
function parseDate(value) {
  return new Date(String(value).replace(' ', 'T'));
}

module.exports = { now, parseDate };
