import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { CAMPAIGN_UI_MESSAGES, refusal, type AdminCampaign } from './model';

export async function createCampaign(): Promise<AdminCampaign> {
  try {
    return await withSession(() => pb.send<AdminCampaign>('/api/portal/campaigns', { method: 'POST', body: {}, requestKey: null }));
  } catch (err) {
    throw refusal(err, CAMPAIGN_UI_MESSAGES.createFailed);
  }
}
