import { z } from '@/lib/zod';

import { customerNumberField, PARTNER_MESSAGES } from '@/components/service-centres/schema';
import { fields } from '@/lib/validation';

const connection = z.object({
  partnerId: z.string().min(1),
  partnerName: z.string(),
  customerNumber: customerNumberField(),
  connectionId: z.string().optional(),
});

/** The profile form: what blocks saving. */
export const profileSchema = z.object({
  firstName: fields.firstName(),
  lastName: fields.lastName(),
  phone: fields.phone(),
  shopName: fields.shopName(),
  address: fields.address(),
  streetNumber: fields.streetNumber(),
  zipCode: fields.zipCode(),
  city: fields.city(),
  connections: z.array(connection),
});
export type ProfileValues = z.infer<typeof profileSchema>;

/** The strict schema: a complete profile also has a service centre. Failing it only warns. */
export const strictProfileSchema = profileSchema.extend({
  connections: z.array(connection).min(1, PARTNER_MESSAGES.atLeastOne),
});

export const INCOMPLETE_WARNING =
  'Achtung: Ihr Profil ist derzeit noch nicht vollständig. Achten Sie darauf, dass alle Pflichtfelder ausgefüllt sind. Nur so können Sie an unserer Aktion teilnehmen.';

const PART_NAMES: Record<string, string> = {
  firstName: 'Vorname',
  lastName: 'Nachname',
  phone: 'Telefon',
  shopName: 'Werkstattname',
  address: 'Straße',
  streetNumber: 'Hausnummer',
  zipCode: 'PLZ',
  city: 'Ort',
  connections: 'ein verknüpftes Leistungszentrum mit Kundennummer',
};

/** What a profile still lacks, in German and in the form's order; empty when complete. */
export function missingParts(values: ProfileValues): string[] {
  const result = strictProfileSchema.safeParse(values);
  if (result.success) return [];
  const fields = new Set(result.error.issues.map((issue) => String(issue.path[0])));
  return Object.keys(PART_NAMES)
    .filter((field) => fields.has(field))
    .map((field) => PART_NAMES[field]!);
}

/** 'Es fehlt noch: Vorname, ein verknüpftes Leistungszentrum mit Kundennummer.' */
export const missingLine = (parts: string[]) => `Es fehlt noch: ${parts.join(', ')}.`;
