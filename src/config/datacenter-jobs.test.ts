import { describe, expect, it } from 'vitest';

import { DATACENTER_JOBS, jobOf, jobsFor } from './datacenter-jobs';

describe('the data area’s jobs', () => {
  it('each have their own address', () => {
    const slugs = DATACENTER_JOBS.map((j) => j.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z][a-z-]*$/);
  });

  it('open the back office for administrators and the review for auditors first', () => {
    expect(jobsFor('Administrator')[0]?.label).toBe('Übersicht');
    expect(jobsFor('Auditor').map((j) => j.label)).toEqual(['Prüfung', 'Prüfdateien', 'Dateien']);
    expect(jobsFor('User')).toEqual([]);
    expect(jobsFor(null)).toEqual([]);
  });

  it('know no job that is not in the list', () => {
    expect(jobOf('auszahlungen')?.roles).toEqual(['Administrator']);
    expect(jobOf('gibt-es-nicht')).toBeUndefined();
    expect(jobOf(undefined)).toBeUndefined();
  });
});
