import { useSyncExternalStore, type ComponentProps } from 'react';

const subscribe = () => () => {};

/** False while React takes over a prerendered page (decision 021), true from then on and on every page the browser draws itself. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A form on a prerendered page (decision 021): its fields are disabled until React has taken
 * the page over, and it says POST. Sent before React listens, the browser would send it
 * itself, and as a GET it would put the e-mail address and password into the URL.
 */
export function PrerenderedForm({ children, ...props }: Omit<ComponentProps<'form'>, 'method' | 'noValidate'>) {
  const hydrated = useHydrated();
  return (
    <form noValidate method="post" {...props}>
      <fieldset disabled={!hydrated} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
