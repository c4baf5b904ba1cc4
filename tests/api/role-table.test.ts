import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  activeCampaignId,
  createCentre,
  createStaff,
  createSubmission,
  createVoucher,
  createWorkshop,
  csvUpload,
  submissionForm,
  unique,
  workshopData,
  type Actor,
} from '../helpers/fixtures';
import { request } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// ---------------------------------------------------------------------------
// The table under test is docs/role-table.md itself.
// ---------------------------------------------------------------------------
type Role = 'guest' | 'workshop' | 'administrator' | 'auditor';
type Op = 'list' | 'view' | 'create' | 'update' | 'delete';
type Cell = 'all' | 'own' | '—';
const OPS: Op[] = ['list', 'view', 'create', 'update', 'delete'];

function readRoleTable() {
  const md = readFileSync(path.resolve(import.meta.dirname, '../../docs/role-table.md'), 'utf8');
  const rows: { collection: string; role: Role; cells: Record<Op, Cell> }[] = [];
  for (const line of md.split('\n')) {
    const parts = line.split('|').map((p) => p.trim());
    if (parts.length !== 9 || parts[1] === 'collection' || parts[1]?.startsWith('---')) continue;
    const [, collection, role, ...cells] = parts;
    rows.push({
      collection: collection!,
      role: role as Role,
      cells: Object.fromEntries(OPS.map((op, i) => [op, cells[i] as Cell])) as Record<Op, Cell>,
    });
  }
  return rows;
}
const TABLE = readRoleTable();

// ---------------------------------------------------------------------------
// One PocketBase for the whole file, with two actors of every signed-in role.
// ---------------------------------------------------------------------------
let server: TestServer;
let campaignId: string;
const actors = {} as Record<'workshopA' | 'workshopB' | 'admin1' | 'admin2' | 'auditor1' | 'auditor2', Actor>;

function actorFor(role: Role): Actor | null {
  return role === 'guest' ? null : { workshop: actors.workshopA, administrator: actors.admin1, auditor: actors.auditor1 }[role];
}
/** Another principal of the same kind as the acting one ("theirs"). */
function otherOf(role: Role): Actor {
  return { guest: actors.workshopB, workshop: actors.workshopB, administrator: actors.admin2, auditor: actors.auditor2 }[role];
}

const call = (actor: Actor | null, method: string, urlPath: string, body?: FormData | object) =>
  request(server.url, actor, method, urlPath, body);

async function exists(collection: string, id: string) {
  try {
    await server.admin.collection(collection).getOne(id);
    return true;
  } catch {
    return false;
  }
}
async function count(collection: string) {
  return (await server.admin.collection(collection).getList(1, 1)).totalItems;
}

// ---------------------------------------------------------------------------
// Per collection: how to make a record owned by someone, what a create body for
// a caller looks like, and which field an update changes.
// ---------------------------------------------------------------------------
interface CollectionSpec {
  /** Creates a record; `owner` is the principal it belongs to, where ownership applies. */
  make(owner: Actor): Promise<string>;
  /** A create body made by `caller`, naming `owner` as owner/uploader where the collection has one. */
  createBody?(caller: Actor | null, owner: Actor): Promise<FormData | object>;
  update?: { field: string; value: unknown };
  /** Collections that are views reject every write. */
  view?: boolean;
  /** Whose records these are; "mine" is the caller's only when the caller is of this kind. */
  owner?: Actor['collection'];
}

