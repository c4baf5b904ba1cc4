import { describe, expect, it } from 'vitest';

import { emptyRegistration, type RegistrationData } from '../stores/registration';
import { guardRedirect, invalidSteps, nextStep, parseStep, previousStep } from './steps';

const init = { email: 'werkstatt@example.de', password: 'geheim-123', passwordConfirm: 'geheim-123', termsAccepted: true };
const account = { firstName: 'Erika', lastName: 'Mustermann', phone: '' };
const address = { shopName: 'Kfz Mustermann', address: 'Hauptstraße', streetNumber: '1', zipCode: '10115', city: 'Berlin' };
const data = (...parts: Partial<RegistrationData>[]): RegistrationData => Object.assign({ ...emptyRegistration }, ...parts);

describe('wizard steps', () => {
  it('are linear with next and previous neighbours', () => {
    expect(nextStep('init')).toBe('account');
    expect(nextStep('partner')).toBe('overview');
    expect(nextStep('overview')).toBeNull();
    expect(previousStep('account')).toBe('init');
    expect(previousStep('init')).toBeNull();
  });

  it('fall back to account for an unknown segment', () => {
    expect(parseStep('address')).toBe('address');
    expect(parseStep('zahlung')).toBe('account');
    expect(parseStep(undefined)).toBe('account');
  });
});

describe('the step check', () => {
  it('always reports an invalid init', () => {
    expect(invalidSteps('account', data())).toEqual(['init']);
  });

  it('checks account only past account, address only past address', () => {
    expect(invalidSteps('account', data(init))).toEqual([]);
    expect(invalidSteps('address', data(init))).toEqual(['account']);
    expect(invalidSteps('address', data(init, account))).toEqual([]);
    expect(invalidSteps('partner', data(init, account))).toEqual(['address']);
    expect(invalidSteps('overview', data(init, account, address))).toEqual([]);
  });
});

describe('the wizard guard', () => {
  it('sends a visitor whose progress is at init to /', () => {
    expect(guardRedirect('account', 'init', data(init))).toBe('/');
  });

  it('lets the init step render always', () => {
    expect(guardRedirect('init', 'init', data())).toBeNull();
  });

  it('sends a visitor to the first step whose data is missing', () => {
    expect(guardRedirect('overview', 'overview', data(init))).toBe('/register/account');
    expect(guardRedirect('overview', 'overview', data(init, account))).toBe('/register/address');
    expect(guardRedirect('partner', 'partner', data(init, account, address))).toBeNull();
  });

  it('does not send a reloaded visitor away only because the password lives in memory', () => {
    const reloaded = data(init, account, address, { password: '', passwordConfirm: '' });
    expect(guardRedirect('overview', 'overview', reloaded)).toBeNull();
  });

  it('sends a visitor with unusable stored init data back to /', () => {
    expect(guardRedirect('account', 'account', data({ ...init, email: 'kaputt' }))).toBe('/');
  });
});
