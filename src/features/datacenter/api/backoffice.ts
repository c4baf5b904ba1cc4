import type { ClientResponseError } from 'pocketbase';

import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import { saveResponseAs } from '@/utils/save-file';

import type { Signal } from './review';

export interface WorkshopSummary {
  id: string;
  firstName: string;
  lastName: string;
  shopName: string;
  email: string;
  zipCode: string;
  city: string;
  verified: boolean;
  blocked: boolean;
  created: string;
}

export interface WorkshopStory {
  workshop: WorkshopSummary & { phone: string; address: string; streetNumber: string; blockedReason: string };
  centres: { id: string; partnerName: string; bnr: string; customerNumber: string; gpnr: string }[];
  totals: { totalSales: number; totalCashback: number; toNextCashback: number };
  vouchers: { id: string; code: string; status: 'open' | 'audit' | 'closed'; tier: number; created: string }[];
  submissions: {
    id: string;
    created: string;
    status: 'pending' | 'passed' | 'rejected';
    code: string;
    accountHolder: string;
    iban: string;
    signals: Signal[];
    history: { created: string; outcome: string; checked: boolean; faulty: boolean; note: string }[];
  }[];
  payouts: {
    id: string;
    endToEndId: string;
    amount: number;
    status: string;
    iban: string;
    paidOn: string;
    returnReason: string;
    holdReason: string;
  }[];
  mails: {
    id: string;
    template: string;
    subject: string;
    status: string;
    attempts: number;
    lastError: string;
    created: string;
    sentAt: string;
    immediate: boolean;
  }[];
}

export interface StaffLogEntry {
  id: string;
  created: string;
  actorCollection: string;
  actorEmail: string;
  action: string;
  targetCollection: string;
  targetId: string;
  reason: string;
  before: Record<string, unknown> | string | null;
  after: Record<string, unknown> | string | null;
}

export interface Page<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}

export interface Dashboard {
  workshops: { total: number; verified: number };
  registrations: { week: string; total: number; verified: number }[];
  sales: { week: string; total: number; rows: number }[];
  codes: { issued: number; open: number; audit: number; closed: number; paid: number };
  backlog: { bucket: string; n: number }[];
  promise: { level: 'ok' | 'amber' | 'red'; n: number }[];
  centres: { name: string; city: string; workshops: number }[];
}

export const BACKOFFICE_MESSAGES = {
  searchFailed: 'Die Suche ist fehlgeschlagen. Bitte versuchen Sie es später erneut.',
  loadFailed: 'Die Werkstatt konnte nicht geladen werden.',
  actionFailed: 'Die Aktion konnte nicht ausgeführt werden. Bitte versuchen Sie es erneut.',
  logFailed: 'Das Mitarbeiterprotokoll konnte nicht geladen werden.',
  dashboardFailed: 'Die Kennzahlen konnten nicht geladen werden.',
  downloadFailed: 'Beim Herunterladen der Datei ist ein Fehler aufgetreten.',
} as const;

const query = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

export const searchWorkshops = (q: string, page: number) =>
  withSession(() => pb.send<Page<WorkshopSummary>>('/api/portal/backoffice/workshops', { query: query({ q, page }), requestKey: null }));

export const loadWorkshop = (id: string) =>
  withSession(() => pb.send<WorkshopStory>(`/api/portal/backoffice/workshops/${encodeURIComponent(id)}`, { requestKey: null }));

/** The server's German refusal: a field's message where it names one, else its message. */
function refusal(err: unknown): string {
  const e = err as ClientResponseError;
  if (e?.status !== 400) return BACKOFFICE_MESSAGES.actionFailed;
  const field = Object.values((e.response?.data ?? {}) as Record<string, { message?: string }>).find((f) => typeof f?.message === 'string');
  if (field?.message) return field.message;
  return typeof e.response?.message === 'string' ? e.response.message : BACKOFFICE_MESSAGES.actionFailed;
}

/** One action with its reason; the server's German refusal is passed on. */
export async function workshopAction(id: string, action: string, body: Record<string, string>): Promise<WorkshopStory> {
  try {
    return await withSession(() =>
      pb.send<WorkshopStory>(`/api/portal/backoffice/workshops/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body,
        requestKey: null,
      }),
    );
  } catch (err) {
    throw new Error(refusal(err));
  }
}

/** Holding a payable payout (the payout routes, with a reason). */
export async function holdPayout(id: string, reason: string, hold: boolean): Promise<void> {
  try {
    await withSession(() =>
      pb.send(`/api/portal/payouts/${encodeURIComponent(id)}/${hold ? 'hold' : 'unhold'}`, {
        method: 'POST',
        body: { reason },
        requestKey: null,
      }),
    );
  } catch (err) {
    throw new Error(refusal(err));
  }
}

export interface LogFilters {
  action: string;
  actor: string;
  target: string;
}

export const listStaffLog = (filters: LogFilters, page: number) =>
  withSession(() =>
    pb.send<Page<StaffLogEntry>>('/api/portal/backoffice/staff-log', { query: query({ ...filters, page }), requestKey: null }),
  );

/** The filtered staff log as CSV, saved under its name. */
export async function downloadStaffLog(filters: LogFilters) {
  try {
    const params = new URLSearchParams(query({ ...filters }) as Record<string, string>);
    const res = await withSession(() =>
      fetch(pb.buildURL(`/api/portal/backoffice/staff-log.csv?${params}`), { headers: { Authorization: pb.authStore.token } }),
    );
    await saveResponseAs(res, 'mitarbeiterprotokoll.csv');
  } catch (err) {
    console.error(err);
    throw new Error(BACKOFFICE_MESSAGES.downloadFailed);
  }
}

export const loadDashboard = () => withSession(() => pb.send<Dashboard>('/api/portal/backoffice/dashboard', { requestKey: null }));
