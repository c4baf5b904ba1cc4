import { Component, type ReactNode } from 'react';
import { Link, useLocation, type Location } from 'react-router';

import { paths } from '@/config/paths';

/** Shown instead of the page when a page fails to render or its code fails to load. */
export function RouteError() {
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

interface BoundaryState {
  error: unknown;
  location: Location;
}

class Boundary extends Component<{ location: Location; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // Going elsewhere (the link on the error page, the browser's back button) leaves the error behind.
  static getDerivedStateFromProps(props: { location: Location }, state: BoundaryState) {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/** Catches what the layout or a page throws while rendering, as the data router's errorElement did. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
