import { pb } from '@/lib/pocketbase';

/** The server's campaign clock (decision 035): pinned in the demo and the tests by PORTAL_NOW. */
export interface CampaignClock {
  campaignNow: string;
  pinned: boolean;
}

/** The clock, or null when the server did not answer (the note is then simply not shown). */
export async function fetchCampaignClock(): Promise<CampaignClock | null> {
  try {
    return await pb.send<CampaignClock>('/api/portal/clock', { method: 'GET', requestKey: null });
  } catch (err) {
    console.error('Die Aktionsuhr konnte nicht gelesen werden', err);
    return null;
  }
}
