import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the top on every path change, unless the URL carries a hash: then it
 * scrolls to that element once it is on the page (it may come from a lazy chunk).
 */
export function ScrollToTop() {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    const timer = setInterval(() => {
      const el = document.getElementById(id);
      tries += 1;
      if (el) el.scrollIntoView({ block: 'start' });
      if (el || tries > 40) clearInterval(timer);
    }, 50);
    return () => clearInterval(timer);
  }, [pathname, hash, key]);
  return null;
}
