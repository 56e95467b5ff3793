'use client';
import { createHistoryObserver } from '@ask-user-kit/core/history';
import type { HistoryObserverOptions, HistorySnapshot } from '@ask-user-kit/core/internal';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { warnOnce } from '../internal/development.ts';
import type { AgentRun } from '../useAgentRun.ts';

export type { SendBlock } from '@ask-user-kit/core/internal';

/** Which thread to read, from where; the same source and ids as the run's. */
export type UseThreadHistoryOptions = Omit<HistoryObserverOptions, 'read'> & {
  /** The QueryClient to use instead of the one from `<QueryClientProvider>`. */
  queryClient?: QueryClient;
};

/** The thread's history as read, and whether the conversation may take a new message now. */
export interface ThreadHistoryState extends HistorySnapshot {
  /** Reads the history (and the waiting questions) again. */
  reload(): void;
}

export const NO_MEMORY_WARNING =
  'ask-user-kit: the agent has no memory configured, so its conversations are not kept: after a reload ' +
  'only questions still waiting come back. Give the agent a Mastra Memory (`@mastra/memory`) to show ' +
  'whole conversations again.';

/**
 * Shows a whole conversation again after a reload, in a reopened tab, on Back/Forward or in a
 * second tab: reads the thread's messages from Mastra's memory and loads them into the run, next
 * to the waiting questions that `useAgentRun` restores. With `syncTabs`,
 * tabs on one thread stay in step (an answer, a new run, a finished run). Without memory on the
 * server it warns once in development and changes nothing. It is core's `createHistoryObserver`
 * bound to React. Opt-in: `@ask-user-kit/react/history`.
 * @example
 * const run = useAgentRun({ agentId: 'planner', baseUrl: '', threadId, resourceId });
 * const history = useThreadHistory(run, { agentId: 'planner', baseUrl: '', threadId, resourceId });
 * <button disabled={!history.canSend.allowed}>Send</button>
 */
export function useThreadHistory(
  run: Pick<AgentRun, 'observer'>,
  options: UseThreadHistoryOptions,
): ThreadHistoryState {
  const client = useQueryClient(options.queryClient);
  const given: HistoryObserverOptions = {
    ...options,
    read: (queryKey, queryFn) => client.fetchQuery({ queryKey, queryFn, staleTime: 0, retry: false }),
  };
  const [history] = useState(() => createHistoryObserver(run.observer, given));
  const snapshot = useSyncExternalStore(history.subscribe, history.getSnapshot, history.getSnapshot);
  useEffect(() => history.setOptions(given));
  // Inline development check (see internal/development.ts).
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' && snapshot.memory === false)
      warnOnce('no-memory', NO_MEMORY_WARNING);
  }, [snapshot.memory]);
  return { ...snapshot, reload: history.reload };
}
