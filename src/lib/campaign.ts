import { useEffect, useState } from 'react';

import { pb } from '@/lib/pocketbase';

// The active campaign record: landing, FAQ and terms take their dates and amounts from it
// (DECISIONS section 3). It is public, read once per page load and shared by every component.
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

export function useActiveCampaign(): { campaign: Campaign | null; loading: boolean } {
  const [state, setState] = useState<{ campaign: Campaign | null; loading: boolean }>({ campaign: null, loading: true });
  useEffect(() => {
    let live = true;
    void fetchActiveCampaign().then((campaign) => live && setState({ campaign, loading: false }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
