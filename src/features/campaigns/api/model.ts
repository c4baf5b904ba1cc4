import type { ClientResponseError } from 'pocketbase';

import { serverRefusal } from '@/lib/api/server-refusal';
import type { CampaignFactsInput, CampaignPhase, CampaignTexts, FieldErrors } from '@/rules/campaigns';

/** One campaign as an administrator sees it (pb_hooks/lib/campaigns.js adminView). */
export interface AdminCampaign extends CampaignFactsInput, CampaignTexts {
  id: string;
  status: 'draft' | 'released';
  phase: CampaignPhase;
  createdBy: string;
  updatedBy: string;
  releasedBy: string;
  releasedAt: string;
  textVersion: number;
}

export const CAMPAIGN_UI_MESSAGES = {
  loadFailed: 'Die Aktionen konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
  saveFailed: 'Die Aktion konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  createFailed: 'Die neue Aktion konnte nicht angelegt werden. Bitte versuchen Sie es erneut.',
  releaseFailed: 'Die Aktion konnte nicht freigegeben werden. Bitte versuchen Sie es erneut.',
  saved: 'Gespeichert.',
  released: 'Freigegeben: Die Aktion beginnt zu ihrem Aktionsbeginn.',
  empty: 'Noch keine Aktion.',
} as const;

/** A refusal with the server's field errors (the rulebook's German messages) beside its message. */
export class CampaignRefusal extends Error {
  constructor(
    message: string,
    readonly fields: FieldErrors,
  ) {
    super(message);
  }
}

export function refusal(err: unknown, fallback: string): CampaignRefusal {
  const data = (err as ClientResponseError | undefined)?.response?.data as Record<string, { message?: string }> | undefined;
  const fields: FieldErrors = {};
  for (const [key, value] of Object.entries(data ?? {})) if (value?.message) fields[key as keyof FieldErrors] = value.message;
  return new CampaignRefusal(serverRefusal(err, fallback), fields);
}
