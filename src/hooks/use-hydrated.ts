import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React takes over a prerendered page (decision 021), true from then on and in
 * every page the browser draws itself. A form on a prerendered page is disabled until then:
 * sent before React listens, the browser would send it itself, with the password in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
