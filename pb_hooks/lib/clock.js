/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Two clocks, one story (issue 35, docs/decisions/035-one-clock-story.md):
// - the campaign clock, now(): PORTAL_NOW (an ISO date) pins it for tests and for the demo, so
//   the 2025 campaign's windows can be walked through on any day (DECISIONS section 3). Only
//   the campaign's rules read it: the redeem window, the sales period, the review's
//   'code issued' comparison.
// - real time, realNow() and berlinToday(): when things really happen. Every record's time
//   stamps, the payout's execution and paid-on days (a bank's calendar), and the ages measured
//   against the 8-week promise.

function pinned() {
  const value = $os.getenv('PORTAL_NOW');
  if (!value) return null;
  const d = new Date(value);
  return isNaN(d.getTime()) ? null : d;
}

/** Now on the campaign clock. */
function now() {
  return pinned() || new Date();
}

/** Now in real time, as PocketBase stores dates ('2026-11-26 10:00:00.000Z'). */
function realStamp() {
  return new Date().toISOString().replace('T', ' ');
}

/**
 * The day and time in Berlin of a moment: the rulebook's berlinDay (src/rules/dates.ts).
 * @param {Parameters<HookModules['vendor/rules']['berlinDay']>[0]} date
 */
function berlinDay(date) {
  return require(`${__hooks}/vendor/rules.js`).berlinDay(date);
}

/** Today in Berlin in real time (YYYY-MM-DD): the bank's calendar. */
function berlinToday() {
  return berlinDay(new Date()).iso;
}

/** What the SPA shows about the clocks: the campaign clock and whether it is pinned. */
function describe() {
  const p = pinned();
  return { campaignNow: (p || new Date()).toISOString(), pinned: p !== null };
}

/**
 * PocketBase date strings ('2025-07-14 22:00:00.000Z') as Date.
 * @param {unknown} value
 */
function parseDate(value) {
  return new Date(String(value).replace(' ', 'T'));
}

/**
 * A stored moment as a German reader sees it in Berlin ('14.07.2025 00:00'); '' for none.
 * @param {unknown} value
 */
function berlinDateTime(value) {
  if (!value) return '';
  const day = berlinDay(parseDate(value));
  return `${day.date} ${day.time}`;
}

module.exports = { now, realStamp, berlinDay, berlinToday, berlinDateTime, describe, parseDate };