let weekCounter = 0;
const SPECS: Record<string, CollectionSpec> = {
  users: {
    owner: 'users',
    make: async (owner) => owner.id,
    createBody: async () => workshopData(),
    update: { field: 'firstName', value: 'Geändert' },
  },
  administrators: { owner: 'administrators', make: async (owner) => owner.id, update: { field: 'firstName', value: 'Geändert' } },
  auditors: { owner: 'auditors', make: async (owner) => owner.id, update: { field: 'firstName', value: 'Geändert' } },
  campaigns: {
    make: async () => campaignId,
    createBody: async () => ({
      name: 'Fremde Aktion',
      year: 2031,
      codePrefix: 'FAKE',
      threshold: 1,
      reward: 1000,
      campaignStart: '2031-01-01 00:00:00.000Z',
      campaignEnd: '2031-12-31 00:00:00.000Z',
      redeemStart: '2031-01-01 00:00:00.000Z',
      redeemEnd: '2031-12-31 00:00:00.000Z',
      invoiceDateCutoff: '2031-12-31 00:00:00.000Z',
      drawRegistrationDeadline: '2031-12-31 00:00:00.000Z',
    }),
    update: { field: 'reward', value: 5000 },
  },
  campaign_texts: {
    make: async () =>
      (await server.admin.collection('campaign_texts').getFirstListItem(server.admin.filter('campaign = {:c}', { c: campaignId }))).id,
    createBody: async () => ({ campaign: campaignId, version: 99, terms: 'Fremde Bedingungen' }),
    update: { field: 'terms', value: 'Geändert' },
  },
  nora_lz: {
    make: async () => (await createCentre(server)).id,
    createBody: async () => ({ partnerName: 'Gefälschtes Zentrum', zipCode: '12345', city: 'Irgendwo', bnr: unique('b') }),
    update: { field: 'partnerName', value: 'Umbenannt' },
  },
  user_lz_connections: {
    owner: 'users',
    make: async (owner) =>
      (
        await server.admin
          .collection('user_lz_connections')
          .create({ user: owner.id, noraLz: (await createCentre(server)).id, customerNumber: 'KD4711' })
      ).id,
    createBody: async (_caller, owner) => ({ user: owner.id, noraLz: (await createCentre(server)).id, customerNumber: 'KD0815' }),
    update: { field: 'customerNumber', value: 'NEU123' },
  },
  vouchers: {
    owner: 'users',
    make: async (owner) => (await createVoucher(server, owner.id)).id,
    createBody: async (_caller, owner) => ({ code: 'NORA-AAAA-BBBB', status: 'open', user: owner.id, campaign: campaignId, tier: 999 }),
    update: { field: 'status', value: 'closed' },
  },
  sales_data: {
    owner: 'users',
    make: async (owner) =>
      (
        await server.admin.collection('sales_data').create({
          user: owner.id,
          campaign: campaignId,
          bnr: unique('b'),
          knr: 'K1',
          gpnr: 'G1',
          deliverydate: '2025-06-01',
          sales: 250,
        })
      ).id,
    createBody: async (_caller, owner) => ({
      user: owner.id,
      campaign: campaignId,
      bnr: '1',
      knr: 'K',
      gpnr: 'G',
      deliverydate: '2025-06-02',
      sales: 100000,
    }),
    update: { field: 'sales', value: 999999 },
  },
  user_stats_view: { view: true, owner: 'users', make: async (owner) => owner.id },
  login_failures: {
    make: async () =>
      (
        await server.admin
          .collection('login_failures')
          .create({ key: `users:${Math.random()}@example.de`, count: 2, windowStart: Date.now() })
      ).id,
    createBody: async () => ({ key: 'users:opfer@example.de', count: 0, lockedUntil: 0 }),
    update: { field: 'lockedUntil', value: 0 },
  },
  sales_totals: {
    owner: 'users',
    // One row per workshop and campaign (unique index): reuse it once it exists.
    make: async (owner) => {
      const existing = await server.admin
        .collection('sales_totals')
        .getList(1, 1, { filter: server.admin.filter('user = {:u} && campaign = {:c}', { u: owner.id, c: campaignId }) });
      if (existing.items[0]) return existing.items[0].id;
      return (await server.admin.collection('sales_totals').create({ user: owner.id, campaign: campaignId, totalSales: 1234 })).id;
    },
    createBody: async (_caller, owner) => ({ user: owner.id, campaign: campaignId, totalSales: 999999 }),
    update: { field: 'totalSales', value: 999999 },
  },
  submissions: {
    owner: 'users',
    make: async (owner) => (await createSubmission(server, owner.id)).id,
    createBody: async (_caller, owner) => submissionForm(owner.id, await createVoucher(server, owner.id)),
    update: { field: 'ibanNumber', value: 'DE02120300000000202051' },
  },
  submission_audits: {
    make: async () =>
      (
        await server.admin.collection('submission_audits').create({
          submission: (await createSubmission(server, actors.workshopA.id)).id,
          auditor: actors.auditor1.id,
          checked: true,
          faulty: false,
          outcome: 'passed',
        })
      ).id,
    createBody: async (_caller, owner) => ({
      submission: (await createSubmission(server, actors.workshopA.id)).id,
      auditor: owner.id,
      checked: true,
      faulty: false,
      outcome: 'passed',
    }),
    update: { field: 'outcome', value: 'rejected' },
  },
  workshop_files: {
    make: async () =>
      (await server.admin.collection('workshop_files').create(csvUpload({ filename: 'registrierungen.csv', totalRows: '3' }))).id,
    createBody: async () => csvUpload({ filename: 'registrierungen.csv' }),
    update: { field: 'totalRows', value: 12345 },
  },
  user_file: {
    make: async () =>
      (await server.admin.collection('user_file').create(csvUpload({ filename: 'userfile_2025-09-01.csv', totalUsers: '2' }))).id,
    createBody: async () => ({ filename: 'userfile_2025-09-15.csv' }),
    update: { field: 'totalUsers', value: 12345 },
  },
  sales_data_files: {
    make: async () =>
      (await server.admin.collection('sales_data_files').create(csvUpload({ filename: 'umsatz.csv', adminUploaded: actors.admin1.id }))).id,
    createBody: async (caller, owner) =>
      csvUpload({
        filename: 'umsatz.csv',
        ...(caller?.collection === 'auditors'
          ? { auditorUploaded: owner.id }
          : caller?.collection === 'administrators'
            ? { adminUploaded: owner.id }
            : {}),
      }),
    update: { field: 'newDataCount', value: 12345 },
  },
  business_partner_number_files: {
    make: async () =>
      (
        await server.admin
          .collection('business_partner_number_files')
          .create(csvUpload({ filename: 'gpnr.csv', uploadedByUser: actors.admin1.id }))
      ).id,
    createBody: async (_caller, owner) => csvUpload({ filename: 'gpnr.csv', uploadedByUser: owner.id }),
    update: { field: 'successfullyProcessedRows', value: 12345 },
  },
  submission_audit_files: {
    make: async () =>
      (await server.admin.collection('submission_audit_files').create(csvUpload({ filename: 'pruefdatei.csv', totalRows: '1' }))).id,
    createBody: async () => ({ filename: 'pruefdatei_neu.csv' }),
    update: { field: 'totalRows', value: 12345 },
  },
  payouts: {
    owner: 'users',
    make: async (owner) => {
      const submission = await createSubmission(server, owner.id);
      return (
        await server.admin.collection('payouts').create({
          submission: submission.id,
          user: owner.id,
          voucher: submission.voucher,
          campaign: campaignId,
          amount: 50,
          accountHolder: 'Erika Mustermann',
          iban: 'DE89370400440532013000',
          bic: 'COBADEFFXXX',
          endToEndId: 'NORA-TEST-ROLE',
          remittance: 'NORA Cashback NORA-TEST-ROLE',
          status: 'payable',
        })
      ).id;
    },
    createBody: async (_caller, owner) => ({
      submission: (await createSubmission(server, owner.id)).id,
      user: owner.id,
      amount: 5000,
      accountHolder: 'Angreifer',
      iban: 'DE02120300000000202051',
      endToEndId: 'X',
      remittance: 'X',
      status: 'payable',
    }),
    update: { field: 'amount', value: 5000 },
  },
  payout_batches: {
    make: async () =>
      (await server.admin.collection('payout_batches').create({ number: Math.floor(Math.random() * 1e9) + 1, status: 'created' })).id,
    createBody: async () => ({ number: 999999, status: 'released', count: 1, total: 5000 }),
    update: { field: 'status', value: 'released' },
  },
  mail_outbox: {
    make: async () =>
      (
        await server.admin
          .collection('mail_outbox')
          .create({ recipient: `${unique('m')}@example.de`, template: 'code-issued', status: 'sent' })
      ).id,
    createBody: async () => ({
      recipient: 'opfer@example.de',
      template: 'code-issued',
      status: 'queued',
      data: { codes: ['NORA-AAAA-BBBB'] },
    }),
    update: { field: 'status', value: 'queued' },
  },
  retained_records: {
    make: async () =>
      (
        await server.admin.collection('retained_records').create({
          kind: 'payout',
          formerUser: unique('u').slice(0, 15),
          keepUntil: '2034-12-31 23:59:59.999Z',
          legalBasis: '§ 147 AO',
          data: { iban: 'DE89370400440532013000' },
        })
      ).id,
    createBody: async () => ({
      kind: 'payout',
      formerUser: 'gefaelscht',
      keepUntil: '2099-12-31 00:00:00.000Z',
      legalBasis: 'x',
      data: {},
    }),
    update: { field: 'keepUntil', value: '2099-12-31 00:00:00.000Z' },
  },
  staff_log: {
    make: async () => (await server.admin.collection('staff_log').create({ action: 'test.entry', reason: 'Testeintrag' })).id,
    createBody: async () => ({ action: 'sales_import.confirm', reason: 'gefälscht' }),
    update: { field: 'reason', value: 'nachträglich geändert' },
  },
  sales_weekly: {
    make: async () =>
      (
        await server.admin
          .collection('sales_weekly')
          .create({ campaign: campaignId, week: `${1000 + ++weekCounter}-W01`, total: 1, rowCount: 1 })
      ).id,
    createBody: async () => ({ campaign: campaignId, week: '2025-W40', total: 99999999, rowCount: 1 }),
    update: { field: 'total', value: 0 },
  },
  consents: {
    make: async () =>
      (
        await server.admin.collection('consents').create({
          consentId: '0b4c2c4e-9d36-4b8e-9a57-1f6c7a1d2e3f',
          consentAt: '2025-09-15 10:00:00.000Z',
          categories: ['necessary'],
          templateVersion: 1,
          language: 'de',
        })
      ).id,
    createBody: async () => ({
      consentId: '0b4c2c4e-9d36-4b8e-9a57-1f6c7a1d2e3f',
      consentAt: '2020-01-01 00:00:00.000Z',
      categories: ['necessary'],
      templateVersion: 1,
      language: 'de',
    }),
    update: { field: 'language', value: 'en' },
  },
  portal_counters: {
    make: async () => (await server.admin.collection('portal_counters').create({ name: unique('c'), value: 1 })).id,
    createBody: async () => ({ name: 'sales_import', value: 0 }),
    update: { field: 'value', value: 0 },
  },
  portal_settings: {
    make: async () => (await server.admin.collection('portal_settings').create({ key: unique('k').slice(0, 20), mailsPerMinute: 5 })).id,
    createBody: async () => ({ key: 'default2', mailsPerMinute: 100000 }),
    update: { field: 'mailsPerMinute', value: 100000 },
  },
  audit_results: {
    make: async () =>
      (await server.admin.collection('audit_results').create(csvUpload({ filename: 'ergebnis.csv', uploadedByUser: actors.auditor1.id })))
        .id,
    createBody: async (_caller, owner) =>
      csvUpload({ filename: 'ergebnis.csv', uploadedByUser: owner.id, successfullyProcessedRows: '0', failedProcessedRows: '0' }),
    update: { field: 'successfullyProcessedRows', value: 12345 },
  },
};

