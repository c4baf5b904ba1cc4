import { beforeEach, describe, expect, it } from 'vitest';

import { REGISTRATION_STORAGE_KEY, useRegistrationStore } from './registration';

describe('the registration store', () => {
  beforeEach(() => {
    localStorage.clear();
    useRegistrationStore.getState().reset();
  });

  it('persists the wizard data under the registration key but never the password', () => {
    useRegistrationStore
      .getState()
      .update({ email: 'werkstatt@example.de', password: 'geheim-123', passwordConfirm: 'geheim-123', termsAccepted: true });
    useRegistrationStore.getState().setStep('account');
    const stored = localStorage.getItem(REGISTRATION_STORAGE_KEY) ?? '';
    expect(JSON.parse(stored).state.data.email).toBe('werkstatt@example.de');
    expect(JSON.parse(stored).state.step).toBe('account');
    expect(stored).not.toContain('geheim-123');
    expect(useRegistrationStore.getState().data.password).toBe('geheim-123');
  });

  it('restores the stored data with an empty password after a reload', async () => {
    localStorage.setItem(
      REGISTRATION_STORAGE_KEY,
      JSON.stringify({ state: { data: { email: 'a@b.de', city: 'Köln' }, step: 'address' }, version: 0 }),
    );
    await useRegistrationStore.persist.rehydrate();
    const { data, step } = useRegistrationStore.getState();
    expect(data).toMatchObject({ email: 'a@b.de', city: 'Köln', password: '' });
    expect(step).toBe('address');
  });

  it('reset clears data and step', () => {
    useRegistrationStore.getState().update({ email: 'x@y.de' });
    useRegistrationStore.getState().reset();
    expect(useRegistrationStore.getState().data.email).toBe('');
    expect(useRegistrationStore.getState().step).toBe('init');
  });

  it('submit: starting sets the flag and clears the error, success resets the data and marks completion', () => {
    const store = useRegistrationStore.getState();
    store.update({ email: 'x@y.de' });
    store.submitFailed('Fehler', { zipCode: 'validation_invalid_format' });
    expect(useRegistrationStore.getState()).toMatchObject({ error: 'Fehler', fieldErrors: { zipCode: 'validation_invalid_format' } });
    store.update({ zipCode: '10115' });
    expect(useRegistrationStore.getState().fieldErrors).toEqual({});
    store.startSubmit();
    expect(useRegistrationStore.getState()).toMatchObject({ submitting: true, error: null });
    store.submitSucceeded();
    expect(useRegistrationStore.getState()).toMatchObject({ submitting: false, completed: true, step: 'init' });
    expect(useRegistrationStore.getState().data.email).toBe('');
    expect(localStorage.getItem(REGISTRATION_STORAGE_KEY)).not.toContain('x@y.de');
  });
});
