import { checked, textField } from '@/lib/validation';
import { z } from '@/lib/zod';
import { TEXT_RULES } from '@/rules';
import { bicProblem, ibanProblem } from '@/rules/bank';

/** New bank details for a returned payout: the cashback form's account fields and rules. */
export const bankDetailsSchema = z.object({
  ibanFirstName: textField(TEXT_RULES.ibanFirstName),
  ibanLastName: textField(TEXT_RULES.ibanLastName),
  ibanNumber: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().superRefine(checked(ibanProblem))),
  ibanBic: z.string().trim().superRefine(checked(bicProblem)),
});
export type BankDetailsValues = z.infer<typeof bankDetailsSchema>;
export type BankDetailsInput = z.input<typeof bankDetailsSchema>;
