/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The sales import's plausibility gate (DECISIONS sections 5 and 8, decision 029): what merging a
// file's staged rows would do (counts, codes per workshop and campaign) and whether the codes of
// the last 7 days with it stay within the campaigns' limits. Used by lib/sales-import.js.

const pipeline = () => require(`${__hooks}/lib/import-pipeline.js`);
const staging = () => require(`${__hooks}/lib/import-staging.js`);
/** @type {HookModules['database']['rowOf']} */
const one = (app, sql, params, shape) => require(`${__hooks}/lib/database.js`).rowOf(app, sql, params, shape);

const GATE_ERRORS = require(`${__hooks}/vendor/rules.js`).GATE_MESSAGES;

/** Workshops whose totals and codes the forecast reads in one statement (it holds the writer's connection meanwhile). */
const WORKSHOPS_PER_LOOKUP = 5000;

/**
 * What merging the staged rows would do: new/unchanged/updated counts, and per workshop the
 * codes it would newly earn. Reads only: the staged rows in key order, a range of positions
 * at a time, each looked up in sales_data's identity index.
 * @param {CoreApp} app
 * @param {string} fileId
 * @param {core.Record[]} campaigns
 */
function forecast(app, fileId, campaigns) {
  const vouchers = require(`${__hooks}/lib/vouchers.js`);
  const sorted = `staging.${staging().tables(fileId).sorted}`;
  const total = staging().count(app, fileId);
  // Cents per campaign and workshop: a file may hold rows of two campaigns (issue 60).
  /** @type {Record<string, Record<string, number>>} */
  const perCampaign = {};
  /** @type {{ staged: number, fresh: number, unchanged: number, codes: number, workshops: number, maxPerWorkshop: number, perWorkshop: Object<string, number>, campaigns: string[] }} */
  const result = { staged: 0, fresh: 0, unchanged: 0, codes: 0, workshops: 0, maxPerWorkshop: 0, perWorkshop: {}, campaigns: [] };
  let size = pipeline().MAX_CHUNK;
  for (let after = 0; after < total;) {
    const db = staging().attached(app);
    const upto = after + size;
    const rows = arrayOf(new DynamicModel({ campaign: '', user: '', staged: 0, fresh: 0, unchanged: 0, cents: 0 }));
    size = pipeline().adaptChunk(size, () => {
      db.newQuery(
        `SELECT s.campaign AS campaign, s.user AS user, COUNT(*) AS staged,
                SUM(CASE WHEN d.id IS NULL THEN 1 ELSE 0 END) AS fresh,
                SUM(CASE WHEN d.id IS NOT NULL AND d.sales = s.sales THEN 1 ELSE 0 END) AS unchanged,
                CAST(SUM(ROUND((s.sales - COALESCE(d.sales, 0)) * 100)) AS INTEGER) AS cents
           FROM ${sorted} s
           LEFT JOIN sales_data d ON d.user = s.user AND d.bnr = s.bnr AND d.knr = s.knr AND d.gpnr = s.gpnr
                                 AND d.deliverydate = s.deliverydate
          WHERE s.pos > {:after} AND s.pos <= {:upto} AND s.first = 0
          GROUP BY s.campaign, s.user`,
      )
        .bind({ after, upto })
        .all(rows);
    });
    after = upto;
    for (const r of rows) {
      result.staged += r.staged;
      result.fresh += r.fresh;
      result.unchanged += r.unchanged;
      const perUser = (perCampaign[r.campaign] = perCampaign[r.campaign] || {});
      perUser[r.user] = (perUser[r.user] || 0) + r.cents;
    }
  }
  for (const campaign of campaigns) {
    const perUser = perCampaign[campaign.id];
    if (!perUser) continue;
    result.campaigns.push(campaign.id);
    const threshold = campaign.getFloat('threshold');
    const users = Object.keys(perUser);
    for (let from = 0; from < users.length; from += WORKSHOPS_PER_LOOKUP) {
      const now = arrayOf(new DynamicModel({ user: '', current: 0.5, issued: 0 }));
      // On the import's own connection (8 MB of page cache), a part of the workshops at a time:
      // through app.db() these reads of every workshop's totals and codes filled a read
      // connection's 32 MB cache, which it kept after the import.
      app
        .nonconcurrentDB()
        .newQuery(
          `SELECT u.value AS user, COALESCE(t.totalSales, 0) AS current,
                  COALESCE((SELECT MAX(v.tier) FROM vouchers v WHERE v.user = u.value AND v.campaign = {:campaign}), 0) AS issued
             FROM json_each({:users}) AS u LEFT JOIN sales_totals t ON t.user = u.value AND t.campaign = {:campaign}`,
        )
        .bind({ users: JSON.stringify(users.slice(from, from + WORKSHOPS_PER_LOOKUP)), campaign: campaign.id })
        .all(now);
      for (const r of now) {
        const earned = vouchers.codesEarned((Math.round(r.current * 100) + perUser[r.user]) / 100, threshold);
        const more = Math.max(0, earned - r.issued);
        if (more > 0) {
          result.codes += more;
          result.perWorkshop[r.user] = (result.perWorkshop[r.user] || 0) + more;
        }
      }
    }
  }
  for (const user of Object.keys(result.perWorkshop)) {
    result.workshops += 1;
    result.maxPerWorkshop = Math.max(result.maxPerWorkshop, result.perWorkshop[user]);
  }
  return result;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * '1.234'
 * @param {number} n
 */
function count(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * The plausibility gate over the last 7 days (DECISIONS sections 5 and 8, decision 029): the
 * codes this file would issue are added to the codes the campaign issued in the week (by any
 * file and uploader) and to those of imports being applied right now; per workshop the same.
 * Past the campaign's maxCodesPerWeek or maxCodesPerWorkshopPerWeek the file is held. Real
 * time, not the campaign clock: codes carry their real creation time. Runs in the transaction
 * that writes the file's commit point.
 * @param {CoreApp} tx
 * @param {string} fileId
 * @param {core.Record[]} campaigns
 * @param {ReturnType<typeof forecast>} f
 */
function weekGate(tx, fileId, campaigns, f) {
  const since = new Date(Date.now() - WEEK_MS).toISOString().replace('T', ' ');
  /** @type {{ held: boolean, reason: string, weekCodes: number, weekMaxPerWorkshop: number, earlier: object[] }} */
  const result = { held: false, reason: '', weekCodes: 0, weekMaxPerWorkshop: 0, earlier: [] };
  if (f.codes === 0) return result;
  // The campaigns the file's rows belong to count together, against the tightest of their limits.
  const ids = JSON.stringify(campaigns.map((c) => c.id));
  const issued = one(
    tx,
    'SELECT COUNT(*) AS n FROM vouchers WHERE campaign IN (SELECT value FROM json_each({:c})) AND created >= {:since}',
    { c: ids, since },
    { n: 0 },
  );
  // Imports past their commit point whose codes are not all issued yet.
  const running = tx.findRecordsByFilter('sales_data_files', "id != {:id} && (status = 'merging' || status = 'issuing')", '', 0, 0, {
    id: fileId,
  });
  let pending = 0;
  const pendingOf = Object.create(null);
  for (const r of running) {
    pending += Math.max(0, r.getInt('gateCodes') - r.getInt('codesIssued'));
    /** @type {Record<string, unknown>} */
    let forecastOf = {};
    try {
      forecastOf = JSON.parse(r.getString('gateForecast') || '{}') || {};
    } catch (_) {
      forecastOf = {};
    }
    for (const user of Object.keys(forecastOf)) pendingOf[user] = (pendingOf[user] || 0) + Number(forecastOf[user] || 0);
  }
  result.weekCodes = issued.n + pending + f.codes;
  const users = Object.keys(f.perWorkshop);
  const perUser = arrayOf(new DynamicModel({ user: '', n: 0 }));
  tx.db()
    .newQuery(
      `SELECT u.value AS user, (SELECT COUNT(*) FROM vouchers v WHERE v.user = u.value
                 AND v.campaign IN (SELECT value FROM json_each({:c})) AND v.created >= {:since}) AS n
         FROM json_each({:users}) AS u`,
    )
    .bind({ users: JSON.stringify(users), c: ids, since })
    .all(perUser);
  for (const r of perUser) {
    const total = r.n + (pendingOf[r.user] || 0) + f.perWorkshop[r.user];
    result.weekMaxPerWorkshop = Math.max(result.weekMaxPerWorkshop, total);
  }
  const maxWeek = campaigns
    .map((c) => c.getInt('maxCodesPerWeek'))
    .filter((n) => n > 0)
    .reduce((a, b) => (a === 0 ? b : Math.min(a, b)), 0);
  const maxWorkshop = campaigns
    .map((c) => c.getInt('maxCodesPerWorkshopPerWeek'))
    .filter((n) => n > 0)
    .reduce((a, b) => (a === 0 ? b : Math.min(a, b)), 0);
  const reasons = [];
  if (maxWeek > 0 && result.weekCodes > maxWeek) reasons.push(GATE_ERRORS.weekCodes(count(result.weekCodes), count(maxWeek)));
  if (maxWorkshop > 0 && result.weekMaxPerWorkshop > maxWorkshop) {
    reasons.push(GATE_ERRORS.weekPerWorkshop(count(result.weekMaxPerWorkshop), count(maxWorkshop)));
  }
  result.held = reasons.length > 0;
  result.reason = reasons.join(' ');
  // The files of the week that count toward it, newest first (what the data area shows).
  const earlier = arrayOf(new DynamicModel({ id: '', filename: '', created: '', status: '', codes: 0, uploader: '' }));
  tx.db()
    .newQuery(
      `SELECT f.id AS id, f.filename AS filename, f.created AS created, f.status AS status,
              CASE WHEN f.status IN ('merging', 'issuing') THEN MAX(f.gateCodes, f.codesIssued) ELSE f.codesIssued END AS codes,
              COALESCE(a.email, au.email, '') AS uploader
         FROM sales_data_files f
         LEFT JOIN administrators a ON a.id = f.adminUploaded
         LEFT JOIN auditors au ON au.id = f.auditorUploaded
        WHERE f.id != {:id} AND f.created >= {:since}
          AND (f.codesIssued > 0 OR f.status IN ('merging', 'issuing'))
        ORDER BY f.created DESC, f.id DESC
        LIMIT 20`,
    )
    .bind({ id: fileId, since })
    .all(earlier);
  result.earlier = earlier.map((r) => ({
    id: r.id,
    filename: r.filename,
    created: r.created,
    status: r.status,
    codes: r.codes,
    uploader: r.uploader,
  }));
  return result;
}

module.exports = { forecast, weekGate, GATE_ERRORS };
