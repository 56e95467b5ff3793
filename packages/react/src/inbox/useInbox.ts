'use client';
import { createInboxObserver, type InboxItem } from '@ask-user-kit/core/inbox';
import type { InboxObserverOptions, InboxSnapshot } from '@ask-user-kit/core/internal';
import { useEffect, useState, useSyncExternalStore } from 'react';

/** What `useInbox` takes: where the inbox route is, and what to read. */
export interface UseInboxOptions extends InboxObserverOptions {
  /** Mastra's route prefix, for answering inline. Default `/api`. */
  apiPrefix?: string;
}

/** Which items an inbox shows. */
export interface InboxFilter {
  agent?: string;
  kind?: InboxObserverOptions['kind'];
}

/** A user's inbox: its items, newest first, and ways to read more or read again. */
export interface UseInboxResult extends InboxSnapshot {
  loadMore(): Promise<void>;
  refresh(): Promise<void>;
  /** Keeps an item listed after the server stops listing it, or lets it go: `<Inbox>` keeps the open ones. */
  keep(item: InboxItem, kept: boolean): void;
  /** Shows only one agent's items, or one kind's (`undefined`: all); starts from the options' `agent` and `kind`. */
  filter: InboxFilter;
  setFilter(filter: InboxFilter): void;
  /** The options it was read with: `<Inbox>` answers inline with the same server and headers. */
  options: UseInboxOptions;
}

function useObserved(options: UseInboxOptions) {
  const [observer] = useState(() => createInboxObserver(options));
  useEffect(() => observer.setOptions(options));
  const snapshot = useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getSnapshot);
  return { observer, snapshot };
}

/**
 * Every question, approval and form the user's runs wait on, across threads and agents, from the
 * server's inbox route (`inboxIndex` of `@ask-user-kit/server`), newest first; read again every
 * `pollMs` (3 s) while mounted, so what another tab or device asks or answers shows up or goes.
 * Core's `createInboxObserver` bound to React.
 * @example
 * const inbox = useInbox({ baseUrl: '', headers: () => ({ authorization: `Bearer ${token}` }) });
 * <Inbox inbox={inbox} threadHref={(item) => `/chat/${item.thread}`} />
 */
export function useInbox(options: UseInboxOptions): UseInboxResult {
  const [filter, setFilter] = useState<InboxFilter>({ agent: options.agent, kind: options.kind });
  const { observer, snapshot } = useObserved({ ...options, ...filter });
  const { loadMore, refresh, keep } = observer;
  return { ...snapshot, loadMore, refresh, keep, options, filter, setFilter };
}

/**
 * How many items wait in the user's inbox (up to 1000; `more` past it), for a badge: reads only
 * the count, every `pollMs`. `undefined` until read.
 * @example
 * const { count, more } = useInboxCount({ baseUrl: '' });
 * <span>{more ? '999+' : count}</span>
 */
export function useInboxCount(options: Omit<UseInboxOptions, 'countOnly'>): {
  count: number | undefined;
  more: boolean;
} {
  const { snapshot } = useObserved({ ...options, countOnly: true });
  return { count: snapshot.count, more: snapshot.moreThanCount };
}
