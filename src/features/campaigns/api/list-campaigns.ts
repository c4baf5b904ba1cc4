import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { type AdminCampaign } from './model';

export async function listCampaigns(): Promise<{ campaignNow: string; items: AdminCampaign[] }> {
  return withSession(() => pb.send('/api/portal/campaigns', { requestKey: null }));
}
