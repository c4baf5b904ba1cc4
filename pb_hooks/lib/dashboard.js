/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The campaign at a glance (issue 19). Every figure is one query over an index (covering
// where it can be), except the sales volume per week: summing millions of sales rows takes
// seconds, so it is kept in `sales_weekly`, rewritten after every import (and at a start or
// a read that finds it missing). Weeks are ISO weeks, computed here from days.

/** @type {HookModules['database']['rowsOf']} */
const rowsOf = (app, sql, params, shape, db) => require(`${__hooks}/lib/database.js`).rowsOf(app, sql, params, shape, db);

/** @param {CoreApp} app */
function activeCampaign(app) {
  try {
    return app.findFirstRecordByFilter('campaigns', 'active = true');
  } catch (_) {
    return null;
  }
}

/**
 * 'YYYY-MM-DD…' → its ISO week 'YYYY-Www' (the week of its Thursday, in that Thursday's year).
 * @param {string} day
 */
function isoWeek(day) {
  const d = new Date(`${String(day).slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return '';
  d.setUTCDate(d.getUTCDate() + 3 - ((d.getUTCDay() + 6) % 7));
  const year = d.getUTCFullYear();
  const week = Math.floor((d.getTime() - Date.UTC(year, 0, 1)) / 86400000 / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Day rows ({ day, …fields }) summed into ISO weeks, oldest first; `total` is money, summed in cents.
 * @param {Array<{ day: string } & Record<string, any>>} days
 * @param {string[]} fields
 * @returns {Array<{ week: string } & Record<string, number>>}
 */
function byWeek(days, fields) {
  /** @type {Map<string, Record<string, number>>} */
  const weeks = new Map();
  for (const row of days) {
    const week = isoWeek(row.day);
    if (!week) continue;
    const into = weeks.get(week) || {};
    for (const f of fields) into[f] = (into[f] || 0) + (f === 'total' ? Math.round(row[f] * 100) : row[f]);
    weeks.set(week, into);
  }
  return [...weeks.keys()].sort().map((week) => {
    const v = /** @type {Record<string, number>} */ (weeks.get(week));
    /** @type {{ week: string } & Record<string, any>} */
    const out = { week };
    for (const f of fields) out[f] = f === 'total' ? v[f] / 100 : v[f];
    return out;
  });
}

/** Rows of sales_data summed per statement when the weeks are recomputed (a short read each). */
const ROWS_PER_READ = 50000;

/**
 * Recomputes the campaign's sales volume per ISO week (a read by day), then replaces the rows
 * in one short transaction. The read goes through data.db's writer connection in ranges of
 * rows: a whole-table scan on a reader connection filled another 32 MB page cache after every
 * import (docs/performance.md); each range holds the writer for a moment only.
 * @param {CoreApp} app
 * @param {string} campaignId
 */
function writeSalesWeekly(app, campaignId) {
  const db = app.nonconcurrentDB();
  const last = rowsOf(app, 'SELECT COALESCE(MAX(rowid), 0) AS n FROM sales_data', {}, { n: 0 }, db)[0].n;
  const byDay = new Map();
  for (let after = 0; after < last; after += ROWS_PER_READ) {
    const part = rowsOf(
      app,
      `SELECT deliverydate AS day, CAST(ROUND(SUM(sales) * 100) AS INTEGER) AS cents, COUNT(*) AS n FROM sales_data
        WHERE rowid > {:after} AND rowid <= {:upto} AND campaign = {:c} GROUP BY deliverydate`,
      { c: campaignId, after, upto: after + ROWS_PER_READ },
      { day: '', cents: 0, n: 0 },
      db,
    );
    for (const r of part) {
      const into = byDay.get(r.day) || { cents: 0, n: 0 };
      into.cents += r.cents;
      into.n += r.n;
      byDay.set(r.day, into);
    }
  }
  const days = [...byDay.entries()].map(([day, v]) => ({ day, total: v.cents / 100, n: v.n }));
  const weeks = byWeek(days, ['total', 'n']);
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    tx.db().newQuery('DELETE FROM sales_weekly WHERE campaign = {:c}').bind({ c: campaignId }).execute();
    tx.db()
      .newQuery(
        `INSERT INTO sales_weekly (id, campaign, week, total, rowCount)
         SELECT substr(lower(hex(randomblob(8))), 1, 15), {:c}, w.value ->> 0, w.value ->> 1, w.value ->> 2 FROM json_each({:weeks}) AS w`,
      )
      .bind({ c: campaignId, weeks: JSON.stringify(weeks.map((w) => [w.week, w.total, w.n])) })
      .execute();
  });
}

/**
 * Fills sales_weekly when it is empty but sales exist (data loaded before it existed, straight into SQLite, or changed outside an import).
 * @param {CoreApp} app
 * @param {core.Record | null} [chosen] the campaign (the active one when not given)
 */
function ensureSalesWeekly(app, chosen) {
  const campaign = chosen || activeCampaign(app);
  if (!campaign) return;
  const have = rowsOf(app, 'SELECT COUNT(*) AS n FROM sales_weekly WHERE campaign = {:c}', { c: campaign.id }, { n: 0 })[0].n;
  if (have > 0) return;
  const sales = rowsOf(
    app,
    'SELECT COUNT(*) AS n FROM (SELECT 1 FROM sales_data WHERE campaign = {:c} LIMIT 1)',
    { c: campaign.id },
    { n: 0 },
  )[0].n;
  if (sales > 0) writeSalesWeekly(app, campaign.id);
}

/**
 * Sales rows changed outside an import (superuser API, demo data): the next dashboard read recomputes.
 * @param {CoreApp} app
 * @param {string} campaignId
 */
function invalidateSalesWeekly(app, campaignId) {
  app.db().newQuery('DELETE FROM sales_weekly WHERE campaign = {:c}').bind({ c: campaignId }).execute();
}

/**
 * Every figure of the dashboard, for the campaign `campaignId` or, without one, the campaign in
 * force (issue 60: the dashboard can be filtered by campaign). Workshops, registrations, the
 * review backlog, the 8-week promise and the centres belong to no campaign and stay whole.
 * @param {CoreApp} app
 * @param {string} campaignId
 */
function figures(app, campaignId) {
  let campaign = null;
  if (campaignId) {
    try {
      campaign = app.findRecordById('campaigns', campaignId);
    } catch (_) {
      throw new NotFoundError(require(`${__hooks}/vendor/rules.js`).CAMPAIGN_MESSAGES.notFound);
    }
  } else campaign = activeCampaign(app);
  ensureSalesWeekly(app, campaign);
  const c = campaign ? campaign.id : '';
  // Ages in real time: the workshops wait in real days (decision 035).
  const now = require(`${__hooks}/lib/clock.js`).realStamp();
  // By day through the (created, verified) index, summed into weeks here: the last 26 weeks.
  const registrations = byWeek(
    rowsOf(
      app,
      'SELECT substr(created, 1, 10) AS day, COUNT(*) AS registered, COALESCE(SUM(verified), 0) AS verified FROM users GROUP BY day',
      {},
      { day: '', registered: 0, verified: 0 },
    ),
    ['registered', 'verified'],
  );
  const sales = rowsOf(
    app,
    'SELECT week, total, rowCount FROM sales_weekly WHERE campaign = {:c} ORDER BY week',
    { c },
    { week: '', total: 0.5, rowCount: 0 },
  );
  const codes = rowsOf(
    app,
    'SELECT status, COUNT(*) AS n FROM vouchers WHERE campaign = {:c} GROUP BY status',
    { c },
    { status: '', n: 0 },
  );
  /** @param {string} status */
  const count = (status) => (codes.find((x) => x.status === status) || { n: 0 }).n;
  // Paid payouts, those of deleted workshops included: they live on as booking vouchers (issue 58:
  // 'Ausgezahlt 1' after a deletion although the batch paid 2).
  const paid = rowsOf(
    app,
    `SELECT (SELECT COUNT(*) FROM payouts WHERE status = 'paid' AND campaign = {:c})
          + (SELECT COUNT(*) FROM retained_records WHERE kind = 'payout' AND json_extract(data, '$.campaign') = {:c}) AS n`,
    { c },
    { n: 0 },
  )[0].n;
  const backlog = rowsOf(
    app,
    `SELECT CASE WHEN d <= 7 THEN 0 WHEN d <= 14 THEN 1 WHEN d <= 28 THEN 2 ELSE 3 END AS bucket, COUNT(*) AS n
       FROM (SELECT julianday({:now}) - julianday(created) AS d FROM submissions WHERE status = 'pending') GROUP BY bucket`,
    { now },
    { bucket: 0, n: 0 },
  );
  // Against the 8-week promise: submissions not yet paid, by time since they arrived.
  const promise = rowsOf(
    app,
    `SELECT CASE WHEN d > 56 THEN 'red' WHEN d > 42 THEN 'amber' ELSE 'ok' END AS level, COUNT(*) AS n
       FROM (SELECT julianday({:now}) - julianday(s.created) AS d FROM submissions s LEFT JOIN payouts p ON p.submission = s.id
              WHERE s.status IN ('pending', 'passed') AND COALESCE(p.status, '') != 'paid')
      GROUP BY level`,
    { now },
    { level: '', n: 0 },
  );
  // A workshop links to a centre once (unique index), so counting links counts workshops.
  const centres = rowsOf(
    app,
    `SELECT n.partnerName AS name, n.city AS city, top.workshops AS workshops
       FROM (SELECT noraLz, COUNT(*) AS workshops FROM user_lz_connections GROUP BY noraLz ORDER BY workshops DESC LIMIT 10) AS top
       JOIN nora_lz n ON n.id = top.noraLz ORDER BY top.workshops DESC, n.partnerName`,
    {},
    { name: '', city: '', workshops: 0 },
  );
  const workshops = rowsOf(
    app,
    'SELECT COUNT(*) AS total, COALESCE(SUM(verified), 0) AS verified FROM users',
    {},
    { total: 0, verified: 0 },
  )[0];
  const records = require(`${__hooks}/lib/campaign-records.js`);
  return {
    campaign: campaign ? { id: campaign.id, label: records.labelOf(campaign) } : null,
    campaigns: records.options(app),
    workshops: { total: workshops.total, verified: workshops.verified },
    registrations: registrations.slice(-26).map((r) => ({ week: r.week, total: r.registered, verified: r.verified })),
    sales: sales.map((s) => ({ week: s.week, total: s.total, rows: s.rowCount })),
    codes: {
      issued: count('open') + count('audit') + count('closed'),
      open: count('open'),
      audit: count('audit'),
      closed: count('closed'),
      paid,
    },
    backlog: require(`${__hooks}/vendor/rules.js`).BACKLOG_LABELS.map((bucket, i) => ({
      bucket,
      n: (backlog.find((b) => b.bucket === i) || { n: 0 }).n,
    })),
    promise: ['ok', 'amber', 'red'].map((level) => ({ level, n: (promise.find((p) => p.level === level) || { n: 0 }).n })),
    centres: centres.map((x) => ({ name: x.name, city: x.city, workshops: x.workshops })),
    // The portal's copies (issue 38): replica and last full backup.
    copies: require(`${__hooks}/lib/replication.js`).status(app),
  };
}

module.exports = { isoWeek, figures, writeSalesWeekly, ensureSalesWeekly, invalidateSalesWeekly };
