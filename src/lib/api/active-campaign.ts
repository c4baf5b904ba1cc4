import type { Campaign } from '@/lib/campaign';
import { pb } from '@/lib/pocketbase';

// The active campaign record, read once per page load and shared by every component.
let pending: Promise<Campaign | null> | null = null;

export function fetchActiveCampaign(): Promise<Campaign | null> {
  pending ??= pb
    .collection('campaigns')
    .getFirstListItem<Campaign>('active = true', { sort: '-campaignStart', requestKey: null })
    .catch((err: unknown) => {
      pending = null; // try again on the next mount
      console.error('Die aktive Aktion konnte nicht geladen werden', err);
      return null;
    });
  return pending;
}
