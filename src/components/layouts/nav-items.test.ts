import { describe, expect, it } from 'vitest';

import { navItems } from './nav-items';

const labels = (...args: Parameters<typeof navItems>) => navItems(...args).map((i) => `${i.label} ${i.to}`);

describe('header links', () => {
  it('anonymous visitors see FAQ and Registrieren', () => {
    expect(labels(null, false)).toEqual(['FAQ /#faq', 'Registrieren /#register']);
  });

  it('hide Registrieren on /register pages', () => {
    expect(labels(null, true)).toEqual(['FAQ /#faq']);
  });

  it('workshops get Profil to /profile', () => {
    expect(labels('User', false)).toEqual(['FAQ /#faq', 'Profil /profile']);
  });

  it('administrators and auditors get Datacenter and Profil to /adminprofile', () => {
    expect(labels('Administrator', false)).toEqual(['FAQ /#faq', 'Datacenter /datacenter', 'Profil /adminprofile']);
    expect(labels('Auditor', true)).toEqual(['FAQ /#faq', 'Datacenter /datacenter', 'Profil /adminprofile']);
  });
});
