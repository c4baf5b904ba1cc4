import { z } from '@/lib/zod';

import { emailField, fields } from '@/lib/validation';

import { INIT_MESSAGES } from './init';

/** Account step (SPEC section 5, Contact). */
export const accountSchema = z.object({
  firstName: fields.firstName(),
  lastName: fields.lastName(),
  email: emailField({ required: INIT_MESSAGES.emailRequired, invalid: INIT_MESSAGES.emailInvalid }),
  phone: fields.phone(),
});
export type AccountValues = z.infer<typeof accountSchema>;

/** Address step: every field required. */
export const addressSchema = z.object({
  shopName: fields.shopName(),
  address: fields.address(),
  streetNumber: fields.streetNumber(),
  zipCode: fields.zipCode(),
  city: fields.city(),
});
export type AddressValues = z.infer<typeof addressSchema>;

export { addCentreSchema, PARTNER_MESSAGES, type AddCentreValues } from '@/components/service-centres/schema';

export const SUBMIT_REQUIRED_MESSAGE = 'Alle Pflichtfelder müssen ausgefüllt werden';
const REQUIRED_FOR_SUBMIT = [
  'email',
  'password',
  'firstName',
  'lastName',
  'shopName',
  'address',
  'streetNumber',
  'city',
  'zipCode',
] as const;

/** Registration submit needs these fields (SPEC section 5); returns the message or null. */
export function submitProblem(data: Record<(typeof REQUIRED_FOR_SUBMIT)[number], string>): string | null {
  return REQUIRED_FOR_SUBMIT.every((key) => data[key]?.trim()) ? null : SUBMIT_REQUIRED_MESSAGE;
}
