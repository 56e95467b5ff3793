// What the run observer and the history observer share: their listeners and mount, their reads,
// and when a question closed elsewhere.
import type { RunSnapshot } from './types.ts';

/**
 * How an observer makes a read: by default it calls `read` once. `key` names what is read, for a
 * cache that shares reads and retries them (TanStack Query's `fetchQuery`, say).
 */
export type Reader = <T>(key: readonly unknown[], read: () => Promise<T>) => Promise<T>;

/** Reads through `reader`, or directly. */
export const readThrough = <T>(reader: Reader | undefined, key: readonly unknown[], read: () => Promise<T>) =>
  reader ? reader(key, read) : read();

/**
 * A question that was open in `seen` closed without this client's answer in `next`: another
 * client answered it first (`answered-elsewhere`), or the server no longer waits for it
 * (`expired`). Either way the server moved on, and only a read shows where to.
 */
export function closedElsewhere(seen: RunSnapshot, next: RunSnapshot): boolean {
  if (seen.openPrompts === next.openPrompts || seen.openPrompts.length === 0) return false;
  const open = new Set(seen.openPrompts.map((prompt) => prompt.key));
  return next.transcript.some(
    (entry) =>
      entry.type === 'prompt' &&
      open.has(entry.id) &&
      (entry.state === 'answered-elsewhere' || entry.state === 'expired'),
  );
}

/**
 * The listeners of an observer. The first one mounts it (`mount`), and when the last one leaves it
 * is left (`leave`) a microtask later, unless a listener came back by then: a UI that unsubscribes
 * and subscribes again at once (React's StrictMode) keeps its reads and its stream.
 */
export function createListeners(mount: () => void, leave: () => void) {
  const listeners = new Set<() => void>();
  let mounted = false;
  return {
    get mounted() {
      return mounted;
    },
    notify() {
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      if (!mounted) {
        mounted = true;
        mount();
      }
      return () => {
        listeners.delete(listener);
        queueMicrotask(() => {
          if (listeners.size > 0 || !mounted) return;
          mounted = false;
          leave();
        });
      };
    },
  };
}
