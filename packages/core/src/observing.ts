// What the run observer and the history observer share: their listeners and mount, their reads,
// and when a question closed elsewhere.
import type { RunSnapshot } from './types.ts';

/** How an observer makes a read: by default it calls `read`; `key` names what is read, for a cache. */
export type Reader = <T>(key: readonly unknown[], read: () => Promise<T>) => Promise<T>;

const RETRY_DELAY_MS = 1000;

/**
 * Reads through `reader`, once more a second later when the first attempt fails (a read is a GET:
 * trying again is safe). An attempt given up (`signal` aborted) is not tried again.
 */
export async function readTwice<T>(
  reader: Reader | undefined,
  key: readonly unknown[],
  read: () => Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  const attempt = () => (reader ? reader(key, read) : read());
  try {
    return await attempt();
  } catch (error) {
    if (signal.aborted) throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    signal.throwIfAborted();
    return attempt();
  }
}

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
