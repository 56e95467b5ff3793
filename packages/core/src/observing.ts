// What the run observer and the history observer share: their listeners and mount, their reads,
// and when a question closed elsewhere.
import { isAbortError } from './errors.ts';
import type { RunSnapshot, WaitingEntry } from './types.ts';

/**
 * How an observer makes a read: by default it calls `read`. `key` names what is read, for a cache
 * that shares a read in flight between observers (TanStack Query's `fetchQuery`, say).
 */
export type Reader = <T>(key: readonly unknown[], read: () => Promise<T>) => Promise<T>;

const RETRY_DELAY_MS = 1000;

/**
 * Reads through `reader`, and once more when that fails (a read is a GET: trying again is safe):
 * a second later, or at once when the read failed by an abort that was not this one's (a shared
 * read another observer gave up). A read given up (`signal` aborted) is not tried again.
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
    if (!isAbortError(error)) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return attempt();
  }
}

/**
 * A waiting entry (a question or an item) that was open in `seen` closed without this client's
 * answer in `next`: another client answered it first (`answered-elsewhere`), or the server no
 * longer waits for it (`expired`). Either way the server moved on, and only a read shows where to.
 */
export function closedElsewhere(seen: RunSnapshot, next: RunSnapshot): boolean {
  if (seen.openPrompts === next.openPrompts && seen.openItems === next.openItems) return false;
  const open = new Set([...seen.openPrompts, ...seen.openItems].map(({ key }) => key));
  const closed = (entry: WaitingEntry) =>
    open.has(entry.id) && (entry.state === 'answered-elsewhere' || entry.state === 'expired');
  return next.items.some(closed) || next.transcript.some((entry) => entry.type === 'prompt' && closed(entry));
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
