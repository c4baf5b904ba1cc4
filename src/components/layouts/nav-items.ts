import { paths } from '@/config/paths';
import type { Role } from '@/lib/roles';

// The header's links, shared by the header and the mobile menu (its own file, so neither
// imports the other).
export interface NavItem {
  label: string;
  to: string;
}

/** The header links of SPEC section 2 for the current role and page. */
export function navItems(role: Role | null, onRegisterPage: boolean): NavItem[] {
  const items: NavItem[] = [{ label: 'FAQ', to: '/#faq' }];
  if (!role && !onRegisterPage) items.push({ label: 'Registrieren', to: '/#register' });
  if (role === 'Administrator' || role === 'Auditor') items.push({ label: 'Datacenter', to: paths.datacenter.getHref() });
  if (role) items.push({ label: 'Profil', to: role === 'User' ? paths.profile.getHref() : paths.adminProfile.getHref() });
  return items;
}
