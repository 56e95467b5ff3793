import type { RunSnapshot, RunStore } from '@ask-user-kit/core';

/** True when React should see `next` at once: the run's status or its open prompts changed. */
const isUrgent = (seen: RunSnapshot, next: RunSnapshot) =>
  next.status !== seen.status || next.openPrompts !== seen.openPrompts;

/**
 * Subscribes `listener` to the store, coalescing text-only updates to one per animation frame: a
 * burst of reads within one frame commits once. A change of status or of the open prompts is
 * passed on at once, so a new question is rendered in the frame it arrives in.
 */
function frameBatched(store: RunStore, listener: () => void) {
  let seen = store.getSnapshot();
  let scheduled = false;
  // A frame still due after an immediate flush or an unsubscribe calls the listener for nothing:
  // useSyncExternalStore renders only if the snapshot changed.
  const flush = () => {
    scheduled = false;
    seen = store.getSnapshot();
    listener();
  };
  return store.subscribe(() => {
    if (isUrgent(seen, store.getSnapshot()) || typeof requestAnimationFrame !== 'function') {
      flush();
      return;
    }
    if (scheduled) return;
    scheduled = true;
    // requestAnimationFrame does not fire in a hidden tab: a timer keeps the state moving there.
    if (document.hidden) setTimeout(flush);
    else requestAnimationFrame(flush);
  });
}

// One frame-batched subscription per store, shared by every hook reading it: the host and each
// row are told in the same callback, so React commits them together, once per frame. It lives as
// long as the store (the store holds it, and the map holds the store weakly).
const shared = new WeakMap<RunStore, Set<() => void>>();

/** `store.subscribe`, frame-batched (see `frameBatched`) and shared by every subscriber of the store. */
export function subscribeFramed(store: RunStore, listener: () => void): () => void {
  let listeners = shared.get(store);
  if (!listeners) {
    const all = new Set<() => void>();
    listeners = all;
    shared.set(store, all);
    frameBatched(store, () => {
      for (const each of [...all]) each();
    });
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
