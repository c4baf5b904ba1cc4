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

describe('invoiceFacts: the invoice date is the one labelled as such (issue 31)', () => {
  it('skips delivery and order dates that stand before the invoice date', () => {
    const text =
      'Autoteile Nord GmbH\nBestelldatum: 01.07.2025\nLieferdatum: 02.07.2025\nRechnungsnummer: RE-77\nRechnungsdatum: 30.11.2025';
    expect(invoiceFacts(text)).toEqual({ number: 'RE-77', date: '2025-11-30' });
    expect(invoiceFacts('Lieferdatum 01.07.2025 Leistungsdatum 02.07.2025 Datum: 28.11.2025')).toEqual({ number: '', date: '2025-11-28' });
    expect(invoiceFacts('Lieferdatum: 01.07.2025\nAuftragsdatum: 03.07.2025')).toEqual({ number: '', date: '' });
  });

  it('prefers the invoice date over a plain "Datum", and reads the head line "Rechnung … vom"', () => {
    expect(invoiceFacts('Datum: 01.08.2025\nRechnungsdatum: 15.08.2025')).toEqual({ number: '', date: '2025-08-15' });
    expect(invoiceFacts('Lieferdatum 01.08.2025\nRechnung Nr. 4711 vom 3.9.2025')).toEqual({ number: '4711', date: '2025-09-03' });
  });

  it('reads an invoice number with its whole token and stops at the next word or a date', () => {
    expect(invoiceFacts('Rechnungsnummer: RE 4711\nDatum: 01.02.2025').number).toBe('RE 4711');
    expect(invoiceFacts('Rechnungsnummer: RE 4711 Kundennummer: 5').number).toBe('RE 4711');
    expect(invoiceFacts('Rechnungsnummer 4711 12.03.2025').number).toBe('4711');
    expect(invoiceFacts('Rechnungs-Nr. 2025 / 0042').number).toBe('2025');
    expect(invoiceFacts('Rechnungs-Nr. RE 2025 0042 vom 01.01.2025').number).toBe('RE 2025 0042');
    expect(invoiceFacts('Rechnungsnummer: siehe unten').number).toBe('');
    // Two invoices of one supplier are two numbers, not the same 'RE'.
    expect(invoiceFacts('Rechnungsnummer: RE 4711').number).not.toBe(invoiceFacts('Rechnungsnummer: RE 4712').number);
  });
});