/** The record a caller of this role calls "mine" and one that belongs to someone else. */
async function mineAndTheirs(spec: CollectionSpec, role: Role) {
  const caller = actorFor(role);
  const pairs = {
    users: [actors.workshopA, actors.workshopB],
    administrators: [actors.admin1, actors.admin2],
    auditors: [actors.auditor1, actors.auditor2],
  } as const;
  const [first, second] = spec.owner ? pairs[spec.owner] : pairs.users;
  const mine = caller && caller.collection === spec.owner ? caller : first;
  const theirs = mine === first ? second : first;
  return { mine: await spec.make(mine), theirs: await spec.make(theirs) };
}

beforeAll(async () => {
  server = await startPocketBase();
  campaignId = await activeCampaignId(server);
  [actors.workshopA, actors.workshopB, actors.admin1, actors.admin2, actors.auditor1, actors.auditor2] = await Promise.all([
    createWorkshop(server),
    createWorkshop(server),
    createStaff(server, 'administrators'),
    createStaff(server, 'administrators'),
    createStaff(server, 'auditors'),
    createStaff(server, 'auditors'),
  ]);
});

afterAll(async () => {
  await server?.stop();
});

it('the role table covers every collection of the schema and every role', async () => {
  const collections = (await server.admin.collections.getFullList()).filter((c) => !c.system).map((c) => c.name);
  const documented = [...new Set(TABLE.map((r) => r.collection))];
  expect(documented.sort()).toEqual(collections.sort());
  expect(Object.keys(SPECS).sort()).toEqual(collections.sort());
  for (const name of documented) {
    expect(
      TABLE.filter((r) => r.collection === name)
        .map((r) => r.role)
        .sort(),
    ).toEqual(['administrator', 'auditor', 'guest', 'workshop']);
  }
});

