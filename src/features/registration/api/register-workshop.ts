import { ClientResponseError } from 'pocketbase';

import { AUTH_MESSAGES } from '@/lib/auth';
import { normalizePhone } from '@/lib/phone';
import { pb } from '@/lib/pocketbase';
import { CONNECTIONS_FAILED } from '@/lib/service-centres';
import { MESSAGES, SIGN_UP_PASSWORD } from '@/rules';
import { fieldAnswer } from '@/rules/server-answers';

import type { RegistrationData } from '../stores/registration';

export { CONNECTIONS_FAILED };

/** A refusal the wizard can show: a message for the red box and the server's German message per field. */
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
    // Also a race lost on the unique index, where PocketBase answers in its own words (by code, not by text).
    if (data.email?.code === 'validation_not_unique') return new RegistrationError(MESSAGES.emailInUse, { email: MESSAGES.emailInUse });
    // PocketBase's own English field answers in German (issue 58).
    const fieldErrors = Object.fromEntries(
      Object.entries(data).map(([field, e]) => [field, fieldAnswer(field, e) || AUTH_MESSAGES.generic]),
    );
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
        // Not `password`: PocketBase would hash it twice (decision 052).
        [SIGN_UP_PASSWORD]: data.password,
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
