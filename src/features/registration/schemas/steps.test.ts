import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { accountSchema, addCentreSchema, addressSchema, PARTNER_MESSAGES, submitProblem, SUBMIT_REQUIRED_MESSAGE } from './steps';

function firstMessages(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries([...result.error.issues].reverse().map((i) => [i.path.join('.'), i.message]));
}

const account = { firstName: 'Erika', lastName: 'Mustermann', email: 'werkstatt@example.de', phone: '' };
const address = { shopName: 'Kfz Mustermann', address: 'Hauptstraße', streetNumber: '12a', zipCode: '10115', city: 'Berlin' };

describe('account step', () => {
  it('accepts a contact without phone', () => {
    expect(accountSchema.safeParse(account).success).toBe(true);
  });

  it('needs names of 2 to 70 characters', () => {
    expect(firstMessages(accountSchema, { ...account, firstName: 'E', lastName: 'x'.repeat(71) })).toEqual({
      firstName: 'Vorname muss mindestens 2 Zeichen lang sein',
      lastName: 'Nachname darf maximal 70 Zeichen lang sein',
    });
    expect(firstMessages(accountSchema, { ...account, firstName: '   ' }).firstName).toBe('Vorname ist erforderlich');
  });

  it('checks the e-mail', () => {
    expect(firstMessages(accountSchema, { ...account, email: 'x' }).email).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  });

  it("limits the phone to 20 characters of SPEC's set", () => {
    expect(firstMessages(accountSchema, { ...account, phone: '0'.repeat(21) }).phone).toBe(
      'Telefonnummer darf maximal 20 Zeichen lang sein',
    );
    expect(firstMessages(accountSchema, { ...account, phone: '030/123' }).phone).toBe(
      'Telefonnummer kann nur Ziffern, +, Leerzeichen, - und () enthalten',
    );
    expect(accountSchema.safeParse({ ...account, phone: '+49 (30) 123-45' }).success).toBe(true);
  });
});

describe('address step', () => {
  it('accepts a full address', () => {
    expect(addressSchema.safeParse(address).success).toBe(true);
  });

  it('requires every field with its limits', () => {
    expect(firstMessages(addressSchema, { shopName: 'K', address: '', streetNumber: '12345678901', zipCode: '1011', city: 'B' })).toEqual({
      shopName: 'Werkstattname muss mindestens 2 Zeichen lang sein',
      address: 'Straße ist erforderlich',
      streetNumber: 'Hausnummer darf maximal 10 Zeichen lang sein',
      zipCode: 'PLZ muss 5 Ziffern enthalten',
      city: 'Ort muss mindestens 2 Zeichen lang sein',
    });
    expect(firstMessages(addressSchema, { ...address, zipCode: '1011a' }).zipCode).toBe('PLZ muss 5 Ziffern enthalten');
    expect(firstMessages(addressSchema, { ...address, streetNumber: '' }).streetNumber).toBe('Hausnummer ist erforderlich');
  });
});

describe('add service centre form', () => {
  it('requires a centre and a customer number', () => {
    expect(firstMessages(addCentreSchema, { partnerId: '', customerNumber: '' })).toEqual({
      partnerId: PARTNER_MESSAGES.partnerRequired,
      customerNumber: PARTNER_MESSAGES.customerNumberRequired,
    });
  });

  it('allows letters and digits only, at most 30', () => {
    expect(firstMessages(addCentreSchema, { partnerId: 'a', customerNumber: 'K-12' }).customerNumber).toBe(
      PARTNER_MESSAGES.customerNumberChars,
    );
    expect(firstMessages(addCentreSchema, { partnerId: 'a', customerNumber: 'K'.repeat(31) }).customerNumber).toBe(
      PARTNER_MESSAGES.customerNumberMax,
    );
    expect(addCentreSchema.safeParse({ partnerId: 'a', customerNumber: 'K12345' }).success).toBe(true);
  });
});

describe('registration submit', () => {
  const complete = {
    email: 'a@b.de',
    password: 'geheim-123',
    firstName: 'E',
    lastName: 'M',
    shopName: 'S',
    address: 'A',
    streetNumber: '1',
    city: 'C',
    zipCode: '10115',
  };
  it('needs every required field', () => {
    expect(submitProblem(complete)).toBeNull();
    expect(submitProblem({ ...complete, password: '' })).toBe(SUBMIT_REQUIRED_MESSAGE);
    expect(submitProblem({ ...complete, city: ' ' })).toBe(SUBMIT_REQUIRED_MESSAGE);
  });
});