for (const row of TABLE) {
  describe(`${row.collection} as ${row.role}`, () => {
    const base = `/api/collections/${row.collection}/records`;
    const spec = () => {
      const s = SPECS[row.collection];
      if (!s) throw new Error(`no spec for ${row.collection}`);
      return s;
    };

    it(`list is ${row.cells.list}`, async () => {
      const { mine, theirs } = await mineAndTheirs(spec(), row.role);
      const res = await call(actorFor(row.role), 'GET', `${base}?perPage=500`);
      const ids: string[] = res.status === 200 ? res.json.items.map((i: { id: string }) => i.id) : [];
      if (row.cells.list === 'all') {
        expect(res.status).toBe(200);
        expect(ids).toContain(mine);
        expect(ids).toContain(theirs);
      } else if (row.cells.list === 'own') {
        expect(res.status).toBe(200);
        expect(ids).toContain(mine);
        expect(ids).not.toContain(theirs);
        expect(res.text).not.toContain(theirs);
      } else {
        expect([200, 403]).toContain(res.status);
        if (res.status === 200) expect(res.json.items).toEqual([]);
        expect(res.text).not.toContain(mine);
        expect(res.text).not.toContain(theirs);
      }
    });

    it(`view is ${row.cells.view}`, async () => {
      const { mine, theirs } = await mineAndTheirs(spec(), row.role);
      const actor = actorFor(row.role);
      const ownRes = await call(actor, 'GET', `${base}/${mine}`);
      const otherRes = await call(actor, 'GET', `${base}/${theirs}`);
      if (row.cells.view === 'all') {
        expect(otherRes.status).toBe(200);
        expect(otherRes.json.id).toBe(theirs);
      } else if (row.cells.view === 'own') {
        expect(ownRes.status).toBe(200);
        expect(ownRes.json.id).toBe(mine);
        expect([403, 404]).toContain(otherRes.status);
        expect(otherRes.text).not.toContain(theirs);
      } else {
        for (const [res, id] of [
          [ownRes, mine],
          [otherRes, theirs],
        ] as const) {
          expect([403, 404]).toContain(res.status);
          expect(res.text).not.toContain(id);
        }
      }
    });

    it(`create is ${row.cells.create}`, async () => {
      const s = spec();
      const actor = actorFor(row.role);
      if (s.view || !s.createBody) {
        const res = await call(actor, 'POST', base, {});
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.json?.id).toBeUndefined();
        return;
      }
      // A workshop-owned record created by staff names a workshop as owner.
      const self = actor && (!s.owner || actor.collection === s.owner) ? actor : actors.workshopA;
      const before = await count(row.collection);
      const res = await call(actor, 'POST', base, await s.createBody(actor, self));
      if (row.cells.create === '—') {
        expect([400, 403]).toContain(res.status);
        expect(res.json?.id).toBeUndefined();
        expect(await count(row.collection)).toBe(before);
        return;
      }
      expect(res.status, res.text).toBe(200);
      expect(await exists(row.collection, res.json.id)).toBe(true);
      if (row.cells.create === 'own') {
        // The same body naming somebody else as owner or uploader is refused.
        const beforeOther = await count(row.collection);
        const other = await call(actor, 'POST', base, await s.createBody(actor, otherOf(row.role)));
        expect([400, 403]).toContain(other.status);
        expect(other.json?.id).toBeUndefined();
        expect(await count(row.collection)).toBe(beforeOther);
      }
    });

    it(`update is ${row.cells.update}`, async () => {
      const s = spec();
      const actor = actorFor(row.role);
      const { mine, theirs } = await mineAndTheirs(s, row.role);
      if (s.view || !s.update) {
        const res = await call(actor, 'PATCH', `${base}/${mine}`, { totalSales: 1 });
        expect(res.status).toBeGreaterThanOrEqual(400);
        return;
      }
      const { field, value } = s.update;
      const before = async (id: string) => (await server.admin.collection(row.collection).getOne(id))[field];
      const expectUnchanged = async (id: string) => {
        const original = await before(id);
        const res = await call(actor, 'PATCH', `${base}/${id}`, { [field]: value });
        expect([400, 403, 404]).toContain(res.status);
        expect(await before(id)).toEqual(original);
      };
      if (row.cells.update === 'all') {
        const res = await call(actor, 'PATCH', `${base}/${theirs}`, { [field]: value });
        expect(res.status, res.text).toBe(200);
        expect(await before(theirs)).toEqual(value);
      } else if (row.cells.update === 'own') {
        const res = await call(actor, 'PATCH', `${base}/${mine}`, { [field]: value });
        expect(res.status, res.text).toBe(200);
        expect(await before(mine)).toEqual(value);
        await expectUnchanged(theirs);
      } else {
        await expectUnchanged(mine);
        await expectUnchanged(theirs);
      }
    });

    it(`delete is ${row.cells.delete}`, async () => {
      const s = spec();
      const actor = actorFor(row.role);
      const { mine, theirs } = await mineAndTheirs(s, row.role);
      const expectKept = async (id: string) => {
        const res = await call(actor, 'DELETE', `${base}/${id}`);
        expect(res.status).toBeGreaterThanOrEqual(400);
        if (!s.view) expect(await exists(row.collection, id)).toBe(true);
      };
      if (row.cells.delete === 'all') {
        const res = await call(actor, 'DELETE', `${base}/${theirs}`);
        expect(res.status).toBe(204);
        expect(await exists(row.collection, theirs)).toBe(false);
      } else if (row.cells.delete === 'own') {
        const res = await call(actor, 'DELETE', `${base}/${mine}`);
        expect(res.status, res.text).toBe(204);
        expect(await exists(row.collection, mine)).toBe(false);
        await expectKept(theirs);
      } else {
        await expectKept(mine);
        await expectKept(theirs);
      }
    });
  });
}

