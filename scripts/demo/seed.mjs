// @ts-check
// Loads the demo data into a running PocketBase through its API, as superuser.
// Every record has a fixed id, so a second run finds them and creates nothing twice.
import PocketBase from 'pocketbase';

import { demoCentres } from './centres.mjs';
import { demoInvoicePdf } from './invoice-pdf.mjs';
import { seedCurrentCampaign } from './current-campaign.mjs';

export const DEMO_LOGINS = {
  workshop: { email: 'werkstatt@demo.nora-aktion.de', password: 'Demo-Werkstatt-2025', collection: 'users' },
  administrator: { email: 'admin@demo.nora-aktion.de', password: 'Demo-Admin-2025', collection: 'administrators' },
  // A second administrator: payout batches and held imports need four eyes.
  administrator2: { email: 'admin2@demo.nora-aktion.de', password: 'Demo-Admin2-2025', collection: 'administrators' },
  auditor: { email: 'pruefer@demo.nora-aktion.de', password: 'Demo-Pruefer-2025', collection: 'auditors' },
};

const IDS = {
  workshop: 'demowerkstatt01',
  administrator: 'demoadmin000001',
  administrator2: 'demoadmin000002',
  payout: 'demoauszahlung1',
  auditor: 'demopruefer0001',
  connections: ['demoverbindung1', 'demoverbindung2'],
  vouchers: ['demogutschein01', 'demogutschein02', 'demogutschein03'],
  submissions: ['demoeinreichun1', 'demoeinreichun2'],
  // A second workshop whose two submissions carry the review queue's signals on purpose.
  workshop2: 'demowerkstatt02',
  vouchers2: ['demogutschein04', 'demogutschein05'],
  // Its centre and the sales its two codes came from (issue 58: it had 100 € cashback from 0,00 €).
  connection2: 'demoverbindung3',
  sales2: ['demoumsatz00007', 'demoumsatz00008'],
  submissions2: ['demoeinreichun3', 'demoeinreichun4'],
};

// What the demo invoices say (the reader reads them when the portal starts, issue 61): number,
// date and total; seller and buyer are the workshop's centre and the workshop itself.
/** @type {Record<string, { number: string, date: string, net: string, gross: string }>} */
const DEMO_INVOICES = {
  demoeinreichun1: { number: 'RE-2025-0712', date: '14.08.2025', net: '500,00', gross: '595,00' },
  demoeinreichun2: { number: 'RE-2025-0815', date: '11.09.2025', net: '512,40', gross: '609,76' },
  // The same invoice number as the demo workshop's pending submission, and its IBAN.
  demoeinreichun3: { number: 'RE-2025-0815', date: '12.09.2025', net: '612,40', gross: '728,76' },
  // Dated after the campaign's last invoice date (31.10.2025).
  demoeinreichun4: { number: 'RE-2025-1103', date: '03.11.2025', net: '435,80', gross: '518,60' },
};

// Three codes, one per status, for the three thresholds the demo sales cross.
const DEMO_VOUCHERS = [
  { id: IDS.vouchers[0], code: 'NORA-K7QX-2DMA', status: 'closed', tier: 1 },
  { id: IDS.vouchers[1], code: 'NORA-P3HW-8TRE', status: 'audit', tier: 2 },
  { id: IDS.vouchers[2], code: 'NORA-Z9MF-5WSB', status: 'open', tier: 3 },
];

// 1,734.60 EUR over two centres inside the campaign period: three codes earned,
// 265.40 EUR to the next one.
const DEMO_SALES = [
  ['2025-05-20', 0, 412.3],
  ['2025-06-03', 1, 289.9],
  ['2025-06-17', 0, 356.0],
  ['2025-07-08', 1, 198.45],
  ['2025-07-29', 0, -45.5],
  ['2025-08-12', 0, 523.45],
];

/** @param {PocketBase} pb @param {string} collection @param {string} id */
async function exists(pb, collection, id) {
  try {
    await pb.collection(collection).getOne(id, { fields: 'id' });
    return true;
  } catch (err) {
    if (/** @type {{ status?: number }} */ (err)?.status === 404) return false;
    throw err;
  }
}

/**
 * Creates a record with a fixed id unless it exists; whether it created it.
 * @param {PocketBase} pb @param {string} collection @param {string} id @param {FormData | Record<string, unknown>} data
 */
async function ensure(pb, collection, id, data) {
  if (await exists(pb, collection, id)) return false;
  if (data instanceof FormData) {
    data.append('id', id);
    await pb.collection(collection).create(data);
  } else {
    await pb.collection(collection).create({ id, ...data });
  }
  return true;
}

