import type { ReactNode } from 'react';

/** Shared reading layout for the legal pages. */
export function LegalPage({ children }: { children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 text-slate-800 [overflow-wrap:anywhere] [&_a]:text-brand-700 [&_a]:underline [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:text-slate-900 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_li]:mt-1 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
      {children}
    </article>
  );
}
