import { create } from 'zustand';

/**
 * SPEC section 4: the consent manager is initialized, open, interacted, or failed
 * when it did not come up within 5000 ms. 'pending' is the time before that.
 */
export type ConsentStatus = 'pending' | 'initialized' | 'open' | 'interacted' | 'failed';

export interface ConsentState {
  status: ConsentStatus;
  analytics: boolean;
  marketing: boolean;
}

export const INTERACTED_KEY = 'nora-consent-interacted';

const initialState: ConsentState = { status: 'pending', analytics: false, marketing: false };

export const useConsentStore = create<ConsentState>()(() => ({ ...initialState }));

export function resetConsentStore() {
  useConsentStore.setState({ ...initialState });
}

export function hasInteracted(): boolean {
  try {
    return localStorage.getItem(INTERACTED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function markInteracted() {
  try {
    localStorage.setItem(INTERACTED_KEY, 'true');
  } catch {
    // private mode: the flag only lives as long as the page
  }
  useConsentStore.setState({ status: 'interacted' });
}
