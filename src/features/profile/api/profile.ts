import type { RecordModel } from 'pocketbase';

import type { CentreLink } from '@/components/service-centres/schema';
import { currentUserId, withSession } from '@/lib/auth';
import { normalizePhone } from '@/lib/phone';
import { pb } from '@/lib/pocketbase';

export const PROFILE_MESSAGES = {
  loadFailed: 'Fehler beim Laden der Profil Daten. Bitte versuchen Sie es später erneut.',
  saveFailed: 'Fehler beim Speichern der Profildaten. Bitte versuchen Sie es später erneut.',
  storeFailed: 'Fehler beim Abspeichern der Daten.',
  connectionsFailed: 'Fehler beim Aktualisieren der Leistungszentren',
  saved: 'Ihre Profildaten wurden erfolgreich gespeichert.',
  statsFailed: 'Cashback Übersicht konnte nicht geladen werden',
  vouchersFailed: 'Cashback-Code Übersicht konnte nicht geladen werden',
  vouchersHelperFailed: 'Cashback Code Übersicht konnte nicht geladen werden',
} as const;

export interface Profile {
  id: string;
  email: string;
  /** Whether the workshop has opened its verification link (redeeming needs it). */
  verified: boolean;
  firstName: string;
  lastName: string;
  phone: string;
  shopName: string;
  address: string;
  streetNumber: string;
  zipCode: string;
  city: string;
  connections: CentreLink[];
}

interface ConnectionRecord extends RecordModel {
  customerNumber: string;
  noraLz: string;
  expand?: { noraLz?: { partnerName?: string } };
}

/** The stored connection as the form uses it; the centre's name defaults to 'Name nicht gefunden'. */
export function toCentreLink(record: ConnectionRecord): CentreLink {
  return {
    connectionId: record.id,
    partnerId: record.noraLz,
    customerNumber: record.customerNumber,
    partnerName: record.expand?.noraLz?.partnerName || 'Name nicht gefunden',
  };
}

export function loadProfile(): Promise<Profile> {
  return withSession(async () => {
    const record = await pb.collection('users').getOne(currentUserId(), {
      expand: 'noraLZConnections,noraLZConnections.noraLz',
      requestKey: null,
    });
    const connections = ((record.expand?.noraLZConnections ?? []) as ConnectionRecord[]).map(toCentreLink);
    return {
      id: record.id,
      email: record.email,
      verified: record.verified === true,
      firstName: record.firstName ?? '',
      lastName: record.lastName ?? '',
      phone: record.phone ?? '',
      shopName: record.shopName ?? '',
      address: record.address ?? '',
      streetNumber: record.streetNumber ?? '',
      zipCode: record.zipCode ?? '',
      city: record.city ?? '',
      connections,
    };
  });
}

export type ProfileFields = Omit<Profile, 'id' | 'email' | 'verified' | 'connections'>;

/** PATCH the profile fields (phone normalised); the session record is refreshed by the SDK. */
export function updateProfile(fields: ProfileFields) {
  return withSession(() =>
    pb.collection('users').update(
      currentUserId(),
      {
        firstName: fields.firstName.trim(),
        lastName: fields.lastName.trim(),
        phone: normalizePhone(fields.phone) ?? '',
        shopName: fields.shopName.trim(),
        address: fields.address.trim(),
        streetNumber: fields.streetNumber.trim(),
        zipCode: fields.zipCode.trim(),
        city: fields.city.trim(),
      },
      { requestKey: null },
    ),
  );
}

/**
 * SPEC section 4: entries without id are created, entries with id updated, stored entries
 * missing from the form deleted. Returns whether every call succeeded.
 */
export async function syncConnections(stored: CentreLink[], wanted: CentreLink[]): Promise<boolean> {
  const userId = currentUserId();
  const col = pb.collection('user_lz_connections');
  const wantedIds = new Set(wanted.map((w) => w.connectionId).filter(Boolean));
  const calls: Promise<unknown>[] = [
    ...wanted
      .filter((w) => !w.connectionId)
      .map((w) => col.create({ user: userId, noraLz: w.partnerId, customerNumber: w.customerNumber }, { requestKey: null })),
    ...wanted
      .filter((w) => w.connectionId && stored.find((s) => s.connectionId === w.connectionId)?.customerNumber !== w.customerNumber)
      .map((w) => col.update(w.connectionId!, { customerNumber: w.customerNumber }, { requestKey: null })),
    ...stored.filter((s) => s.connectionId && !wantedIds.has(s.connectionId)).map((s) => col.delete(s.connectionId!, { requestKey: null })),
  ];
  const results = await Promise.allSettled(calls);
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length > 0) console.error(PROFILE_MESSAGES.connectionsFailed, failed);
  return failed.length === 0;
}
