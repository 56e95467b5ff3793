import type { RunSnapshot, RunStore } from '@ask-user-kit/core';

/** What can be followed frame by frame: a run store, or a run observer (whose snapshot has more fields). */
interface Source<S extends RunSnapshot> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

/** Nothing but the reply being written changed: its text and its entry's. */
export function onlyTextChanged<S extends RunSnapshot>(shown: S, next: S): boolean {
  for (const field in next) {
    if (field !== 'text' && field !== 'transcript' && shown[field] !== next[field]) return false;
  }
  return (
    shown.transcript.length === next.transcript.length &&
    shown.transcript.at(-1)?.id === next.transcript.at(-1)?.id
  );
}

/** True when React should see `next` at once: the run's status or its open prompts changed. */
const isUrgent = (seen: RunSnapshot, next: RunSnapshot) =>
  next.status !== seen.status || next.openPrompts !== seen.openPrompts;

/**
 * Subscribes `listener` to the source, coalescing other updates to one per animation frame: a
 * burst of reads within one frame commits once. A change of status or of the open prompts is
 * passed on at once, so a new question is rendered in the frame it arrives in (another
 * conversation is rendered at once from the options: see `getOptimisticSnapshot`).
 */
export function frameBatched<S extends RunSnapshot>(source: Source<S>, listener: () => void): () => void {
  let seen = source.getSnapshot();
  let scheduled = false;
  // A frame still due after an immediate flush or an unsubscribe calls the listener for nothing:
  // useSyncExternalStore renders only if the snapshot changed.
  const flush = () => {
    scheduled = false;
    seen = source.getSnapshot();
    listener();
  };
  return source.subscribe(() => {
    if (isUrgent(seen, source.getSnapshot()) || typeof requestAnimationFrame !== 'function') {
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

// One frame-batched subscription per store, shared by every hook reading it: the rows are told in
// the same callback, so React commits them together, once per frame. It lives as long as the store
// (the store holds it, and the map holds the store weakly).
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
