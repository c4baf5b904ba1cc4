import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the top on every path change, unless the URL carries a hash to jump to. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
