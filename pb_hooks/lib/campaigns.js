/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Campaigns run by administrators (issue 60, docs/decisions/060-campaigns-run-by-administrators.md):
// a new campaign starts as a copy of the latest, is edited as a draft and released by a second
// administrator; once its period began the money facts and passed dates are frozen, texts stay
// editable and each change of them is a version. Every change is in the staff log with before and
// after, in its transaction. The rules are the rulebook's (src/rules/campaigns.ts).

const rules = () => require(`${__hooks}/vendor/rules.js`);
const records = () => require(`${__hooks}/lib/campaign-records.js`);
const { FACTS, NUMBERS, TEXTS, factsOf, textsOf, nowMs } = records();
/** @param {CoreApp} app */
const syncActive = (app) => records().syncActive(app);
/**
 * What an administrator sees of one campaign.
 * @param {core.Record} record
 * @param {number} now the campaign clock's now in ms
 */
function adminView(record, now) {
  const r = rules();
  const facts = factsOf(record);
  const status = record.getString('status') || 'draft';
  return Object.assign({ id: record.id }, facts, textsOf(record), {
    status,
    phase: r.campaignPhase(Object.assign({ status }, facts), now),
    createdBy: record.getString('createdBy'),
    updatedBy: record.getString('updatedBy'),
    releasedBy: record.getString('releasedBy'),
    releasedAt: record.getString('releasedAt'),
    textVersion: record.getInt('textVersion'),
    created: record.getString('created'),
    updated: record.getString('updated'),
  });
}

/** @param {CoreApp} app */
function list(app) {
  const now = nowMs();
  return {
    campaignNow: new Date(now).toISOString().replace('T', ' '),
    items: app.findRecordsByFilter('campaigns', '', '-campaignStart', 100, 0).map((c) => adminView(c, now)),
  };
}

/**
 * The other campaigns' names, years and periods (the overlap and year rules).
 * @param {CoreApp} tx
 * @param {string} id
 */
function othersOf(tx, id) {
  return tx.findRecordsByFilter('campaigns', 'id != {:id}', '', 1000, 0, { id: id || '' }).map((c) => ({
    name: c.getString('name'),
    year: c.getInt('year'),
    campaignStart: c.getString('campaignStart'),
    campaignEnd: c.getString('campaignEnd'),
  }));
}

/**
 * Throws PocketBase's 400 with the rulebook's field errors, when there are any.
 * @param {Record<string, string>} errors
 */
function refuseIf(errors) {
  const fields = Object.keys(errors);
  if (fields.length === 0) return;
  /** @type {Record<string, ValidationError>} */
  const data = {};
  for (const field of fields) data[field] = new ValidationError('validation_campaign', errors[field]);
  throw new BadRequestError(errors[fields[0]], data);
}

/**
 * @param {CoreApp} tx
 * @param {core.Record} admin
 * @param {string} action
 * @param {core.Record} record
 * @param {unknown} before
 * @param {unknown} after
 * @param {string} [reason]
 */
function writeLog(tx, admin, action, record, before, after, reason) {
  require(`${__hooks}/lib/staff-log.js`).write(tx, {
    actor: admin,
    action,
    target: { collection: 'campaigns', id: record.id },
    reason: reason || '',
    before,
    after,
  });
}

/**
 * @param {CoreApp} tx
 * @param {core.Record} record
 * @param {string} adminId
 */
function keepVersion(tx, record, adminId) {
  const version = new Record(tx.findCollectionByNameOrId('campaign_texts'));
  version.set('campaign', record.id);
  version.set('version', record.getInt('textVersion'));
  for (const key of TEXTS) version.set(key, record.get(key));
  version.set('author', adminId);
  tx.save(version);
}

/**
 * A moment moved by whole years (the copy's dates), as PocketBase writes dates.
 * @param {string} value
 * @param {number} years
 */
function plusYears(value, years) {
  const d = require(`${__hooks}/lib/clock.js`).parseDate(value);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().replace('T', ' ');
}

/**
 * 'Neue Aktion': a draft copied from the latest campaign, a year later (or as many years as the
 * next free year is away), its name's year replaced.
 * @param {CoreApp} app
 * @param {core.Record} admin
 */
function createFromCopy(app, admin) {
  /** @type {any} */
  let created = null;
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const latest = tx.findRecordsByFilter('campaigns', '', '-campaignStart', 1, 0);
    if (latest.length === 0) throw new BadRequestError(rules().CAMPAIGN_MESSAGES.notFound);
    const source = latest[0];
    const years = tx.findRecordsByFilter('campaigns', '', '', 1000, 0).map((c) => c.getInt('year'));
    const year = Math.max.apply(null, years) + 1;
    const shift = year - source.getInt('year');
    const record = new Record(tx.findCollectionByNameOrId('campaigns'));
    for (const key of FACTS) record.set(key, source.get(key));
    for (const key of TEXTS) record.set(key, source.get(key));
    record.set('year', year);
    const name = source.getString('name');
    const sourceYear = String(source.getInt('year'));
    record.set('name', name.indexOf(sourceYear) >= 0 ? name.split(sourceYear).join(String(year)) : `${name} ${year}`.slice(0, 100));
    for (const key of rules().DATE_FACTS) record.set(key, plusYears(source.getString(key), shift));
    record.set('status', 'draft');
    record.set('active', false);
    record.set('createdBy', admin.id);
    record.set('updatedBy', admin.id);
    record.set('textVersion', 1);
    // The plausibility gate's bounds come along (their own migration made them campaign fields).
    for (const key of ['maxSalesPerRow', 'maxCodesPerWeek', 'maxCodesPerWorkshopPerWeek']) {
      if (source.get(key) !== undefined) record.set(key, source.get(key));
    }
    tx.save(record);
    keepVersion(tx, record, admin.id);
    writeLog(tx, admin, 'campaign.create', record, { copyOf: source.id }, factsOf(record));
    created = record;
  });
  return adminView(app.findRecordById('campaigns', created.id), nowMs());
}

