// A whole set of bank details checked at once, as the server checks a redemption and new bank
// details for a returned payout (pb_hooks/lib/field-errors.js, through the rulebook bundle). A
// module of its own: the SPA checks field by field through its zod schemas and does not load it.
import { bicProblem, ibanProblem } from './bank';
import { TEXT_RULES, textProblem } from './index';

export type BankDetailsField = 'ibanFirstName' | 'ibanLastName' | 'ibanNumber' | 'ibanBic';

/**
 * Every problem of a set of bank details (account holder's names, IBAN, BIC) by field, as a
 * redemption and new bank details for a returned payout both check them on the server.
 */
export function bankDetailsProblems(values: Partial<Record<BankDetailsField, unknown>>): Partial<Record<BankDetailsField, string>> {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const found: Partial<Record<BankDetailsField, string>> = {};
  const first = textProblem(text(values.ibanFirstName), TEXT_RULES.ibanFirstName);
  if (first) found.ibanFirstName = first;
  const last = textProblem(text(values.ibanLastName), TEXT_RULES.ibanLastName);
  if (last) found.ibanLastName = last;
  const iban = ibanProblem(text(values.ibanNumber));
  if (iban) found.ibanNumber = iban;
  const bic = bicProblem(text(values.ibanBic));
  if (bic) found.ibanBic = bic;
  return found;
}
