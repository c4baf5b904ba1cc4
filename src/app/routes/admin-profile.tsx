import { useSessionStore } from '@/stores/session';

import { SimplePage } from '@/components/layouts/simple-page';

export default function AdminProfileRoute() {
  const role = useSessionStore((s) => s.role);
  return (
    <SimplePage title={role ?? 'Profil'}>
      <p className="mt-4 text-slate-700">Ihre Profildaten können Sie hier zukünftig einsehen und bearbeiten.</p>
    </SimplePage>
  );
}
