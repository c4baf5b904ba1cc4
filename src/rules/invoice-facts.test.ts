import { describe, expect, it } from 'vitest';

import { invoiceFacts } from '.';

describe('invoiceFacts', () => {
  it('reads the usual German wording', () => {
    expect(invoiceFacts('Autoteile Müller GmbH\nRechnungsnummer: RE-2025-0042\nRechnungsdatum: 31.10.2025')).toEqual({
      number: 'RE-2025-0042',
      date: '2025-10-31',
    });
    expect(invoiceFacts('Rechnung Nr. 4711  Datum 1.9.25')).toEqual({ number: '4711', date: '2025-09-01' });
    expect(invoiceFacts('Rechnungs-Nr.: ab/123 Belegdatum 2025-08-15')).toEqual({ number: 'AB/123', date: '2025-08-15' });
  });

  it('gives nothing rather than a wrong date or a number from elsewhere', () => {
    expect(invoiceFacts('Rechnungsdatum: 31.02.2025')).toEqual({ number: '', date: '' });
    expect(invoiceFacts('Kundennummer 12345, Lieferschein 9')).toEqual({ number: '', date: '' });
    expect(invoiceFacts('')).toEqual({ number: '', date: '' });
  });
});
