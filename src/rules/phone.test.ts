import { describe, expect, it } from 'vitest';

import { isValidPhone, normalizePhone, PHONE_MESSAGES, phoneProblem } from '@/lib/phone';

describe('normalizePhone', () => {
  it('removes surrounding whitespace, inner spaces, brackets and hyphens', () => {
    expect(normalizePhone('  030 / 12-34 (5) ')).toBe('030/12345');
    expect(normalizePhone(' 089 123-456 ')).toBe('089123456');
  });

  it('rewrites +49 to 0049 and adds the leading 0 of the national part', () => {
    expect(normalizePhone('+49 30 1234567')).toBe('00490301234567');
    expect(normalizePhone('+49 (0)30 1234567')).toBe('00490301234567');
  });

  it('keeps 0049 numbers with their leading 0 and adds it when missing', () => {
    expect(normalizePhone('0049 030 1234')).toBe('00490301234');
    expect(normalizePhone('0049 30 1234')).toBe('00490301234');
  });

  it('returns other numbers cleaned but otherwise unchanged', () => {
    expect(normalizePhone('+43 1 234 567')).toBe('+431234567');
    expect(normalizePhone('0171 2345678')).toBe('01712345678');
  });

  it('yields nothing for an empty value', () => {
    expect(normalizePhone('')).toBeUndefined();
    expect(normalizePhone('   ')).toBeUndefined();
    expect(normalizePhone(undefined)).toBeUndefined();
  });
});

describe('phone validity', () => {
  it('accepts an empty value', () => {
    expect(isValidPhone('')).toBe(true);
    expect(isValidPhone(undefined)).toBe(true);
  });

  it('allows only digits, plus, spaces, round brackets and hyphens', () => {
    expect(isValidPhone('+49 (30) 123-456')).toBe(true);
    expect(phoneProblem('030/123')).toBe(PHONE_MESSAGES.characters);
    expect(phoneProblem('030 12a')).toBe(PHONE_MESSAGES.characters);
  });

  it('needs at least one digit', () => {
    expect(phoneProblem('+ ( ) -')).toBe(PHONE_MESSAGES.digit);
  });

  it('allows at most one plus, and only as the first character', () => {
    expect(phoneProblem('++49 30')).toBe(PHONE_MESSAGES.plus);
    expect(phoneProblem('049+30')).toBe(PHONE_MESSAGES.plus);
    expect(isValidPhone('+4930')).toBe(true);
  });
});
