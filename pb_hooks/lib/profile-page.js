/// <reference path="../../pb_data/types.d.ts" />

// Everything the workshop's profile page shows, in one answer (issue 21, decision record
// 019): the profile with its centres in the order the workshop linked them, the totals of
// the active campaign, the newest 100 codes with the date a code's payout was paid, and the
// payouts the bank returned. Each part is one indexed query on the workshop's own rows;
// the route's only check is that the caller is a signed-in workshop.

const VOUCHERS_SHOWN = 100;

function rows(app, sql, params, shape) {
  const out = arrayOf(new DynamicModel(shape));
  app.db().newQuery(sql).bind(params).all(out);
  return out;
}

function profilePage(app, userId) {
  const id = { id: userId };
  const fields = require(`${__hooks}/lib/vendor/rules.js`).WORKSHOP_FIELDS;
  const shape = { email: '', verified: false };
  for (const field of fields) shape[field] = '';
  const user = new DynamicModel(shape);
  app
    .db()
    .newQuery(`SELECT email, verified, ${fields.join(', ')} FROM users WHERE id = {:id}`)
    .bind(id)
    .one(user);
  const profile = { id: userId, email: user.email, verified: user.verified === true };
  for (const field of fields) profile[field] = user[field];

  const connections = rows(
    app,
    `SELECT c.id AS id, c.noraLz AS noraLz, c.customerNumber AS customerNumber, COALESCE(n.partnerName, '') AS partnerName
       FROM users u, json_each(CASE WHEN json_valid(u.noraLZConnections) THEN u.noraLZConnections ELSE '[]' END) j
       JOIN user_lz_connections c ON c.id = j.value
       LEFT JOIN nora_lz n ON n.id = c.noraLz
      WHERE u.id = {:id}
      ORDER BY j.key`,
    id,
    { id: '', noraLz: '', customerNumber: '', partnerName: '' },
  );

  const stats = rows(app, 'SELECT totalSales, totalCashback, toNextCashback FROM user_stats_view WHERE id = {:id} LIMIT 1', id, {
    totalSales: 0.5,
    totalCashback: 0.5,
    toNextCashback: 0.5,
  });

  const vouchers = rows(
    app,
    `SELECT v.id AS id, v.code AS code, v.status AS status, v.created AS created,
            COALESCE(c.name || ' ' || c.year, '-') AS campaignLabel,
            COALESCE((SELECT p.paidOn FROM payouts p WHERE p.user = v.user AND p.voucher = v.id AND p.status = 'paid' LIMIT 1), '') AS paidOn
       FROM vouchers v LEFT JOIN campaigns c ON c.id = v.campaign
      WHERE v.user = {:id}
      ORDER BY v.created DESC, v.id DESC
      LIMIT ${VOUCHERS_SHOWN}`,
    id,
    { id: '', code: '', status: '', created: '', campaignLabel: '', paidOn: '' },
  );

  const returned = rows(
    app,
    `SELECT id, endToEndId, returnReason, iban, accountHolder FROM payouts
      WHERE user = {:id} AND status = 'returned' ORDER BY created`,
    id,
    { id: '', endToEndId: '', returnReason: '', iban: '', accountHolder: '' },
  );

  return {
    profile: Object.assign(profile, {
      connections: connections.map((c) => ({ id: c.id, noraLz: c.noraLz, customerNumber: c.customerNumber, partnerName: c.partnerName })),
    }),
    stats: stats.length
      ? { totalSales: stats[0].totalSales, totalCashback: stats[0].totalCashback, toNextCashback: stats[0].toNextCashback }
      : null,
    vouchers: vouchers.map((v) => ({
      id: v.id,
      code: v.code,
      status: v.status,
      created: v.created,
      campaignLabel: v.campaignLabel,
      paidOn: v.paidOn || undefined,
    })),
    returned: returned.map((p) => ({
      id: p.id,
      endToEndId: p.endToEndId,
      returnReason: p.returnReason,
      iban: p.iban,
      accountHolder: p.accountHolder,
    })),
  };
}

module.exports = { profilePage, VOUCHERS_SHOWN };
