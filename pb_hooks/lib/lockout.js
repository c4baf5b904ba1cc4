/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />
// Per-account lockout after repeated failed logins (issue 8, decisions 011 and 012).
// Counted per auth collection and identity (lower-cased), whether or not an account with
// that address exists, so the answers never tell the two apart.
//
// Every attempt is counted before its password is checked, in one statement that also
// decides whether it may go on: of any number of simultaneous attempts at most
// MAX_ATTEMPTS reach the password check within the window, and the next one is locked out.
// A correct password clears the counter.

// The numbers and the message are the rulebook's (src/rules/lockout.ts).
const LOCKOUT = require(`${__hooks}/vendor/rules-light.js`).LOCKOUT;
const MAX_ATTEMPTS = LOCKOUT.maxAttempts;
const WINDOW_MS = LOCKOUT.windowMinutes * 60 * 1000;
const LOCK_MS = LOCKOUT.lockMinutes * 60 * 1000;
const LOCKED_MESSAGE = LOCKOUT.message;

/**
 * The counter key of an identity in a collection.
 * @param {string} collectionName
 * @param {string} identity
 */
function keyOf(collectionName, identity) {
  return `${collectionName}:${String(identity || '')
    .trim()
    .toLowerCase()}`.slice(0, 400);
}

/**
 * Counts this attempt; throws 429 when the identity is (or now becomes) locked. Returns the key for `clear`.
 * @param {CoreApp} app
 * @param {string} collectionName
 * @param {string} identity
 * @returns {string}
 */
function admit(app, collectionName, identity) {
  const key = keyOf(collectionName, identity);
  const now = Date.now();
  const row = new DynamicModel({ count: 0, lockedUntil: 0 });
  // SET expressions all see the row as it was before this statement.
  app
    .db()
    .newQuery(
      `INSERT INTO login_failures (id, key, count, windowStart, lockedUntil)
       VALUES (substr(lower(hex(randomblob(8))), 1, 15), {:key}, 1, {:now}, 0)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN lockedUntil > {:now} THEN count
                      WHEN windowStart < {:floor} THEN 1 ELSE count + 1 END,
         windowStart = CASE WHEN lockedUntil <= {:now} AND windowStart < {:floor} THEN {:now} ELSE windowStart END,
         lockedUntil = CASE WHEN lockedUntil > {:now} THEN lockedUntil
                            WHEN windowStart >= {:floor} AND count + 1 > {:max} THEN {:lockUntil}
                            ELSE lockedUntil END
       RETURNING count, lockedUntil`,
    )
    .bind({ key, now, floor: now - WINDOW_MS, max: MAX_ATTEMPTS, lockUntil: now + LOCK_MS })
    .one(row);
  // `lockout` in the data tells the SPA which 429 this is (the rate limiter answers 429 too).
  if (row.lockedUntil > now)
    throw new TooManyRequestsError(LOCKED_MESSAGE, { lockout: new ValidationError('login_locked', LOCKED_MESSAGE) });
  return key;
}

/**
 * A correct password clears the identity's counter.
 * @param {CoreApp} app
 * @param {string} key
 */
function clear(app, key) {
  app.db().newQuery('DELETE FROM login_failures WHERE key = {:key}').bind({ key }).execute();
}

module.exports = { admit, clear, LOCKED_MESSAGE, MAX_ATTEMPTS };
