import { Suspense } from 'react';
import { Outlet } from 'react-router';

import { ConsentButton } from '@/components/consent-button';
import { DocumentTitle } from '@/components/document-title';
import { ScrollToTop } from '@/components/scroll-to-top';
import { SessionSync } from '@/components/session-sync';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { ToasterOnDemand } from '@/components/ui/toaster-on-demand';
import { clearNotice, useNoticeStore } from '@/stores/notice';

import { Footer } from './footer';
import { Header } from './header';

function PageFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-slate-700">
      <Spinner label="Wird geladen..." />
    </div>
  );
}

function Notice() {
  const message = useNoticeStore((s) => s.message);
  const tone = useNoticeStore((s) => s.tone);
  if (!message) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4">
      <Alert tone={tone} className="flex items-start justify-between gap-4">
        <span>{message}</span>
        <button type="button" onClick={clearNotice} className="font-semibold underline">
          Schließen
        </button>
      </Alert>
    </div>
  );
}

export function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2">
        Zum Inhalt springen
      </a>
      <ToasterOnDemand />
      <SessionSync />
      <DocumentTitle />
      <ScrollToTop />
      <Header />
      <Notice />
      {/* At least one screen high: the footer starts below the fold, so pages that load their content lazily do not push it around (CLS). */}
      <main id="main" className="min-h-svh flex-1">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <div className="bg-slate-900 px-4 pb-6 xl:contents">
        <ConsentButton />
      </div>
    </div>
  );
}
