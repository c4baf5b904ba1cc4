import { useCallback, useEffect, useRef, useState } from 'react';

import { pb } from '@/lib/pocketbase';

export interface Loaded<T> {
  data: T;
  loading: boolean;
  failed: boolean;
  /** Loads again; on failure the last data stays and `failed` is set. Resolves with the new data or null. */
  reload: () => Promise<T | null>;
  /** Changes the loaded data locally (e.g. puts a new upload at the top of a list). */
  update: (change: (data: T) => T) => void;
}

/**
 * The loads a mount started that have not been answered yet, by load function. React may run a
 * page's mount effect again while the first request is still on its way (it shows a page it had
 * drawn hidden, or mounts it anew: the profile page sent GET /api/portal/profile-page twice,
 * 1-5 ms apart, on a slow device). A mount then waits for that request instead of sending another.
 * `reload` always sends a new one: it follows a change, so an older answer would be stale. Only
 * a request of the same session is shared: after a logout and another login in the same tab, a
 * request still on its way (the client repeats refused ones for up to 30 s) is the other
 * account's.
 */
const mounting = new WeakMap<() => Promise<unknown>, { session: string; request: Promise<unknown> }>();

function loadOnMount<T>(load: () => Promise<T>): Promise<T> {
  const session = pb.authStore.token;
  const pending = mounting.get(load);
  if (pending && pending.session === session) return pending.request as Promise<T>;
  const request = load();
  mounting.set(load, { session, request });
  const settled = () => {
    if (mounting.get(load)?.request === request) mounting.delete(load);
  };
  request.then(settled, settled);
  return request;
}

/**
 * Loads once on mount and on demand; failures are logged and flagged for the caller's
 * German message. `load` should be a stable function (module level or memoised).
 */
export function useLoad<T>(load: () => Promise<T>, initial: T): Loaded<T> {
  const [state, setState] = useState({ data: initial, loading: true, failed: false });
  const live = useRef(true);

  const reload = useCallback(
    () =>
      load().then(
        (data) => {
          if (live.current) setState({ data, loading: false, failed: false });
          return data;
        },
        (err: unknown) => {
          console.error(err);
          if (live.current) setState((s) => ({ ...s, loading: false, failed: true }));
          return null;
        },
      ),
    [load],
  );

  useEffect(() => {
    live.current = true;
    loadOnMount(load).then(
      (data) => live.current && setState({ data, loading: false, failed: false }),
      (err: unknown) => {
        console.error(err);
        if (live.current) setState((s) => ({ ...s, loading: false, failed: true }));
      },
    );
    return () => {
      live.current = false;
    };
  }, [load]);

  const update = useCallback((change: (data: T) => T) => setState((s) => ({ ...s, data: change(s.data) })), []);
  return { ...state, reload, update };
}
