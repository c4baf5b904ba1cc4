import { Link } from 'react-router';

import { paths } from '@/config/paths';

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm md:flex-row md:items-center">
        <nav aria-label="Rechtliches" className="flex flex-wrap gap-x-6 gap-y-2">
          <Link className="hover:underline" to={paths.impressum.getHref()}>
            Impressum
          </Link>
          <Link className="hover:underline" to={paths.datenschutz.getHref()}>
            Datenschutz
          </Link>
          <Link className="hover:underline" to={paths.aktionsbedingungen.getHref()}>
            Teilnahmeerklärung
          </Link>
          <Link className="hover:underline" to={paths.barrierefreiheit.getHref()}>
            Barrierefreiheit
          </Link>
        </nav>
        {/* Prerendered pages carry the build's year, and taking them over keeps it (decision 021). */}
        <p className="md:ml-auto" suppressHydrationWarning>
          © {new Date().getFullYear()} NORA Cashback-Aktion. Alle Rechte vorbehalten.
        </p>
      </div>
    </footer>
  );
}
