import type { Role } from '../lib/roles';

// The staff's jobs in the data area (issue 36), each at its own address /datacenter/<slug>, so a
// job can be opened directly and a link can name it. The order is the order of the navigation;
// /datacenter itself opens the role's first job.

export interface DatacenterJob {
  slug: string;
  label: string;
  roles: readonly Role[];
}

export const DATACENTER_JOBS = [
  { slug: 'uebersicht', label: 'Übersicht', roles: ['Administrator'] },
  { slug: 'werkstaetten', label: 'Werkstätten', roles: ['Administrator'] },
  { slug: 'importe', label: 'Importe', roles: ['Administrator'] },
  { slug: 'auszahlungen', label: 'Auszahlungen', roles: ['Administrator'] },
  { slug: 'aktionen', label: 'Aktionen', roles: ['Administrator'] },
  { slug: 'pruefung', label: 'Prüfung', roles: ['Auditor'] },
  { slug: 'pruefdateien', label: 'Prüfdateien', roles: ['Auditor'] },
  { slug: 'dateien', label: 'Dateien', roles: ['Administrator', 'Auditor'] },
  { slug: 'e-mails', label: 'E-Mail-Protokoll', roles: ['Administrator'] },
  { slug: 'protokoll', label: 'Mitarbeiterprotokoll', roles: ['Administrator'] },
  { slug: 'loeschantraege', label: 'Löschanträge', roles: ['Administrator'] },
] as const satisfies readonly DatacenterJob[];

export type DatacenterJobSlug = (typeof DATACENTER_JOBS)[number]['slug'];

/** The jobs a role may open, in navigation order. */
export function jobsFor(role: Role | null): DatacenterJob[] {
  return role ? DATACENTER_JOBS.filter((j) => (j.roles as readonly Role[]).includes(role)) : [];
}

/** The job of a slug, whoever may open it; undefined for an unknown one. */
export function jobOf(slug: string | undefined): DatacenterJob | undefined {
  return DATACENTER_JOBS.find((j) => j.slug === slug);
}
