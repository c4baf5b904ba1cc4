import { describe, expect, it } from 'vitest';

import { CASHBACK_MESSAGES, cashbackSchema, isInvoiceType, MAX_INVOICE_BYTES } from './cashback';

const schema = cashbackSchema('NORA');
const pdf = new File(['%PDF-1.4'], 'rechnung.pdf', { type: 'application/pdf' });
const valid = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  invoice: pdf,
  cashbackCode: 'NORA-Z9MF-5WSB',
  declarationSalesTax: true,
};
const messages = (data: unknown) => {
  const r = schema.safeParse(data);
  return r.success ? {} : Object.fromEntries([...r.error.issues].reverse().map((i) => [i.path.join('.'), i.message]));
};

describe('the cashback form schema', () => {
  it('accepts a complete form and removes the IBAN spaces', () => {
    const r = schema.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data?.iban).toBe('DE89370400440532013000');
  });

  it('checks the names', () => {
    expect(messages({ ...valid, firstName: 'E', lastName: 'x'.repeat(71) })).toEqual({
      firstName: 'Vorname muss mindestens 2 Zeichen lang sein',
      lastName: 'Nachname darf maximal 70 Zeichen lang sein',
    });
  });

  it('checks IBAN length, country length, structure and mod-97', () => {
    expect(messages({ ...valid, iban: 'DE89 3704' }).iban).toBe('IBAN muss mindestens 15 Zeichen lang sein');
    expect(messages({ ...valid, iban: 'DE'.padEnd(36, '1') }).iban).toBe('IBAN darf maximal 35 Zeichen lang sein');
    expect(messages({ ...valid, iban: 'DE89370400440532013001' }).iban).toBe(CASHBACK_MESSAGES.invalidIban);
    expect(messages({ ...valid, iban: 'DE8937040044053201300' }).iban).toBe(CASHBACK_MESSAGES.invalidIban);
    expect(schema.safeParse({ ...valid, iban: 'AT611904300234573201' }).success).toBe(true);
  });

  it('checks the BIC length and pattern', () => {
    expect(messages({ ...valid, bic: 'COBADEF' }).bic).toBe('BIC muss mindestens 8 Zeichen lang sein');
    expect(messages({ ...valid, bic: 'COBADEFFXXXX' }).bic).toBe('BIC darf maximal 11 Zeichen lang sein');
    expect(messages({ ...valid, bic: 'COB1DEFF' }).bic).toBe(CASHBACK_MESSAGES.invalidBic);
    expect(schema.safeParse({ ...valid, bic: 'COBADEFF' }).success).toBe(true);
  });

  it('needs a PNG, JPEG or PDF invoice of at most 5 MB', () => {
    expect(messages({ ...valid, invoice: undefined }).invoice).toBe(CASHBACK_MESSAGES.invoiceRequired);
    expect(messages({ ...valid, invoice: new File(['x'], 'rechnung.zip', { type: 'application/zip' }) }).invoice).toBe(
      CASHBACK_MESSAGES.invoiceType,
    );
    const big = new File([new Uint8Array(MAX_INVOICE_BYTES + 1)], 'gross.pdf', { type: 'application/pdf' });
    expect(messages({ ...valid, invoice: big }).invoice).toBe(CASHBACK_MESSAGES.invoiceSize);
    expect(isInvoiceType(new File(['x'], 'foto.JPG', { type: '' }))).toBe(true);
  });

  it('checks the code length and network prefix', () => {
    expect(messages({ ...valid, cashbackCode: `NORA-${'X'.repeat(46)}` }).cashbackCode).toBe(CASHBACK_MESSAGES.codeMax);
    expect(messages({ ...valid, cashbackCode: 'ABCD-1234-5678' }).cashbackCode).toBe(CASHBACK_MESSAGES.invalidCode);
  });

  it('requires the tax declaration', () => {
    expect(messages({ ...valid, declarationSalesTax: false }).declarationSalesTax).toBe(CASHBACK_MESSAGES.tax);
  });
});
