import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import PocketBase from 'pocketbase';

import type { TestServer } from './pocketbase';

export const PASSWORD = 'Werkstatt-Pass-2025';

// Smallest valid PNG (1x1) and PDF, so content sniffing sees the real types.
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const CSV_TEXT = 'user,bnr,knr,gpnr,deliverydate,sales\nabc,1000,K1,G1,2025-06-01,120.50\n';

export function blob(bytes: Buffer | string, type: string) {
  return new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type });
}

/** A multipart body: the fields plus one file in `file`. */
export function multipart(fields: Record<string, string>, file: Blob, filename: string) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', file, filename);
  return fd;
}

/** A multipart body with a small sales-style CSV as the file. */
export function csvUpload(fields: Record<string, string>, filename = 'daten.csv') {
  return multipart(fields, blob(CSV_TEXT, 'text/csv'), filename);
}

/** A valid redemption of `voucher` by `owner`, with a PNG invoice unless another file is given. */
export function submissionForm(
  owner: string,
  voucher: { id: string; [field: string]: any },
  extra: Record<string, string> = {},
  file = blob(PNG_BYTES, 'image/png'),
  filename = 'rechnung.png',
) {
  const fields = {
    user: owner,
    voucher: voucher.id,
    campaign: voucher.campaign,
    ibanFirstName: 'Erika',
    ibanLastName: 'Mustermann',
    ibanNumber: 'DE89370400440532013000',
    ibanBic: 'COBADEFFXXX',
    ...extra,
  };
  return multipart(fields, file, filename);
}

let counter = 0;
export function unique(prefix = 'x') {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
}

export function workshopData(overrides: Record<string, unknown> = {}) {
  const email = `${unique('werkstatt')}@example.de`;
  return {
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    termsAccepted: true,
    firstName: 'Erika',
    lastName: 'Mustermann',
    phone: '0049301234567',
    shopName: 'Kfz-Meisterbetrieb Mustermann',
    address: 'Hauptstraße',
    streetNumber: '12a',
    zipCode: '10115',
    city: 'Berlin',
    ...overrides,
  };
}

export interface Actor {
  id: string;
  email: string;
  collection: 'users' | 'administrators' | 'auditors';
  token: string;
  pb: PocketBase;
}

export async function signIn(server: TestServer, collection: Actor['collection'], email: string, id: string): Promise<Actor> {
  const pb = server.client();
  if (collection === 'users') {
    const auth = await pb.collection(collection).authWithPassword(email, PASSWORD);
    return { id, email, collection, token: auth.token, pb };
  }
  // Staff sign in with password and a one-time code by mail (tests/security covers
  // that flow); the other suites take a session the superuser issues for them.
  return staffSession(server, collection, email, id);
}

export async function staffSession(server: TestServer, collection: Actor['collection'], email: string, id: string): Promise<Actor> {
  const client = await server.admin.collection(collection).impersonate(id, 8 * 60 * 60);
  client.autoCancellation(false);
  return { id, email, collection, token: client.authStore.token, pb: client };
}

export async function createWorkshop(server: TestServer, overrides: Record<string, unknown> = {}): Promise<Actor> {
  // Verified, as a workshop that clicked its link (redeeming needs it); tests of the
  // unverified state pass verified: false.
  const data = workshopData({ verified: true, ...overrides });
  const rec = await server.admin.collection('users').create(data);
  return signIn(server, 'users', data.email, rec.id);
}

export async function createStaff(server: TestServer, collection: 'administrators' | 'auditors'): Promise<Actor> {
  const email = `${unique(collection)}@nora-aktion.de`;
  const rec = await server.admin
    .collection(collection)
    .create({ email, password: PASSWORD, passwordConfirm: PASSWORD, firstName: 'Sam', lastName: 'Staff', verified: true });
  return signIn(server, collection, email, rec.id);
}

const campaignIds = new WeakMap<TestServer, Promise<string>>();
/** The migration's active campaign, looked up once per server. */
export function activeCampaignId(server: TestServer) {
  let id = campaignIds.get(server);
  if (!id) {
    id = server.admin
      .collection('campaigns')
      .getFirstListItem('active = true')
      .then((c) => c.id);
    campaignIds.set(server, id);
  }
  return id;
}