// ---------------------------------------------------------------------------
// The routes beyond the record API: every route the hooks register is in the table, and
// every role the table does not name is turned away without data.
// ---------------------------------------------------------------------------
function readRouteTable() {
  const md = readFileSync(path.resolve(import.meta.dirname, '../../docs/role-table.md'), 'utf8');
  const rows: { method: string; path: string; who: string }[] = [];
  for (const line of md.split('\n')) {
    const m = /^\| `(GET|POST|DELETE) (\/api\/(?:portal|internal)\/[^`]+)`\s*\|\s*([^|]+?)\s*\|/.exec(line);
    if (m) rows.push({ method: m[1]!, path: m[2]!, who: m[3]! });
  }
  return rows;
}
const ROUTES = readRouteTable();

function registeredRoutes() {
  const dir = path.resolve(import.meta.dirname, '../../pb_hooks');
  const found: { method: string; path: string }[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.pb.js'))) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    for (const m of source.matchAll(/routerAdd\(\s*'(GET|POST|PUT|PATCH|DELETE)',\s*'([^']+)'/g))
      found.push({ method: m[1]!, path: m[2]! });
  }
  return found;
}

it('every route the hooks register is in the role table', () => {
  const documented = (route: { method: string; path: string }) =>
    ROUTES.some((r) => {
      if (r.method !== route.method) return false;
      const pattern = new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      return pattern.test(r.path) || r.path === route.path;
    });
  const routes = registeredRoutes();
  expect(routes.length).toBeGreaterThan(10);
  expect(routes.filter((r) => !documented(r))).toEqual([]);
});

describe('routes turn away every role the table does not name', () => {
  const roleOf: Record<string, Role[]> = {
    administrators: ['administrator'],
    auditors: ['auditor'],
    'administrators, auditors': ['administrator', 'auditor'],
    'users (own)': ['workshop'],
  };
  // 'anyone' routes (the consent record) have their own hostile tests (tests/api/consents.test.ts).
  for (const route of ROUTES.filter((r) => r.who !== 'anyone')) {
    const allowed = roleOf[route.who];
    for (const role of (['guest', 'workshop', 'administrator', 'auditor'] as Role[]).filter((r) => !allowed?.includes(r))) {
      it(`${route.method} ${route.path} as ${role}`, async () => {
        // Ids that exist, so a refusal is the rule's and not a missing record's.
        const url = route.path.replace('{id}', actors.workshopB.id).replace('{action}', 'block').replace('{decision}', 'confirm');
        const res = await call(actorFor(role), route.method, url, route.method === 'POST' ? { reason: 'Test' } : undefined);
        // The reader's routes (issue 61) are not there for anybody without its secret.
        expect(res.status).toBe(route.who === 'the reader process' ? 404 : role === 'guest' ? 401 : 403);
        expect(Object.keys(res.json ?? {}).sort()).toEqual(['data', 'message', 'status']);
        expect(res.text).not.toContain(actors.workshopB.email);
      });
    }
  }
});
