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
});
