import { pb } from '@/lib/pocketbase';
import type { CampaignFactsInput, FaqPair, PartsGroup } from '@/rules/placeholders';

// The campaign in force (issue 60: running, else the next, else the last one redeeming) with its
// facts and texts, read once per page load and shared by every component. Administrators write it
// in the data area; the server chooses it on the campaign clock.
export interface Campaign extends CampaignFactsInput {
  id: string;
  headline: string;
  teaser: string;
  terms: string;
  faq: FaqPair[];
  partsGroups: PartsGroup[];
  phase: 'released' | 'running' | 'redeeming' | 'closed';
  textVersion: number;
}

export interface CampaignAnswer {
  campaign: Campaign | null;
  /** The campaign clock when the server answered. */
  campaignNow: string;
}

let pending: Promise<CampaignAnswer | null> | null = null;

/**
 * The API's answer, fetched once per page load. A page rendered with the campaign still asks, so a
 * render a few seconds older than a change is corrected in place.
 */
export function fetchActiveCampaign(): Promise<CampaignAnswer | null> {
  pending ??= pb.send<CampaignAnswer>('/api/portal/campaign', { method: 'GET', requestKey: null }).catch((err: unknown) => {
    pending = null; // try again on the next mount
    console.error('Die aktive Aktion konnte nicht geladen werden', err);
    return null;
  });
  return pending;
}
