import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

/** The released campaigns as choices for the payouts' filter (issue 60), newest first. */
export const listCampaignOptions = () =>
  withSession(async () => {
    const answer = await pb.send<{ items: { id: string; name: string; year: number; status: string }[] }>('/api/portal/campaigns', {
      requestKey: null,
    });
    return answer.items
      .filter((c) => c.status === 'released')
      .map((c) => ({ id: c.id, year: c.year, label: c.name.includes(String(c.year)) ? c.name : `${c.name} ${c.year}` }));
  });
