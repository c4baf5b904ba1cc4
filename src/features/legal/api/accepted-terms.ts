import type { Campaign } from '@/lib/campaign';
import { pb } from '@/lib/pocketbase';

/** The terms a workshop accepted at sign-up: its campaign's facts and that version's texts (issue 60). */
export interface AcceptedTerms extends Omit<Campaign, 'phase' | 'textVersion' | 'headline' | 'teaser' | 'faq'> {
  version: number;
  versionCreated: string;
}

/** Null when the account has no record of it (or the server did not answer). */
export async function fetchAcceptedTerms(): Promise<AcceptedTerms | null> {
  try {
    return (await pb.send<{ accepted: AcceptedTerms | null }>('/api/portal/terms/accepted', { requestKey: null })).accepted;
  } catch (err) {
    console.error('Die akzeptierte Fassung konnte nicht geladen werden', err);
    return null;
  }
}