/**
 * `worker` over `items`, `size` at a time.
 * @template T
 * @param {T[]} items @param {number} size @param {(item: T) => Promise<void>} worker
 */
async function pool(items, size, worker) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await worker(/** @type {T} */ (items[next++]));
    }),
  );
}

/** The second demo workshop (not in the printed logins; its address is not verified yet). */
export const DEMO_WORKSHOP2 = { email: 'autoservice@demo.nora-aktion.de', password: 'Demo-Werkstatt2-2025' };

/**
 * Seeds the demo data. Returns what it created, so the caller can tell a first
 * start from a later one.
 * @param {{ url: string, superuser: { email: string, password: string }, current?: boolean }} options
 */
export async function seedDemo({ url, superuser, current = false }) {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb.collection('_superusers').authWithPassword(superuser.email, superuser.password);
  const created = { centres: 0, workshop: false, currentCampaign: false };

  const campaign = await pb.collection('campaigns').getFirstListItem('year = 2025');

  const centres = demoCentres();
  const existing = new Set((await pb.collection('nora_lz').getFullList({ fields: 'id', filter: "id ~ 'demolz%'" })).map((r) => r.id));
  await pool(
    centres.filter((c) => !existing.has(c.id)),
    8,
    async (c) => {
      await pb.collection('nora_lz').create(c);
      created.centres += 1;
    },
  );

  const { administrator, auditor, workshop } = DEMO_LOGINS;
  const staff = (/** @type {{ email: string, password: string }} */ login, /** @type {Record<string, unknown>} */ extra) => ({
    email: login.email,
    password: login.password,
    passwordConfirm: login.password,
    verified: true,
    ...extra,
  });
  await ensure(pb, 'administrators', IDS.administrator, staff(administrator, { firstName: 'Anna', lastName: 'Admin' }));
  await ensure(pb, 'administrators', IDS.administrator2, staff(DEMO_LOGINS.administrator2, { firstName: 'Bernd', lastName: 'Zweitadmin' }));
  // The campaign's paying account for the SEPA export (demo values; env PORTAL_DEBTOR_* wins).
  const settings = await pb.collection('portal_settings').getFirstListItem("key = 'default'");
  if (!settings.debtorIban) {
    await pb.collection('portal_settings').update(settings.id, {
      debtorName: 'NORA Cashback-Aktion (Demo)',
      debtorIban: 'DE02120300000000202051',
      debtorBic: 'BYLADEM1001',
    });
  }
  await ensure(pb, 'auditors', IDS.auditor, staff(auditor, { firstName: 'Peter', lastName: 'Prüfer' }));

  created.workshop = await ensure(pb, 'users', IDS.workshop, {
    email: workshop.email,
    password: workshop.password,
    passwordConfirm: workshop.password,
    termsAccepted: true,
    verified: true,
    firstName: 'Karl',
    lastName: 'Schrauber',
    phone: '00493012345678',
    shopName: 'Kfz-Meisterbetrieb Schrauber',
    address: 'Werkstattweg',
    streetNumber: '7',
    zipCode: '10115',
    city: 'Berlin',
  });

  /** @typedef {ReturnType<typeof demoCentres>[number]} Centre */
  const linked = /** @type {Centre[]} */ ([centres[0], centres[1]]);
  const third = /** @type {Centre} */ (centres[2]);
  for (const [i, id] of IDS.connections.entries()) {
    await ensure(pb, 'user_lz_connections', id, {
      user: IDS.workshop,
      noraLz: /** @type {Centre} */ (linked[i]).id,
      customerNumber: `KD${48150 + i}`,
      gpnr: `GP${700100 + i}`,
    });
  }

  for (const [i, [date, centre, sales]] of /** @type {[string, number, number][]} */ (DEMO_SALES).entries()) {
    await ensure(pb, 'sales_data', `demoumsatz${String(i + 1).padStart(5, '0')}`, {
      user: IDS.workshop,
      campaign: campaign.id,
      bnr: /** @type {Centre} */ (linked[centre]).bnr,
      knr: `KD${48150 + centre}`,
      gpnr: `GP${700100 + centre}`,
      deliverydate: date,
      sales,
    });
  }

  for (const v of DEMO_VOUCHERS) {
    await ensure(pb, 'vouchers', String(v.id), { code: v.code, status: v.status, tier: v.tier, user: IDS.workshop, campaign: campaign.id });
  }

  for (const [i, id] of IDS.submissions.entries()) {
    const fd = new FormData();
    const fields = {
      user: IDS.workshop,
      voucher: IDS.vouchers[i],
      campaign: campaign.id,
      ibanFirstName: 'Karl',
      ibanLastName: 'Schrauber',
      ibanNumber: 'DE89370400440532013000',
      ibanBic: 'COBADEFFXXX',
      status: i === 0 ? 'passed' : 'pending',
    };
    for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
    const invoice = demoInvoicePdf(DEMO_INVOICES[id], {
      seller: /** @type {Centre} */ (linked[0]).partnerName,
      shop: 'Kfz-Meisterbetrieb Schrauber',
      customerNumber: 'KD48150',
    });
    fd.append('file', new Blob([invoice], { type: 'application/pdf' }), `rechnung-${i + 1}.pdf`);
    await ensure(pb, 'submissions', id, fd);
  }

  // The second workshop: two codes in audit, their submissions with the queue's signals.
  await ensure(pb, 'users', IDS.workshop2, {
    email: DEMO_WORKSHOP2.email,
    password: DEMO_WORKSHOP2.password,
    passwordConfirm: DEMO_WORKSHOP2.password,
    termsAccepted: true,
    firstName: 'Olga',
    lastName: 'Beispiel',
    shopName: 'Autoservice Beispiel',
    address: 'Musterallee',
    streetNumber: '3',
    zipCode: '80331',
    city: 'München',
  });
  await ensure(pb, 'user_lz_connections', IDS.connection2, {
    user: IDS.workshop2,
    noraLz: third.id,
    customerNumber: 'KD52010',
    gpnr: 'GP700300',
  });
  for (const [i, [date, sales]] of /** @type {[string, number][]} */ ([
    ['2025-06-10', 612.4],
    ['2025-07-22', 435.8],
  ]).entries()) {
    await ensure(pb, 'sales_data', String(IDS.sales2[i]), {
      user: IDS.workshop2,
      campaign: campaign.id,
      bnr: third.bnr,
      knr: 'KD52010',
      gpnr: 'GP700300',
      deliverydate: date,
      sales,
    });
  }
  for (const [i, id] of IDS.vouchers2.entries()) {
    await ensure(pb, 'vouchers', id, {
      code: ['NORA-B4XT-7KQE', 'NORA-C8VR-3MNW'][i],
      status: 'audit',
      tier: i + 1,
      user: IDS.workshop2,
      campaign: campaign.id,
    });
  }
  for (const [i, id] of IDS.submissions2.entries()) {
    const fd = new FormData();
    const fields = {
      user: IDS.workshop2,
      voucher: IDS.vouchers2[i],
      campaign: campaign.id,
      ibanFirstName: i === 0 ? 'Karl' : 'Olga',
      ibanLastName: i === 0 ? 'Schrauber' : 'Beispiel',
      // The first uses the demo workshop's IBAN: a shared IBAN.
      ibanNumber: i === 0 ? 'DE89370400440532013000' : 'DE02120300000000202051',
      ibanBic: i === 0 ? 'COBADEFFXXX' : 'BYLADEM1001',
      status: 'pending',
    };
    for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
    const invoice = demoInvoicePdf(DEMO_INVOICES[id], {
      seller: third.partnerName,
      shop: 'Autoservice Beispiel',
      customerNumber: 'KD52010',
    });
    fd.append('file', new Blob([invoice], { type: 'application/pdf' }), `rechnung-${i + 1}.pdf`);
    await ensure(pb, 'submissions', id, fd);
  }

  // The passed submission's payout, as a verdict would have made it: payable, ready for a batch.
  await ensure(pb, 'payouts', IDS.payout, {
    submission: IDS.submissions[0],
    user: IDS.workshop,
    voucher: IDS.vouchers[0],
    campaign: campaign.id,
    amount: campaign.reward,
    accountHolder: 'Karl Schrauber',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    endToEndId: DEMO_VOUCHERS[0]?.code,
    remittance: `NORA Cashback ${DEMO_VOUCHERS[0]?.code}`,
    status: 'payable',
  });

  // The running campaign on real time (issue 60): `npm start`'s demo only; the tests keep 2025 alone.
  if (current) {
    created.currentCampaign = await seedCurrentCampaign(pb, {
      workshopId: IDS.workshop,
      connections: linked.map((c, i) => ({ bnr: c.bnr, knr: `KD${48150 + i}`, gpnr: `GP${700100 + i}` })),
    });
  }

  if (created.workshop) {
    // The staff files as the data area shows them: written after the demo data, so the
    // registrations file lists the demo workshops and an audit file holds the submissions
    // that await audit (the migration's first registrations file predates them).
    await pb.send('/api/portal/registration-files', { method: 'POST' });
    await pb.collection('submission_audit_files').create({ filename: 'pruefdatei.csv' });
    // The second demo workshop is not verified yet: the first start mails it its link, so the
    // inbox shows a real mail and the verification flow can be walked.
    await pb.collection('users').requestVerification(DEMO_WORKSHOP2.email);
  }
  return created;
}
