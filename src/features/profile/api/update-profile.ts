import { currentUserId, withSession } from '@/lib/auth';
import { normalizePhone } from '@/lib/phone';
import { pb } from '@/lib/pocketbase';

import type { ProfileFields } from './model';

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
