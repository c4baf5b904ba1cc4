import { describe, expect, it } from 'vitest';

import { paths, SITE_TITLE } from '@/config/paths';

import { titleOf } from './document-title';

describe('document titles', () => {
  it('gives every route its own German title, the landing page the campaign title', () => {
    expect(titleOf('/')).toBe(SITE_TITLE);
    expect(titleOf('/login')).toBe('Anmelden – NORA Cashback-Aktion');
    expect(titleOf('/register/address')).toBe('Registrierung – NORA Cashback-Aktion');
    expect(titleOf('/verify/abc.def')).toBe('E-Mail-Adresse bestätigen – NORA Cashback-Aktion');
    expect(titleOf('/cashback')).toBe('Cashback einlösen – NORA Cashback-Aktion');
    expect(titleOf('/gibt-es-nicht')).toBe('Seite nicht gefunden – NORA Cashback-Aktion');
  });

  it("names the data area's job before the data area (issue 36), so staff tell their tabs apart", () => {
    expect(titleOf('/datacenter')).toBe('Datacenter – NORA Cashback-Aktion');
    expect(titleOf('/datacenter/auszahlungen')).toBe('Auszahlungen – Datacenter – NORA Cashback-Aktion');
    expect(titleOf('/datacenter/pruefung')).toBe('Prüfung – Datacenter – NORA Cashback-Aktion');
  });

  it('has no two distinct pages sharing a title', () => {
    const byTitle = new Map<string, string[]>();
    for (const [name, p] of Object.entries(paths)) byTitle.set(p.title, [...(byTitle.get(p.title) ?? []), name]);
    const shared = [...byTitle.values()].filter((names) => names.length > 1);
    // /register only redirects to its first step; a job of the data area adds its own name.
    expect(shared).toEqual([
      ['register', 'registerStep'],
      ['datacenter', 'datacenterJob'],
    ]);
  });
});
