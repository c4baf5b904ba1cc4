// @ts-check
// The demo's running campaign (issue 60): made once, on the day `npm start` first loads the demo,
// so a newcomer sees a live campaign on real time (no pinned clock) beside 2025, which stays as a
// closed campaign with its codes and payouts. Its sales period began 60 days before that day and
// runs 180 days; its redeem window opened 30 days before that day. The demo workshop has sales in
// it and one open code it can redeem today.

const DAY = 24 * 3600 * 1000;
export const CURRENT_IDS = {
  campaign: 'demoaktionlauf1',
  sales: ['demoumsatzlauf1', 'demoumsatzlauf2'],
  voucher: 'democodelaufen1',
};
export const CURRENT_CODE = 'NORA-L4UF-3NDE';

const iso = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(0, 10);
// Day boundaries as Berlin reads them closely enough for demo dates: a start at 00:00 UTC and an
// end at 21:59:59.999 UTC fall on the same Berlin day in summer and in winter.
const startOf = (/** @type {number} */ ms) => `${iso(ms)} 00:00:00.000Z`;
const endOf = (/** @type {number} */ ms) => `${iso(ms)} 21:59:59.999Z`;

/**
 * The running campaign's facts for `today` (ms), after `previous` (the latest campaign record).
 * @param {number} today
 * @param {{ campaignEnd: string, year: number }} previous
 */
export function currentCampaignFacts(today, previous) {
  const afterPrevious = Date.parse(previous.campaignEnd.replace(' ', 'T')) + DAY;
  const start = Math.max(today - 60 * DAY, afterPrevious);
  const end = start + 180 * DAY;
  const year = Math.max(new Date(end).getUTCFullYear(), previous.year + 1);
  return {
    name: `NORA Cashback-Aktion ${year}`,
    year,
    campaignStart: startOf(start),
    campaignEnd: endOf(end),
    redeemStart: startOf(Math.max(start, today - 30 * DAY)),
    redeemEnd: endOf(end + 30 * DAY),
    invoiceDateCutoff: endOf(end),
    drawRegistrationDeadline: endOf(start + 90 * DAY),
  };
}

/**
 * Creates the running campaign and the demo workshop's part in it, once (fixed ids); later
 * starts leave them as they are. Returns whether it created the campaign.
 * @param {import('pocketbase').default} pb a superuser's client
 * @param {{ workshopId: string, connections: { bnr: string, knr: string, gpnr: string }[], today?: number }} demo
 */
export async function seedCurrentCampaign(pb, { workshopId, connections, today = Date.now() }) {
  try {
    await pb.collection('campaigns').getOne(CURRENT_IDS.campaign);
    return false;
  } catch (err) {
    if (/** @type {{ status?: number }} */ (err)?.status !== 404) throw err;
  }
  const previous = /** @type {import('pocketbase').RecordModel & { campaignEnd: string, year: number }} */ (
    await pb.collection('campaigns').getFirstListItem('', { sort: '-campaignStart' })
  );
  const facts = currentCampaignFacts(today, previous);
  /** @type {Record<string, unknown>} */
  const copy = {};
  for (const key of [
    'codePrefix',
    'threshold',
    'reward',
    'contactEmail',
    'maxSalesPerRow',
    'maxCodesPerWeek',
    'maxCodesPerWorkshopPerWeek',
  ]) {
    copy[key] = previous[key];
  }
  for (const key of ['headline', 'teaser', 'terms', 'faq', 'partsGroups']) copy[key] = previous[key];
  await pb
    .collection('campaigns')
    .create({ id: CURRENT_IDS.campaign, ...copy, ...facts, status: 'released', textVersion: 1, active: false });
  await pb.collection('campaign_texts').create({
    campaign: CURRENT_IDS.campaign,
    version: 1,
    headline: copy.headline,
    teaser: copy.teaser,
    terms: copy.terms,
    faq: copy.faq,
    partsGroups: copy.partsGroups,
  });
  // The campaign in force now: the server moves 'active' each minute too; here at once.
  for (const c of await pb.collection('campaigns').getFullList({ filter: 'active = true' })) {
    await pb.collection('campaigns').update(c.id, { active: false });
  }
  await pb.collection('campaigns').update(CURRENT_IDS.campaign, { active: true });

  // 600,50 € in the running campaign: one code, open.
  for (const [i, [daysAgo, sales]] of /** @type {[number, number][]} */ ([
    [20, 420.0],
    [10, 180.5],
  ]).entries()) {
    const c = /** @type {(typeof connections)[number]} */ (connections[i % connections.length]);
    await pb.collection('sales_data').create({
      id: CURRENT_IDS.sales[i],
      user: workshopId,
      campaign: CURRENT_IDS.campaign,
      bnr: c.bnr,
      knr: c.knr,
      gpnr: c.gpnr,
      deliverydate: iso(today - daysAgo * DAY),
      sales,
    });
  }
  await pb.collection('vouchers').create({
    id: CURRENT_IDS.voucher,
    code: CURRENT_CODE,
    status: 'open',
    tier: 1,
    user: workshopId,
    campaign: CURRENT_IDS.campaign,
  });
  return true;
}
