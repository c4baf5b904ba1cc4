import { Link } from 'react-router';

import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-4xl font-bold">Seite nicht gefunden</h1>
      <p className="mt-4 text-lg text-slate-700">Die aufgerufene Seite existiert nicht oder wurde verschoben.</p>
      <Link to={paths.home.getHref()} className="mt-8 inline-block rounded bg-brand-700 px-5 py-2 font-semibold text-white">
        Zur Startseite
      </Link>
    </div>
  );
}
