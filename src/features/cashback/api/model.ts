export class SubmissionError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: Record<string, { code?: string; message?: string }> = {},
  ) {
    super(message);
  }
}

export interface SubmissionInput {
  ibanFirstName: string;
  ibanLastName: string;
  ibanNumber: string;
  ibanBic: string;
  campaign: string;
  voucher: string;
  user: string;
  file: File;
}

/** What the form offers a workshop: its verification state, its open codes and its name for the account holder. */
export interface RedeemContext {
  email: string;
  verified: boolean;
  firstName: string;
  lastName: string;
  /** Blocked by an administrator: the server refuses every redemption (the reason stays internal). */
  blocked: boolean;
  /** The codes it can redeem now: open, their campaign's redeem window not ended (decision 071). */
  openCodes: string[];
  /** The bank details of the workshop's latest submission, offered again (issue 58); null without one. */
  lastBank: BankDraft | null;
}

/** What the cashback form keeps: never the invoice (a file) and no password (the form has none). */
export interface BankDraft {
  firstName: string;
  lastName: string;
  iban: string;
  bic: string;
}
