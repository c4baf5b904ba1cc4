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
}

export const VOUCHER_STATUS_LABEL: Record<Voucher['status'], string> = { open: 'Offen', audit: 'In Prüfung', closed: 'Eingelöst' };

/** Page 1, 100 per page, newest first, with the campaign expanded. */
export function loadVouchers(): Promise<Voucher[]> {
  return withSession(async () => {
    try {
      const page = await pb.collection('vouchers').getList(1, 100, { sort: '-created', expand: 'campaign', requestKey: null });
      return page.items.map((v) => ({
        id: v.id,
        code: v.code,
        status: v.status,
        created: v.created,
        campaignLabel: v.expand?.campaign ? `${v.expand.campaign.name} ${v.expand.campaign.year}` : '-',
      }));
    } catch (err) {
      throw new Error(PROFILE_MESSAGES.vouchersHelperFailed, { cause: err });
    }
  });
}
