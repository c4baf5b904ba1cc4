import { describe, expect, it } from 'vitest';

import { missingLine, missingParts, type ProfileValues } from './profile';

const complete: ProfileValues = {
  firstName: 'Erika',
  lastName: 'Muster',
  phone: '',
  shopName: 'Kfz Muster',
  address: 'Weg',
  streetNumber: '1',
  zipCode: '10115',
  city: 'Berlin',
  connections: [{ partnerId: 'p1', partnerName: 'LZ', customerNumber: 'KD1' }],
};

describe('the incomplete-profile warning', () => {
  it('names nothing for a complete profile', () => {
    expect(missingParts(complete)).toEqual([]);
  });

  it('names each missing part in German, in the form’s order', () => {
    const parts = missingParts({ ...complete, city: '', firstName: ' ', connections: [] });
    expect(parts).toEqual(['Vorname', 'Ort', 'ein verknüpftes Leistungszentrum mit Kundennummer']);
    expect(missingLine(parts)).toBe('Es fehlt noch: Vorname, Ort, ein verknüpftes Leistungszentrum mit Kundennummer.');
  });
});
