import type { SuspendedRun } from './dataTypes.ts';
import { promptKey } from './prompt.ts';

/** One call a run waits on, as the server's inbox route lists it (`@ask-user-kit/server`'s `inboxIndex`). */
export interface InboxItem {
  resource: string | undefined;
  thread: string | undefined;
  threadTitle: string | undefined;
  agent: string;
  runId: string;
  toolCallId: string;
  toolName: string | undefined;
  /** `prompt` (an ask_user question), `approval` or `form`. */
  kind: 'prompt' | 'approval' | 'form';
  excerpt: string;
  /** The call as Mastra's suspended-runs list gives it: a run store's `restore` shows it. */
  call: SuspendedRun['toolCalls'][number];
  /** When the run suspended on it, an ISO time. */
  createdAt: string;
  expiresAt: string | undefined;
}

export interface InboxObserverOptions {
  /** The server's origin, e.g. `http://127.0.0.1:4111`; `''` for the page's own origin. */
  baseUrl: string;
  /** The inbox route's path (`inboxIndex`'s `path`). Default: `/inbox`. */
  path?: string;
  /** Extra headers (auth); a function is called before each request. */
  headers?: HeadersInit | (() => HeadersInit | Promise<HeadersInit>);
  /** Default: the global `fetch`, looked up at each call. */
  fetch?: typeof globalThis.fetch;
  /** Only this agent's items. */
  agent?: string;
  /** Only items of this kind. */
  kind?: InboxItem['kind'];
  /** Whose inbox (one or several): for a server without auth, or an operator reading some of their team. */
  resource?: string | readonly string[];
  /** Items per page. Default: 50. */
  pageSize?: number;
  /**
   * How often the inbox is read again while observed, in milliseconds: what another tab or
   * device asked or answered shows within this. `0` reads only on demand. Default: 3000.
   */
  pollMs?: number;
  /** Read only the count (a badge), not the items. Default: false. */
  countOnly?: boolean;
}

/** An inbox as last read. */
export interface InboxSnapshot {
  /** `loading` until the first read, `error` when the last read failed (items kept), else `ready`. */
  status: 'loading' | 'ready' | 'error';
  /** Newest first. */
  items: readonly InboxItem[];
  /** A message, when the last read failed. */
  error: string | undefined;
  /** There are older items: `loadMore()` reads them. */
  hasMore: boolean;
  /** How many items wait, up to 1000 (`moreThanCount` past it); `undefined` until read. */
  count: number | undefined;
  moreThanCount: boolean;
}

/** Reads a user's inbox page by page and keeps it current. Framework-free; `useInbox` binds it to React. */
export interface InboxObserver {
  subscribe(listener: () => void): () => void;
  getSnapshot(): InboxSnapshot;
  /** Reads the next page after the items shown. */
  loadMore(): Promise<void>;
  /** Reads the inbox again now. */
  refresh(): Promise<void>;
  /**
   * Keeps an item in `items` after the server stops listing it (`true`), or lets it go (`false`):
   * an item the user has open shows how it ended (answered here or elsewhere) until they close it.
   */
  keep(item: InboxItem, kept: boolean): void;
  setOptions(options: InboxObserverOptions): void;
}

const DEFAULT_PATH = '/inbox';
const DEFAULT_PAGE_SIZE = 50;
const DEFAULT_POLL_MS = 3_000;
// The route's own cap: a refresh reads the items shown in as few requests as it can.
const MAX_PAGE_SIZE = 200;
const READ_FAILED = 'The inbox could not be read.';

const initialSnapshot: InboxSnapshot = {
  status: 'loading',
  items: [],
  error: undefined,
  hasMore: false,
  count: undefined,
  moreThanCount: false,
};

/**
 * A user's inbox from the server's inbox route: every question, approval and form their runs
 * wait on, newest first, paged by cursor, read again every `pollMs` while someone listens (and
 * when asked), so what is asked or answered elsewhere shows up or goes.
 * @example
 * const inbox = createInboxObserver({ baseUrl: '', headers: () => ({ authorization: `Bearer ${token}` }) });
 * const stop = inbox.subscribe(() => render(inbox.getSnapshot().items));
 */
