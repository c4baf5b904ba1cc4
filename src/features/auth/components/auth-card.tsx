import type { ReactNode } from 'react';

/** A sign-in card; `intro` is the page's lead text, shown under the heading. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        {intro && <p className="mt-3 text-lg text-slate-700">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
