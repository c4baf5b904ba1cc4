import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import { campaignLabel } from '@/rules/placeholders';

/** The released campaigns as choices for the payouts' filter (issue 60), newest first. */
export const listCampaignOptions = () =>
  withSession(async () => {
    const answer = await pb.send<{ items: { id: string; name: string; year: number; status: string }[] }>('/api/portal/campaigns', {
      requestKey: null,
    });
    return answer.items
      .filter((c) => c.status === 'released')
      .map((c) => ({ id: c.id, year: c.year, label: campaignLabel(c.name, c.year) }));
  });
