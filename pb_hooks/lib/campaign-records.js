/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Reading campaigns (issue 60): their facts and texts from a record, their label, the released
// ones, the campaign in force on the campaign clock (the public pages, 'active'), and the terms a
// workshop accepted. The administrators' job (copy, edit, release) is lib/campaigns.js.

const rules = () => require(`${__hooks}/vendor/rules.js`);
const FACTS = [
  'name',
  'year',
  'codePrefix',
  'threshold',
  'reward',
  'campaignStart',
  'campaignEnd',
  'redeemStart',
  'redeemEnd',
  'invoiceDateCutoff',
  'drawRegistrationDeadline',
  'contactEmail',
];
const NUMBERS = ['year', 'threshold', 'reward'];
const TEXTS = ['headline', 'teaser', 'terms', 'faq', 'partsGroups'];

/**
 * JSON fields come back from the record as bytes; read them as values.
 * @param {core.Record} record
 * @param {string} key
 */
function jsonOf(record, key) {
  try {
    const value = JSON.parse(record.getString(key) || 'null');
    return Array.isArray(value) ? value : [];
  } catch (_) {
    return [];
  }
}

/**
 * @param {core.Record} record
 * @returns {any} the facts (rulebook's CampaignFactsInput)
 */
function factsOf(record) {
  /** @type {Record<string, string | number>} */
  const f = {};
  for (const key of FACTS) {
    if (key === 'year') f[key] = record.getInt(key);
    else if (NUMBERS.indexOf(key) >= 0) f[key] = record.getFloat(key);
    else f[key] = record.getString(key);
  }
  return f;
}

/** @param {core.Record} record */
function textsOf(record) {
  return {
    headline: record.getString('headline'),
    teaser: record.getString('teaser'),
    terms: record.getString('terms'),
    faq: jsonOf(record, 'faq'),
    partsGroups: jsonOf(record, 'partsGroups'),
  };
}

/** The campaign clock's now in ms (lib/clock.js: real time unless pinned). */
const nowMs = () => require(`${__hooks}/lib/clock.js`).now().getTime();

/**
 * A campaign's label in SQL for the table alias `c`: its name, with its year when the name lacks
 * it (the rulebook's campaignLabel, for queries that build whole answers in SQLite).
 * @param {string} c
 */
function labelSql(c) {
  return `CASE WHEN instr(${c}.name, CAST(${c}.year AS TEXT)) > 0 THEN ${c}.name ELSE ${c}.name || ' ' || ${c}.year END`;
}

/**
 * The label of a campaign record (the same rule as labelSql).
 * @param {core.Record} record
 */
function labelOf(record) {
  return rules().campaignLabel(record.getString('name'), record.getInt('year'));
}

/**
 * The released campaigns, by start.
 * @param {CoreApp} app
 * @param {boolean} [newestFirst]
 */
function released(app, newestFirst) {
  return app.findRecordsByFilter('campaigns', "status = 'released'", newestFirst ? '-campaignStart' : 'campaignStart', 1000, 0);
}

/**
 * The released campaigns as choices for staff lists, newest first.
 * @param {CoreApp} app
 */
function options(app) {
  return released(app, true).map((c) => ({ id: c.id, label: labelOf(c), active: c.getBool('active') }));
}

/**
 * The campaign in force at the campaign clock's now (the rulebook's campaignInForce), or null.
 * @param {CoreApp} app
 */
function inForce(app) {
  const all = released(app);
  /** @type {any[]} */
  const shapes = all.map((c) => Object.assign({ status: 'released' }, factsOf(c)));
  const chosen = rules().campaignInForce(shapes, nowMs());
  return chosen ? { record: all[shapes.indexOf(chosen)], shape: chosen } : null;
}

/**
 * Keeps `active` on the campaign in force and on no other (issue 60). The profile's totals, the
 * dashboard and the contact mailbox read 'the active campaign'; the campaign clock moving past a
 * start or an end, a release and a change move it. Writes only when it changes. Returns the
 * active campaign's id ('' when none is released).
 * @param {CoreApp} app
 */
function syncActive(app) {
  const current = inForce(app);
  const id = current ? current.record.id : '';
  const wrong = app.findRecordsByFilter('campaigns', 'active = true && id != {:id}', '', 1000, 0, { id });
  if (wrong.length === 0 && (id === '' || app.findRecordById('campaigns', id).getBool('active'))) return id;
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    for (const c of tx.findRecordsByFilter('campaigns', 'active = true && id != {:id}', '', 1000, 0, { id })) {
      c.set('active', false);
      tx.saveNoValidate(c);
    }
    if (id) {
      const c = tx.findRecordById('campaigns', id);
      c.set('active', true);
      tx.saveNoValidate(c);
    }
  });
  return id;
}

/**
 * What the public pages show: the campaign in force on the campaign clock (rulebook's
 * campaignInForce), its facts and texts; nothing staff-only. `null` campaign when none is released.
 * @param {CoreApp} app
 */
function publicView(app) {
  const now = nowMs();
  const current = inForce(app);
  const campaignNow = new Date(now).toISOString().replace('T', ' ');
  if (!current) return { campaign: null, campaignNow };
  const c = current.record;
  return {
    campaignNow,
    campaign: Object.assign({ id: c.id }, factsOf(c), textsOf(c), {
      phase: rules().campaignPhase(current.shape, now),
      textVersion: c.getInt('textVersion'),
    }),
  };
}

/**
 * Sets on a new workshop the campaign in force and the version of its texts it accepts.
 * @param {CoreApp} app
 * @param {core.Record} user
 */
function recordAcceptedTerms(app, user) {
  let campaign;
  try {
    campaign = app.findFirstRecordByFilter('campaigns', 'active = true');
  } catch (_) {
    return;
  }
  user.set('termsCampaign', campaign.id);
  user.set('termsVersion', campaign.getInt('textVersion'));
}

/**
 * The terms `user` accepted: that campaign's facts and the text version of then, for the
 * Aktionsbedingungen page. `accepted: null` for an account without a record of it.
 * @param {CoreApp} app
 * @param {core.Record} user
 */
function acceptedTerms(app, user) {
  const campaignId = user.getString('termsCampaign');
  const version = user.getInt('termsVersion');
  if (!campaignId || version < 1) return { accepted: null };
  let campaign;
  let text;
  try {
    campaign = app.findRecordById('campaigns', campaignId);
    text = app.findFirstRecordByFilter('campaign_texts', 'campaign = {:c} && version = {:v}', { c: campaignId, v: version });
  } catch (_) {
    return { accepted: null };
  }
  return {
    accepted: Object.assign({ id: campaign.id }, factsOf(campaign), textsOf(text), {
      version,
      versionCreated: text.getString('created'),
    }),
  };
}

module.exports = {
  FACTS,
  NUMBERS,
  TEXTS,
  factsOf,
  textsOf,
  nowMs,
  labelSql,
  labelOf,
  released,
  options,
  inForce,
  syncActive,
  publicView,
  recordAcceptedTerms,
  acceptedTerms,
};
