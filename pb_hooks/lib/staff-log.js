/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The append-only staff log: who did what, when, to which record, why, before and after; and its
// reading for the data area ('Protokoll': a page, the CSV).
// Written by the server only (the collection has no API write rules); call it with the
// transaction's app of the action it records.

/**
 * One entry of the staff log; `actor` is the signed-in staff member (none for the system).
 * @typedef {object} StaffLogEntry
 * @property {core.Record | null} [actor]
 * @property {string} action
 * @property {{ collection: string, id: string }} [target]
 * @property {string} [reason]
 * @property {unknown} [before]
 * @property {unknown} [after]
 */

/**
 * The staff log's filters as the data area sends them.
 * @typedef {{ action?: string, actor?: string, target?: string }} StaffLogFilters
 */

/**
 * @param {CoreApp} app
 * @param {StaffLogEntry} entry
 */
function write(app, entry) {
  const actor = entry.actor || null;
  const record = new Record(app.findCollectionByNameOrId('staff_log'));
  record.set('actorCollection', actor ? actor.collection().name : 'system');
  record.set('actorId', actor ? actor.id : '');
  record.set('actorEmail', actor ? actor.email() : '');
  record.set('action', entry.action);
  record.set('targetCollection', (entry.target && entry.target.collection) || '');
  record.set('targetId', (entry.target && entry.target.id) || '');
  record.set('reason', entry.reason || '');
  record.set('before', entry.before === undefined ? null : entry.before);
  record.set('after', entry.after === undefined ? null : entry.after);
  app.save(record);
  return record;
}

/**
 * Lets a create request save its record and the log entry `entryOf(record)` in one
 * transaction (an upload and its trail are committed together or not at all). Call it in
 * place of `e.next()`; `e.app` is the outer app again afterwards.
 * @param {core.RecordRequestEvent} e
 * @param {(record: core.Record) => StaffLogEntry} entryOf
 */
function createLogged(e, entryOf) {
  const outer = e.app;
  require(`${__hooks}/lib/database.js`).writeTransaction(outer, (tx) => {
    e.app = tx;
    try {
      e.next();
      write(tx, Object.assign({ actor: e.auth, target: { collection: e.record.collection().name, id: e.record.id } }, entryOf(e.record)));
    } finally {
      e.app = outer;
    }
  });
}

// ---------------------------------------------------------------- reading (the data area's 'Protokoll')

const LOG_PAGE_SIZE = 30;
/** @type {HookModules['database']['rowsOf']} */
const rowsOf = (app, sql, params, shape) => require(`${__hooks}/lib/database.js`).rowsOf(app, sql, params, shape);

const LOG_SHAPE = {
  id: '',
  created: '',
  actorCollection: '',
  actorEmail: '',
  action: '',
  targetCollection: '',
  targetId: '',
  reason: '',
  before: '',
  after: '',
};

/**
 * The staff log, newest first, filtered by action prefix, actor e-mail and target id (bound parameters).
 * @param {CoreApp} app
 * @param {StaffLogFilters | undefined} filters
 * @param {number} limit
 * @param {number} offset
 */
function staffLogQuery(app, filters, limit, offset) {
  const f = filters || {};
  const parts = [];
  /** @type {Record<string, string | number>} */
  const params = { limit, offset };
  if (f.action) {
    parts.push("action LIKE {:action} ESCAPE '\\'");
    params.action = `${String(f.action).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  }
  if (f.actor) {
    parts.push("actorEmail LIKE {:actor} ESCAPE '\\'");
    params.actor = `%${String(f.actor)
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  }
  if (f.target) {
    parts.push('targetId = {:target}');
    params.target = String(f.target);
  }
  const where = parts.length ? `WHERE ${parts.join(' AND ')}` : '';
  const items = rowsOf(
    app,
    `SELECT id, created, actorCollection, actorEmail, action, targetCollection, targetId, reason,
            COALESCE(before, '') AS before, COALESCE(after, '') AS after
       FROM staff_log ${where} ORDER BY created DESC, id LIMIT {:limit} OFFSET {:offset}`,
    params,
    LOG_SHAPE,
  );
  const total = rowsOf(app, `SELECT COUNT(*) AS n FROM staff_log ${where}`, params, { n: 0 })[0].n;
  return { items, total };
}

/**
 * One page of the staff log for the data area, with before and after as objects.
 * @param {CoreApp} app
 * @param {StaffLogFilters} filters
 * @param {string} page
 */
function staffLogPage(app, filters, page) {
  const p = Math.max(1, Math.min(100000, parseInt(page, 10) || 1));
  const { items, total } = staffLogQuery(app, filters, LOG_PAGE_SIZE, (p - 1) * LOG_PAGE_SIZE);
  /** @param {string} text */
  const parse = (text) => {
    try {
      return text ? JSON.parse(text) : null;
    } catch (_) {
      return text;
    }
  };
  return {
    page: p,
    perPage: LOG_PAGE_SIZE,
    totalItems: total,
    totalPages: Math.max(1, Math.ceil(total / LOG_PAGE_SIZE)),
    items: items.map((r) => ({
      id: r.id,
      created: r.created,
      actorCollection: r.actorCollection,
      actorEmail: r.actorEmail,
      action: r.action,
      targetCollection: r.targetCollection,
      targetId: r.targetId,
      reason: r.reason,
      before: parse(r.before),
      after: parse(r.after),
    })),
  };
}

/**
 * The staff log as the server writes CSV (BOM, `;`, quoted, no formulas), up to 50,000 entries:
 * the time in Berlin time as the data area shows it, the action in German and its key.
 * @param {CoreApp} app
 * @param {StaffLogFilters} filters
 */
function staffLogCsv(app, filters) {
  const { items } = staffLogQuery(app, filters, 50000, 0);
  const { berlinDay } = require(`${__hooks}/lib/clock.js`);
  const { staffLogLabel } = require(`${__hooks}/vendor/rules.js`);
  return require(`${__hooks}/lib/csv.js`).write(
    ['Zeitpunkt (Berlin)', 'Rolle', 'Wer', 'Aktion', 'Aktionsschlüssel', 'Ziel', 'Ziel-ID', 'Grund', 'Vorher', 'Nachher'],
    items.map((r) => {
      const when = berlinDay(String(r.created).replace(' ', 'T'));
      return [
        `${when.date} ${when.time}`,
        r.actorCollection,
        r.actorEmail,
        staffLogLabel(r.action),
        r.action,
        r.targetCollection,
        r.targetId,
        r.reason,
        r.before,
        r.after,
      ];
    }),
  );
}

module.exports = { write, createLogged, staffLogQuery, staffLogPage, staffLogCsv };
