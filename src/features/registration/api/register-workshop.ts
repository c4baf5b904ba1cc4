import { ClientResponseError } from 'pocketbase';

import { AUTH_MESSAGES } from '@/lib/auth';
import { normalizePhone } from '@/lib/phone';
import { pb } from '@/lib/pocketbase';

import type { RegistrationData } from '../stores/registration';

export const EMAIL_IN_USE =
  'Diese E-Mail-Adresse wird bereits verwendet. Bitte wählen Sie eine andere E-Mail-Adresse oder melden Sie sich an, wenn Sie bereits ein Konto haben.';
export const CONNECTIONS_FAILED = 'Fehler beim Aktualisieren der Leistungszentren';

/** A refusal the wizard can show: a message for the red box and PocketBase's field errors. */
export class RegistrationError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

function toRegistrationError(err: unknown): RegistrationError {
  if (err instanceof ClientResponseError && err.status === 400) {
    const data = (err.response?.data ?? {}) as Record<string, { code?: string; message?: string }>;
    if (data.email?.code === 'validation_not_unique') return new RegistrationError(EMAIL_IN_USE, { email: EMAIL_IN_USE });
    const fieldErrors = Object.fromEntries(Object.entries(data).map(([field, e]) => [field, e?.code ?? 'invalid']));
    if (Object.keys(fieldErrors).length > 0) return new RegistrationError(AUTH_MESSAGES.generic, fieldErrors);
  }
  return new RegistrationError(AUTH_MESSAGES.generic);
}

/**
 * SPEC section 7: create the user (phone normalised), log in, create one connection per
 * centre, request the verification mail. Once the account exists the workshop is signed in
 * even if a centre link fails; the profile lets it add the centre again.
 */
export async function registerWorkshop(data: RegistrationData): Promise<{ connectionsFailed: boolean }> {
  const email = data.email.trim().toLowerCase();
  try {
    await pb.collection('users').create(
      {
        email,
        password: data.password,
        passwordConfirm: data.passwordConfirm,
        termsAccepted: data.termsAccepted,
        firstName: data.firstName.trim(),
        lastName: data.lastName.trim(),
        phone: normalizePhone(data.phone) ?? '',
        shopName: data.shopName.trim(),
        address: data.address.trim(),
        streetNumber: data.streetNumber.trim(),
        zipCode: data.zipCode.trim(),
        city: data.city.trim(),
      },
      { requestKey: null },
    );
  } catch (err) {
    console.error('Registrierung fehlgeschlagen', err);
    throw toRegistrationError(err);
  }

  const auth = await pb.collection('users').authWithPassword(email, data.password, { requestKey: null });
  const results = await Promise.allSettled(
    data.lzConnections.map((link) =>
      pb
        .collection('user_lz_connections')
        .create({ user: auth.record.id, noraLz: link.partnerId, customerNumber: link.customerNumber }, { requestKey: null }),
    ),
  );
  const connectionsFailed = results.some((r) => r.status === 'rejected');
  if (connectionsFailed) console.error(CONNECTIONS_FAILED, results);
  await pb
    .collection('users')
    .requestVerification(email, { requestKey: null })
    .catch((err: unknown) => console.error('Bestätigungs-E-Mail konnte nicht angefordert werden', err));
  return { connectionsFailed };
}
