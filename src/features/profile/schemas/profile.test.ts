import { describe, expect, it } from 'vitest';

import { profileSchema, strictProfileSchema } from './profile';

const complete = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  phone: '',
  shopName: 'Kfz Mustermann',
  address: 'Hauptstraße',
  streetNumber: '1',
  zipCode: '10115',
  city: 'Berlin',
  connections: [{ partnerId: 'c1', partnerName: 'Autohaus', customerNumber: 'K1', connectionId: 'x1' }],
};

describe('profile schemas', () => {
  it('accept a complete profile', () => {
    expect(strictProfileSchema.safeParse(complete).success).toBe(true);
  });

  it('let a profile without service centre save but mark it incomplete', () => {
    const noCentre = { ...complete, connections: [] };
    expect(profileSchema.safeParse(noCentre).success).toBe(true);
    const strict = strictProfileSchema.safeParse(noCentre);
    expect(strict.success).toBe(false);
    expect(strict.error?.issues[0]?.message).toBe('Mindestens ein Leistungszentrum muss hinzugefügt werden');
  });

  it('refuse a bad customer number or PLZ', () => {
    expect(profileSchema.safeParse({ ...complete, zipCode: '123' }).success).toBe(false);
    const bad = { ...complete, connections: [{ ...complete.connections[0]!, customerNumber: '' }] };
    expect(profileSchema.safeParse(bad).error?.issues[0]?.message).toBe('Kundennummer ist erforderlich');
  });
});
