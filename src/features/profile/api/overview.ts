import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { PROFILE_MESSAGES } from './profile';

export interface Stats {
  totalCashback: number | null;
  totalSales: number | null;
  toNextCashback: number | null;
}

/** The workshop's row of user_stats_view (the first row is used), or null when there is none. */
export function loadStats(): Promise<Stats | null> {
  return withSession(async () => {
    const rows = await pb.collection('user_stats_view').getFullList<Stats>({ requestKey: null });
    return rows[0] ?? null;
  });
}

export interface Voucher {
  id: string;
  code: string;
  status: 'open' | 'audit' | 'closed';
  created: string;
  campaignLabel: string;
  /** The payout's execution date (YYYY-MM-DD) once the money was sent. */
  paidOn?: string;
}

export const VOUCHER_STATUS_LABEL: Record<Voucher['status'], string> = { open: 'Offen', audit: 'In Prüfung', closed: 'Eingelöst' };

/** SPEC's three labels, and 'Ausgezahlt am dd.mm.yyyy' once the payout is paid (DECISIONS section 6). */
export function voucherLabel(v: Voucher): string {
  if (v.paidOn) {
    const [y, m, d] = v.paidOn.split('-');
    return `Ausgezahlt am ${d}.${m}.${y}`;
  }
  return VOUCHER_STATUS_LABEL[v.status] ?? v.status;
}

/** Page 1, 100 per page, newest first, with the campaign expanded. */
export function loadVouchers(): Promise<Voucher[]> {
  return withSession(async () => {
    try {
      const [page, paid] = await Promise.all([
        pb.collection('vouchers').getList(1, 100, { sort: '-created', expand: 'campaign', requestKey: null }),
        pb.collection('payouts').getFullList({ filter: "status = 'paid'", fields: 'voucher,paidOn', requestKey: null }),
      ]);
      const paidOn = new Map(paid.map((p) => [p.voucher as string, p.paidOn as string]));
      return page.items.map((v) => ({
        id: v.id,
        code: v.code,
        status: v.status,
        created: v.created,
        campaignLabel: v.expand?.campaign ? `${v.expand.campaign.name} ${v.expand.campaign.year}` : '-',
        paidOn: paidOn.get(v.id),
      }));
    } catch (err) {
      throw new Error(PROFILE_MESSAGES.vouchersHelperFailed, { cause: err });
    }
  });
}
