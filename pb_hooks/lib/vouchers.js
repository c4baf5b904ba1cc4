/// <reference path="../../pb_data/types.d.ts" />

// No 0/O/1/I, so a code read aloud or typed from paper is unambiguous (DECISIONS section 4).
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newCode(prefix) {
  return `${prefix}-${$security.randomStringWithAlphabet(4, ALPHABET)}-${$security.randomStringWithAlphabet(4, ALPHABET)}`;
}

function formatEuro(value) {
  const [whole, cents] = Number(value).toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents} €`;
}

/**
 * Issues one voucher per threshold crossed and not yet issued, for the given users. The
 * unique (user, campaign, tier) index makes this idempotent: running it twice, or for the
 * same file twice, never issues a threshold's code again. Codes are never revoked.
 */
function issueVouchers(app, campaign, userIds) {
  if (!userIds || userIds.length === 0) return 0;
  const threshold = campaign.getFloat('threshold');
  const prefix = campaign.getString('codePrefix');
  const collection = app.findCollectionByNameOrId('vouchers');
  // Shapes with a fraction: DynamicModel scans into float64 only when the sample value is one.
  const due = arrayOf(new DynamicModel({ user: '', total: 0.5, issued: 0.5 }));
  app
    .db()
    .newQuery(
      `SELECT t.user AS user, t.totalSales AS total,
              COALESCE((SELECT MAX(v.tier) FROM vouchers v WHERE v.user = t.user AND v.campaign = t.campaign), 0) AS issued
         FROM sales_totals t
        WHERE t.campaign = {:campaign} AND t.user IN (SELECT value FROM json_each({:ids}))`,
    )
    .bind({ campaign: campaign.id, ids: JSON.stringify(userIds) })
    .all(due);

  let issuedNow = 0;
  for (const row of due) {
    const earned = Math.floor((row.total + 1e-9) / threshold);
    const issued = Math.round(row.issued);
    if (earned <= issued) continue;
    const codes = [];
    for (let tier = issued + 1; tier <= earned; tier++) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const voucher = new Record(collection);
        voucher.set('code', newCode(prefix));
        voucher.set('status', 'open');
        voucher.set('user', row.user);
        voucher.set('campaign', campaign.id);
        voucher.set('tier', tier);
        try {
          app.save(voucher);
          codes.push(voucher.getString('code'));
          issuedNow++;
          break;
        } catch (_) {
          // Another import issued this tier meanwhile: nothing to do. A code collision: try a new code.
          if (
            app.findRecordsByFilter('vouchers', 'user = {:u} && campaign = {:c} && tier = {:t}', '', 1, 0, {
              u: row.user,
              c: campaign.id,
              t: tier,
            }).length > 0
          )
            break;
        }
      }
    }
    if (codes.length > 0) sendCodes(app, row.user, codes, campaign, row.total);
  }
  return issuedNow;
}

function sendCodes(app, userId, codes, campaign, total) {
  const mail = require(`${__hooks}/lib/mail.js`);
  try {
    const user = app.findRecordById('users', userId);
    const reward = formatEuro(campaign.getFloat('reward'));
    const list = codes.map((c) => `<strong>${mail.escapeHtml(c)}</strong>`).join('<br>');
    const html = mail.render(`${user.getString('firstName')} ${user.getString('lastName')}`, [
      `herzlichen Glückwunsch! Mit einem Einkaufsvolumen von ${mail.escapeHtml(formatEuro(total))} haben Sie ${
        codes.length === 1 ? `einen neuen Cashback-Code über ${reward}` : `${codes.length} neue Cashback-Codes über je ${reward}`
      } erhalten:`,
      list,
      `So lösen Sie ${codes.length === 1 ? 'ihn' : 'sie'} ein: Melden Sie sich im Portal an, öffnen Sie „Cashback einlösen“, laden Sie die Rechnung Ihres nächsten Einkaufs hoch und geben Sie den Code und Ihre Bankverbindung ein. Der Code ist nicht übertragbar.`,
    ]);
    const subject = codes.length === 1 ? `Ihr Cashback-Code ${codes[0]}` : `Ihre ${codes.length} neuen Cashback-Codes`;
    mail.sendMail(app, user.email(), subject, html);
  } catch (err) {
    app.logger().error('voucher mail failed', 'user', userId, 'error', String(err));
  }
}

module.exports = { issueVouchers, newCode, ALPHABET };
