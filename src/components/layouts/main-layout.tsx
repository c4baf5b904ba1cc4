import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';

import { ScrollToTop } from '@/components/scroll-to-top';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/stores/session';

function PageFallback() {
  return (
    <p role="status" className="p-8 text-center text-slate-600">
      Wird geladen...
    </p>
  );
}

export function MainLayout() {
  const role = useSessionStore((s) => s.role);
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <ScrollToTop />
      <header className="border-b border-slate-200">
        <nav aria-label="Hauptnavigation" className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3">
          <Link to={paths.home.getHref()} className="font-bold text-brand-700">
            NORA Cashback
          </Link>
          <Link to="/#faq" className="text-sm hover:underline">
            FAQ
          </Link>
          {!role && (
            <Link to={paths.login.getHref()} className="ml-auto rounded bg-brand-700 px-4 py-2 text-sm font-semibold text-white">
              Login
            </Link>
          )}
        </nav>
      </header>
      <main className="flex-1">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-wrap gap-4 px-4 py-6 text-sm text-slate-700">
          <Link to={paths.impressum.getHref()}>Impressum</Link>
          <Link to={paths.datenschutz.getHref()}>Datenschutz</Link>
          <Link to={paths.aktionsbedingungen.getHref()}>Teilnahmeerklärung</Link>
          <span className="ml-auto">© {new Date().getFullYear()} NORA Cashback-Aktion</span>
        </div>
      </footer>
    </div>
  );
}
