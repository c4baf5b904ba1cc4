import { useEffect } from 'react';

/**
 * While `active`, leaving the page asks first (issue 58: the cashback form lost a chosen invoice
 * without a word): closing or reloading the tab gets the browser's own question, and a click on
 * a link to another page of the portal asks `question` (the router of this app cannot block a
 * navigation itself). The browser's back button is not asked about; what a form keeps as a draft
 * comes back there.
 */
export function useLeaveWarning(active: boolean, question: string) {
  useEffect(() => {
    if (!active) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin || to.pathname === window.location.pathname) return;
      if (!window.confirm(question)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onUnload);
    // Capture: before the router's own click handler navigates.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active, question]);
}
