import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';

/**
 * Renders `ui` in a memory router at `path` and follows where it goes: `pathname` is the
 * router's current path, `navigate` goes somewhere else as a link would, `container` holds
 * what was rendered.
 */
export function renderInRouter(ui: ReactNode, path = '/') {
  const seen: { pathname: string; navigate: NavigateFunction | null } = { pathname: path, navigate: null };
  function Probe() {
    seen.pathname = useLocation().pathname;
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
    navigate: (to: string) => seen.navigate!(to),
  };
}
