/// <reference path="../../pb_data/types.d.ts" />
// Per-account lockout after repeated failed logins (issue 8, decision 011).
// Counted per auth collection and identity (lower-cased), whether or not an
// account with that address exists, so the answers never tell the two apart.

const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;
const LOCKED_MESSAGE = 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.';

function keyOf(collectionName, identity) {
  return `${collectionName}:${String(identity || '')
    .trim()
    .toLowerCase()}`.slice(0, 400);
}

function find(app, key) {
  try {
    return app.findFirstRecordByFilter('login_failures', 'key = {:key}', { key });
  } catch (_) {
    return null;
  }
}

/** Throws 429 while the identity is locked; otherwise returns its counter (or null) for `clear`. */
function guard(app, collectionName, identity) {
  const record = find(app, keyOf(collectionName, identity));
  if (record && record.getInt('lockedUntil') > Date.now()) {
    throw new TooManyRequestsError(LOCKED_MESSAGE);
  }
  return record;
}

/** Counts a failed attempt; the fifth within 15 minutes locks the identity for 15 minutes. */
function fail(app, collectionName, identity) {
  const key = keyOf(collectionName, identity);
  app.runInTransaction((tx) => {
    let record = find(tx, key);
    const now = Date.now();
    if (!record) {
      record = new Record(tx.findCollectionByNameOrId('login_failures'));
      record.set('key', key);
    }
    if (now - record.getInt('windowStart') > WINDOW_MS) {
      record.set('count', 0);
      record.set('windowStart', now);
    }
    record.set('count', record.getInt('count') + 1);
    if (record.getInt('count') >= MAX_FAILURES) {
      record.set('lockedUntil', now + LOCK_MS);
      record.set('count', 0);
      record.set('windowStart', now);
    }
    tx.save(record);
  });
}

/** A successful password check clears the counter `guard` found. */
function clear(app, record) {
  if (record) app.delete(record);
}

module.exports = { guard, fail, clear, LOCKED_MESSAGE, MAX_FAILURES };
