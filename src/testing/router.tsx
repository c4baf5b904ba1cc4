import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';

/**
 * Renders `ui` in a memory router at `path` and follows where it goes: `pathname` is the
 * router's current path (`search` its query), `navigate` goes somewhere else as a link would, `container` holds
 * what was rendered.
 */
export function renderInRouter(ui: ReactNode, path = '/') {
  const seen: { pathname: string; search: string; navigate: NavigateFunction | null } = { pathname: path, search: '', navigate: null };
  function Probe() {
    const location = useLocation();
    seen.pathname = location.pathname;
    seen.search = location.search;
    seen.navigate = useNavigate();
    return null;
  }
  const { container } = render(
    <MemoryRouter initialEntries={[path]}>
      <Probe />
      {ui}
    </MemoryRouter>,
  );
  return {
    container,
    get pathname() {
      return seen.pathname;
    },
    get search() {
      return seen.search;
    },
    navigate: (to: string) => seen.navigate!(to),
  };
}
