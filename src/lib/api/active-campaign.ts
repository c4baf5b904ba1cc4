import { pb } from '@/lib/pocketbase';

// The active campaign record, read once per page load and shared by every component.
export interface Campaign {
  id: string;
  name: string;
  year: number;
  codePrefix: string;
  threshold: number;
  reward: number;
  campaignStart: string;
  campaignEnd: string;
  redeemStart: string;
  redeemEnd: string;
  invoiceDateCutoff: string;
  drawRegistrationDeadline: string;
  contactEmail: string;
}

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
