import { z } from '@/lib/zod';

import { checked } from '@/lib/validation';
import { customerNumberProblem, LIMITS, MESSAGES } from '@/rules';

export const PARTNER_MESSAGES = {
  partnerRequired: 'Bitte wählen Sie ein NORA Leistungszentrum',
  customerNumberRequired: MESSAGES.customerNumberRequired,
  customerNumberMax: MESSAGES.customerNumberMax,
  customerNumberChars: MESSAGES.customerNumberChars,
  atLeastOne: 'Mindestens ein Leistungszentrum muss hinzugefügt werden',
} as const;

export const customerNumberField = () => z.string().trim().superRefine(checked(customerNumberProblem));

/** The add-service-centre form (SPEC section 5). */
export const addCentreSchema = z.object({
  partnerId: z.string().min(1, PARTNER_MESSAGES.partnerRequired),
  customerNumber: customerNumberField(),
});
export type AddCentreValues = z.infer<typeof addCentreSchema>;

/** Customer numbers keep letters and digits only, as typed, and at most 30 of them. */
export const cleanCustomerNumber = (value: string) => value.replace(/[^A-Za-z0-9]/g, '').slice(0, LIMITS.customerNumberMax);

export interface CentreLink {
  partnerId: string;
  partnerName: string;
  customerNumber: string;
  connectionId?: string;
}
