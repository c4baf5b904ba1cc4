import { Link, useRouteError } from 'react-router';

import { paths } from '@/config/paths';

/** Shown instead of React Router's developer page when a page fails to render. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div role="alert" className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.</h1>
      <p className="mt-4 text-slate-700">Laden Sie die Seite neu oder kehren Sie zur Startseite zurück.</p>
      <Link to={paths.home.getHref()} className="mt-8 inline-block rounded bg-brand-700 px-5 py-2 font-semibold text-white">
        Zur Startseite
      </Link>
    </div>
  );
}