let bnrCounter = 1000;
/**
 * A released campaign of `year` (before 2025) beside the migration's: its periods and windows in
 * that year, long over on the tests' clock (2025-09-15). A code of it is open in the database but
 * past its redeem window (decision 071). Years are unique: one campaign per year and server.
 */
export async function createPastCampaign(server: TestServer, year: number) {
  const active = await server.admin.collection('campaigns').getFirstListItem('active = true');
  const { id, created, updated, ...fields } = active;
  return server.admin.collection('campaigns').create({
    ...fields,
    name: `Aktion ${year}`,
    year,
    active: false,
    campaignStart: `${year}-05-14 22:00:00.000Z`,
    campaignEnd: `${year}-10-31 22:59:59.999Z`,
    redeemStart: `${year}-07-14 22:00:00.000Z`,
    redeemEnd: `${year}-11-30 22:59:59.999Z`,
    invoiceDateCutoff: `${year}-10-31 22:59:59.999Z`,
    drawRegistrationDeadline: `${year}-07-31 21:59:59.999Z`,
  });
}

export async function createCentre(server: TestServer, overrides: Record<string, unknown> = {}) {
  bnrCounter += 1;
  return server.admin.collection('nora_lz').create({
    partnerName: `Autohaus Test ${bnrCounter}`,
    zipCode: '80331',
    city: 'München',
    bnr: `${bnrCounter}${randomBytes(2).toString('hex')}`,
    ...overrides,
  });
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function voucherCode() {
  const pick = () => CODE_ALPHABET[randomBytes(1)[0]! % CODE_ALPHABET.length];
  const block = () => Array.from({ length: 4 }, pick).join('');
  return `NORA-${block()}-${block()}`;
}

let tierCounter = 0;
export async function createVoucher(server: TestServer, userId: string, status = 'open') {
  tierCounter += 1;
  const tier = tierCounter; // read before the await, so parallel calls get their own tier
  return server.admin.collection('vouchers').create({
    code: voucherCode(),
    status,
    user: userId,
    campaign: await activeCampaignId(server),
    tier,
  });
}

/**
 * Sets a record's `created` in the database itself (the record API cannot set it): a code's issue
 * for the review's 'before the code' signal, a verdict's for the time to submit again.
 */
export function backdateRecord(server: TestServer, collection: string, id: string, created: string) {
  const db = new Database(path.join(server.dataDir, 'data.db'));
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare(`UPDATE ${collection} SET created = ? WHERE id = ?`).run(created, id);
  } finally {
    db.close();
  }
}

/** Dates a code's issue back to `day` (YYYY-MM-DD, 08:00 UTC). */
export function backdateVoucher(server: TestServer, voucherId: string, day: string) {
  backdateRecord(server, 'vouchers', voucherId, `${day} 08:00:00.000Z`);
}

export async function createSubmission(server: TestServer, userId: string) {
  const voucher = await createVoucher(server, userId, 'audit');
  return server.admin.collection('submissions').create(submissionForm(userId, voucher, { status: 'pending' }));
}

/** A submission with a payout in `status`, written as the payout flow would (superuser); returns the submission. */
export async function createPayout(server: TestServer, userId: string, status: string, extra: Record<string, unknown> = {}) {
  const submission = await createSubmission(server, userId);
  await server.admin.collection('payouts').create({
    submission: submission.id,
    user: userId,
    voucher: submission.voucher,
    campaign: submission.campaign,
    amount: 50,
    accountHolder: 'Erika Mustermann',
    iban: 'DE89370400440532013000',
    endToEndId: `E2E${submission.id}`.slice(0, 35),
    remittance: 'NORA Cashback',
    status,
    ...extra,
  });
  return submission;
}

/** A valid German IBAN no other test uses (bank 37040044, a fresh account number). */
let ibanAccount = Date.now() % 1e9;
export function freshIban() {
  ibanAccount += 1;
  const bban = `37040044${String(ibanAccount).padStart(10, '0')}`;
  const remainder = BigInt(`${bban}131400`) % 97n; // 'DE00' moved to the end, D=13 E=14
  return `DE${String(98n - remainder).padStart(2, '0')}${bban}`;
}
