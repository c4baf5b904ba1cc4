import { describe, expect, it } from 'vitest';

import { PLACEHOLDER, PLACEHOLDERS, withPlaceholders } from './company';

describe('the operator details', () => {
  it('show configured values and marked placeholders for the rest', () => {
    const operator = withPlaceholders({ name: ' Beispiel GmbH ', street: null, phone: '' });
    expect(operator.name).toBe('Beispiel GmbH');
    expect(operator.street).toBe(PLACEHOLDERS.street);
    expect(PLACEHOLDER.test(operator.street)).toBe(true);
    expect(PLACEHOLDER.test(operator.phone)).toBe(true);
  });

  it('fall back to placeholders when the server does not answer', () => {
    expect(withPlaceholders(null)).toEqual(PLACEHOLDERS);
  });
});
