import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

/**
 * The abort signal for a query's reads, aborted when the conversation is left: the component
 * unmounts for good, or its query key changes (another thread). Not TanStack Query's own signal:
 * that one aborts on StrictMode's unmount-and-remount too, and the read would be made twice. Here
 * the abort waits a microtask and is dropped if the same key is mounted again by then, as the
 * stream's abort on unmount does. A query another component still observes is left to it.
 * On abort the query's state is reverted (`cancelQueries`), so a later visit reads afresh
 * instead of showing the abort as an error.
 */
export function useAbandonSignal(client: QueryClient, queryKey: QueryKey): AbortSignal {
  const hash = JSON.stringify(queryKey);
  const [controllers] = useState(() => new Map<string, AbortController>());
  let controller = controllers.get(hash);
  if (!controller) {
    controller = new AbortController();
    controllers.set(hash, controller);
  }
  const mounted = useRef<string>(undefined);
  useEffect(() => {
    mounted.current = hash;
    const key = queryKey;
    return () => {
      mounted.current = undefined;
      queueMicrotask(() => {
        if (mounted.current === hash) return;
        const query = client.getQueryCache().find({ queryKey: key, exact: true });
        if (query && query.getObserversCount() > 0) return;
        void client.cancelQueries({ queryKey: key, exact: true });
        controllers.get(hash)?.abort();
        controllers.delete(hash);
      });
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is a new array each render; its hash says when it changed
  }, [client, hash]);
  return controller.signal;
}
