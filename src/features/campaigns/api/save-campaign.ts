import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import type { CampaignFactsInput, CampaignTexts } from '@/rules/campaigns';

import { CAMPAIGN_UI_MESSAGES, refusal, type AdminCampaign } from './model';

export async function saveCampaign(id: string, body: Partial<CampaignFactsInput & CampaignTexts>): Promise<AdminCampaign> {
  try {
    return await withSession(() =>
      pb.send<AdminCampaign>(`/api/portal/campaigns/${encodeURIComponent(id)}`, { method: 'POST', body, requestKey: null }),
    );
  } catch (err) {
    throw refusal(err, CAMPAIGN_UI_MESSAGES.saveFailed);
  }
}
