import { useSessionStore } from '@/stores/session';

import { PlaceholderPage } from './placeholder-page';

export default function AdminProfileRoute() {
  const role = useSessionStore((s) => s.role);
  return (
    <PlaceholderPage title={`Profil: ${role ?? ''}`}>
      <p className="mt-4 text-slate-700">Ihre Profildaten können Sie hier künftig einsehen und bearbeiten.</p>
    </PlaceholderPage>
  );
}
