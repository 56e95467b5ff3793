/** What a tab tells the others on its thread: something changed, and whether it is busy now. */
export interface TabMessage {
  busy: boolean;
}

export interface TabChannel {
  post(message: TabMessage): void;
  close(): void;
}

const PREFIX = 'ask-user-kit:thread:';

/**
 * A channel between the tabs of one browser on one thread: a BroadcastChannel, or where there is
 * none, storage events (a key written with each message; other tabs get a `storage` event). Never
 * throws: without either, or with storage disabled, each tab only sees its own changes.
 */
export function openTabChannel(threadId: string, onMessage: (message: TabMessage) => void): TabChannel {
  const name = PREFIX + threadId;
  const read = (data: unknown): void => {
    const busy = (Object(data) as Partial<TabMessage>).busy;
    if (typeof busy === 'boolean') onMessage({ busy });
  };
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(name);
    channel.onmessage = (event) => read(event.data);
    return { post: (message) => channel.postMessage(message), close: () => channel.close() };
  }
  if (typeof window === 'undefined') return { post() {}, close() {} };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== name || !event.newValue) return;
    try {
      read(JSON.parse(event.newValue));
    } catch {
      // Not ours: another script wrote the key.
    }
  };
  window.addEventListener('storage', onStorage);
  return {
    post(message) {
      try {
        // A time stamp makes each write a change, so the same message twice is an event twice.
        localStorage.setItem(name, JSON.stringify({ ...message, at: Date.now() }));
      } catch {
        // Storage disabled or full: the other tabs catch up on their next reload.
      }
    },
    close: () => window.removeEventListener('storage', onStorage),
  };
}
