import { describe, expect, it } from 'vitest';

import { displayName, roleFromCollection } from './roles';

describe('roleFromCollection', () => {
  it('maps each auth collection to its role', () => {
    expect(roleFromCollection('users')).toBe('User');
    expect(roleFromCollection('administrators')).toBe('Administrator');
    expect(roleFromCollection('auditors')).toBe('Auditor');
  });

  it('gives no role for the superuser collection or an unknown one', () => {
    expect(roleFromCollection('_superusers')).toBeNull();
    expect(roleFromCollection('nora_lz')).toBeNull();
    expect(roleFromCollection(undefined)).toBeNull();
  });
});

describe('displayName', () => {
  it('prefers the screen name', () => {
    expect(displayName({ screenName: 'Werkstatt Karl', firstName: 'Karl', lastName: 'Schrauber' })).toBe('Werkstatt Karl');
  });

  it('falls back to first initial, dot and last name', () => {
    expect(displayName({ firstName: 'Karl', lastName: 'Schrauber' })).toBe('K. Schrauber');
  });

  it('uses the e-mail when no name is stored', () => {
    expect(displayName({ email: 'admin@demo.nora-aktion.de' })).toBe('admin@demo.nora-aktion.de');
  });
});
