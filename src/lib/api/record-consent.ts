import { pb } from '@/lib/pocketbase';

/** What the banner's library keeps about a choice (the parts the consent record needs). */
export interface ConsentChoice {
  consentId: string;
  categories: string[];
  revision: number;
  languageCode: string;
}

/**
 * The server-side consent record of SPEC section 3: consent id, categories, template version
 * and banner language; the server adds the time and deletes it after three years.
 */
export async function recordConsent(choice: ConsentChoice): Promise<void> {
  await pb.send('/api/portal/consents', {
    method: 'POST',
    body: { consentId: choice.consentId, categories: choice.categories, templateVersion: choice.revision, language: choice.languageCode },
    requestKey: null,
  });
}