export function createInboxObserver(initial: InboxObserverOptions): InboxObserver {
  let options = initial;
  let snapshot = initialSnapshot;
  let cursor: string | undefined;
  let generation = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();
  const kept = new Map<string, InboxItem>();
  // What the server listed at the last read: a kept item it no longer lists goes once let go.
  let listed = new Set<string>();

  // The kept items the server no longer lists, each in its place among the newest first.
  function withKept(items: readonly InboxItem[]): readonly InboxItem[] {
    listed = new Set(items.map(keyOf));
    let shown = items;
    for (const [key, item] of kept) {
      if (listed.has(key)) continue;
      const at = shown.findIndex((other) => other.createdAt < item.createdAt);
      shown = at < 0 ? [...shown, item] : [...shown.slice(0, at), item, ...shown.slice(at)];
    }
    return shown;
  }

  const set = (next: Partial<InboxSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };

  async function get(route: string, query: Record<string, string | number | undefined>): Promise<unknown> {
    const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}${route}`, 'http://relative.invalid');
    for (const [name, value] of Object.entries(query))
      if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
    for (const resource of [options.resource ?? []].flat()) url.searchParams.append('resource', resource);
    const relative = url.origin === 'http://relative.invalid';
    const headers = typeof options.headers === 'function' ? await options.headers() : options.headers;
    const fetcher = options.fetch ?? globalThis.fetch;
    const res = await fetcher(relative ? `${url.pathname}${url.search}` : url.toString(), { headers });
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const said = (body as { error?: unknown } | undefined)?.error;
      throw new Error(typeof said === 'string' ? said : `${READ_FAILED} (HTTP ${res.status})`);
    }
    return body;
  }

  const filters = () => ({ agent: options.agent, kind: options.kind });
  const path = () => options.path ?? DEFAULT_PATH;

  async function readCount() {
    const body = (await get(`${path().replace(/\/+$/, '')}/count`, {})) as {
      count: number;
      more: boolean;
    };
    return { count: body.count, moreThanCount: body.more };
  }

  async function readPage(limit: number, after: string | undefined) {
    return (await get(path(), { ...filters(), limit, cursor: after })) as {
      items: InboxItem[];
      nextCursor?: string;
    };
  }

  // A read started before the options changed is dropped: its items are another inbox's.
  async function refresh(): Promise<void> {
    const started = ++generation;
    try {
      if (options.countOnly) {
        const counted = await readCount();
        if (started === generation) set({ status: 'ready', error: undefined, ...counted });
        return;
      }
      const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
      const shown = Math.min(Math.max(pageSize, snapshot.items.length), MAX_PAGE_SIZE);
      const [page, counted] = await Promise.all([readPage(shown, undefined), readCount()]);
      if (started !== generation) return;
      cursor = page.nextCursor;
      set({
        status: 'ready',
        error: undefined,
        items: withKept(page.items),
        hasMore: cursor !== undefined,
        ...counted,
      });
    } catch (error) {
      if (started === generation) set({ status: 'error', error: messageOf(error) });
    }
  }

  async function loadMore(): Promise<void> {
    if (!cursor || options.countOnly) return;
    const started = generation;
    try {
      const page = await readPage(options.pageSize ?? DEFAULT_PAGE_SIZE, cursor);
      if (started !== generation) return;
      cursor = page.nextCursor;
      const known = new Set(snapshot.items.map(keyOf));
      const older = page.items.filter((item) => !known.has(keyOf(item)));
      for (const item of page.items) listed.add(keyOf(item));
      set({
        items: [...snapshot.items, ...older],
        hasMore: cursor !== undefined,
        status: 'ready',
        error: undefined,
      });
    } catch (error) {
      if (started === generation) set({ status: 'error', error: messageOf(error) });
    }
  }

  function schedule() {
    clearInterval(timer);
    timer = undefined;
    const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    if (listeners.size > 0 && pollMs > 0) timer = setInterval(() => void refresh(), pollMs);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        void refresh();
        schedule();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) schedule();
      };
    },
    getSnapshot: () => snapshot,
    loadMore,
    refresh,
    keep(item, keep) {
      const key = keyOf(item);
      if (keep) kept.set(key, item);
      else if (kept.delete(key) && !listed.has(key))
        set({ items: snapshot.items.filter((shown) => keyOf(shown) !== key) });
    },
    setOptions(next) {
      const changed = (Object.keys({ ...options, ...next }) as (keyof InboxObserverOptions)[]).some(
        (name) => name !== 'headers' && name !== 'fetch' && String(options[name]) !== String(next[name]),
      );
      options = next;
      if (!changed) return;
      cursor = undefined;
      kept.clear();
      generation += 1;
      set({ ...initialSnapshot });
      if (listeners.size > 0) void refresh();
      schedule();
    },
  };
}

const keyOf = (item: InboxItem) => promptKey(item.runId, item.toolCallId);

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : READ_FAILED);