/**
 * The body's facts and texts over the stored ones (a field left out keeps its value).
 * @param {core.Record} record
 * @param {Record<string, any>} body
 */
function merged(record, body) {
  const facts = factsOf(record);
  /** @type {any} */
  const texts = textsOf(record);
  for (const key of FACTS) {
    if (body[key] === undefined) continue;
    facts[key] = NUMBERS.indexOf(key) >= 0 ? (typeof body[key] === 'number' ? body[key] : NaN) : String(body[key]);
  }
  for (const key of TEXTS) if (body[key] !== undefined) texts[key] = body[key];
  return { facts, texts };
}

/**
 * @param {unknown} a
 * @param {unknown} b
 */
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves an administrator's edit of one campaign; see the module's head for what may change.
 * @param {CoreApp} app
 * @param {core.Record} admin
 * @param {string} id
 * @param {Record<string, any> | null | undefined} body
 */
function update(app, admin, id, body) {
  const r = rules();
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    let record;
    try {
      record = tx.findRecordById('campaigns', id);
    } catch (_) {
      throw new NotFoundError(r.CAMPAIGN_MESSAGES.notFound);
    }
    /** @type {{ facts: any, texts: Record<string, any> }} */
    const stored = { facts: factsOf(record), texts: textsOf(record) };
    const next = merged(record, body || {});
    const errors = Object.assign({}, r.campaignTextProblems(next.texts), r.campaignFactProblems(next.facts, othersOf(tx, id)));
    const released = record.getString('status') === 'released';
    if (released) Object.assign(errors, r.frozenChanges(stored.facts, next.facts, nowMs()));
    refuseIf(errors);
    /** @type {Record<string, unknown>} */
    const before = {};
    /** @type {Record<string, unknown>} */
    const after = {};
    for (const key of FACTS) {
      if (!same(stored.facts[key], next.facts[key])) {
        before[key] = stored.facts[key];
        after[key] = next.facts[key];
        record.set(key, next.facts[key]);
      }
    }
    const factsChanged = Object.keys(after).length > 0;
    let textsChanged = false;
    for (const key of TEXTS) {
      if (!same(stored.texts[key], next.texts[key])) {
        // Long texts are logged by version, not copied into the log.
        before[key] = `Version ${record.getInt('textVersion')}`;
        after[key] = `Version ${record.getInt('textVersion') + 1}`;
        record.set(key, next.texts[key]);
        textsChanged = true;
      }
    }
    if (!factsChanged && !textsChanged) return;
    // New facts of a campaign that has not begun need a second look again.
    const started = (r.toDate(record.getString('campaignStart')).getTime() || Infinity) <= nowMs();
    if (released && factsChanged && !started) {
      record.set('status', 'draft');
      record.set('releasedBy', '');
      record.set('releasedAt', '');
      after.status = 'draft';
    }
    if (textsChanged) record.set('textVersion', record.getInt('textVersion') + 1);
    record.set('updatedBy', admin.id);
    tx.save(record);
    if (textsChanged) keepVersion(tx, record, admin.id);
    writeLog(tx, admin, 'campaign.update', record, before, after);
  });
  syncActive(app);
  return adminView(app.findRecordById('campaigns', id), nowMs());
}

/**
 * The second administrator's release: not who created or last changed the campaign.
 * @param {CoreApp} app
 * @param {core.Record} admin
 * @param {string} id
 */
function release(app, admin, id) {
  const r = rules();
  const M = r.CAMPAIGN_MESSAGES;
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    let record;
    try {
      record = tx.findRecordById('campaigns', id);
    } catch (_) {
      throw new NotFoundError(M.notFound);
    }
    if (record.getString('status') === 'released') throw new BadRequestError(M.alreadyReleased);
    if (record.getString('createdBy') === admin.id || record.getString('updatedBy') === admin.id) throw new BadRequestError(M.releaseOwn);
    const facts = factsOf(record);
    refuseIf(Object.assign({}, r.campaignTextProblems(textsOf(record)), r.campaignFactProblems(facts, othersOf(tx, id))));
    record.set('status', 'released');
    record.set('releasedBy', admin.id);
    record.set('releasedAt', new Date().toISOString().replace('T', ' '));
    tx.save(record);
    writeLog(tx, admin, 'campaign.release', record, { status: 'draft' }, { status: 'released' });
  });
  syncActive(app);
  return adminView(app.findRecordById('campaigns', id), nowMs());
}

/**
 * One campaign's text versions, newest first (what was shown when).
 * @param {CoreApp} app
 * @param {string} id
 */
function versions(app, id) {
  return app.findRecordsByFilter('campaign_texts', 'campaign = {:c}', '-version', 200, 0, { c: id }).map((v) => ({
    version: v.getInt('version'),
    created: v.getString('created'),
    author: v.getString('author'),
  }));
}

module.exports = { list, createFromCopy, update, release, versions };
