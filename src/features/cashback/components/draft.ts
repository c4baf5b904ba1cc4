// The cashback form as a draft (issue 58: it lost everything on a reload or a way back): the bank
// details and the code, per workshop, in this tab's session storage (gone with the tab, so an IBAN
// does not stay on a shared workshop computer). Never the invoice, never a password.

export interface CashbackDraft {
  firstName: string;
  lastName: string;
  iban: string;
  bic: string;
  cashbackCode: string;
}

const key = (userId: string) => `portal.cashback-draft.${userId}`;
const FIELDS = ['firstName', 'lastName', 'iban', 'bic', 'cashbackCode'] as const;

/** The workshop's draft, or null when there is none (or storage is not available). */
export function readDraft(userId: string): Partial<CashbackDraft> | null {
  try {
    const raw = sessionStorage.getItem(key(userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const draft: Partial<CashbackDraft> = {};
    for (const f of FIELDS) if (typeof parsed[f] === 'string') draft[f] = (parsed[f] as string).slice(0, 200);
    return draft;
  } catch {
    return null;
  }
}

/** Keeps the form's values (only the draft's fields; empty ones are not kept). */
export function writeDraft(userId: string, values: Partial<Record<string, unknown>>): void {
  const draft: Partial<CashbackDraft> = {};
  for (const f of FIELDS) if (typeof values[f] === 'string' && values[f]) draft[f] = values[f] as string;
  try {
    if (Object.keys(draft).length === 0) sessionStorage.removeItem(key(userId));
    else sessionStorage.setItem(key(userId), JSON.stringify(draft));
  } catch {
    // storage full or off: the form works without a draft
  }
}

export function clearDraft(userId: string): void {
  try {
    sessionStorage.removeItem(key(userId));
  } catch {
    // nothing kept
  }
}
