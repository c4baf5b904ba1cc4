/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The append-only staff log: who did what, when, to which record, why, before and after.
// Written by the server only (the collection has no API write rules); call it with the
// transaction's app of the action it records.

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

module.exports = { write, createLogged };
