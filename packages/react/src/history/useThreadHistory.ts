'use client';
import { toRunError, type RunError, type TranscriptEntry } from '@ask-user-kit/core';
import { loadHistory, loadThreadHistory, type ThreadHistoryOptions } from '@ask-user-kit/core/history';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useInsertionEffect, useRef, useState } from 'react';
import { useAbandonSignal } from '../internal/abandonSignal.ts';
import { warnOnce } from '../internal/development.ts';
import type { AgentRun } from '../useAgentRun.ts';
import { openTabChannel, type TabChannel } from './tabChannel.ts';

/** Which thread to read, from where; the same source and ids as the run's. */
export type UseThreadHistoryOptions = Omit<ThreadHistoryOptions, 'signal'> & {
  /** Default true. Off: nothing is read, the run shows only what happens from now on. */
  enabled?: boolean;
  /** Default true: other tabs of this browser on the same thread are told of each change, and follow. */
  syncTabs?: boolean;
  /**
   * The app has just made this thread (a new conversation, nothing sent yet): the server has no
   * history of it, so nothing is read on mount and sending is allowed at once; tabs still follow.
   * Pass the same to `useAgentRun`. Read when the hook comes to a thread.
   */
  newThread?: boolean;
  /** The QueryClient to use instead of the one from `<QueryClientProvider>`. */
  queryClient?: QueryClient;
};

/**
 * Why a new message cannot be sent now:
 * - `busy`: a reply is being written or an answer sent, here or in another tab
 * - `waiting`: a question waits for its answer
 * - `checking`: the history or the waiting questions are still being read
 * - `unknown`: they could not be read, so a question may be waiting (a message now would start a second run)
 */
export type SendBlock = 'busy' | 'waiting' | 'checking' | 'unknown';

/** The thread's history as read, and whether the conversation may take a new message now. */
export interface ThreadHistoryState {
  /** The history is being read. */
  loading: boolean;
  /** The server keeps history (the agent has memory); `undefined` until it is known. */
  memory: boolean | undefined;
  /** Why reading failed, if it did. */
  error: RunError | undefined;
  /** Reads the history (and the waiting questions) again. */
  reload(): void;
  /** Whether `run.send` may be called now, and if not, why (one send at a time per thread). */
  canSend: { allowed: true; reason?: never } | { allowed: false; reason: SendBlock };
}

export const NO_MEMORY_WARNING =
  'ask-user-kit: the agent has no memory configured, so its conversations are not kept: after a reload ' +
  'only questions still waiting come back. Give the agent a Mastra Memory (`@mastra/memory`) to show ' +
  'whole conversations again.';

const MAX_UNSETTLED_READS = 5;
const UNSETTLED_READ_DELAY_MS = 250;

const isBusy = (run: Pick<AgentRun, 'status'>) => run.status === 'streaming' || run.status === 'resuming';

/** Prompts another client closed: the history (and the list of waiting questions) moved on. */
const closedElsewhere = (transcript: readonly TranscriptEntry[]) =>
  transcript.filter((entry) => entry.type === 'prompt' && entry.state === 'answered-elsewhere').length;

/**
 * Shows a whole conversation again after a reload, in a reopened tab, on Back/Forward or in a
 * second tab: reads the thread's messages from Mastra's memory and loads them into the run
 * (`loadHistory`), next to the waiting questions that `useAgentRun` restores. With `syncTabs`,
 * tabs on one thread stay in step (an answer, a new run, a finished run). Without memory on the
 * server it warns once in development and changes nothing. Opt-in: `@ask-user-kit/react/history`.
 * @example
 * const run = useAgentRun({ agentId: 'planner', baseUrl: '', threadId, resourceId });
 * const history = useThreadHistory(run, { agentId: 'planner', baseUrl: '', threadId, resourceId });
 * <button disabled={!history.canSend.allowed}>Send</button>
 */
export function useThreadHistory(
  run: Pick<
    AgentRun,
    'store' | 'status' | 'openPrompts' | 'transcript' | 'restoring' | 'restoreError' | 'restore'
  >,
  options: UseThreadHistoryOptions,
): ThreadHistoryState {
  const { baseUrl, apiPrefix, agentId, threadId, resourceId, queryClient } = options;
  const enabled = options.enabled !== false && Boolean(threadId);
  const queryKey = ['ask-user-kit', 'history', baseUrl, apiPrefix, agentId, threadId, resourceId];
  // Aborted when the conversation is left, not on StrictMode's remount (see useAbandonSignal).
  const signal = useAbandonSignal(useQueryClient(queryClient), queryKey);
  // Whether the app made this thread just now, as said when the hook came to it: its history is
  // empty, there is nothing to read yet (a reload or a tab sync still reads it).
  const [made, setMade] = useState(() => ({ threadId, newThread: options.newThread === true }));
  if (made.threadId !== threadId) setMade({ threadId, newThread: options.newThread === true });
  const readOnMount = enabled && !(made.threadId === threadId && made.newThread);
  const query = useQuery(
    {
      queryKey,
      queryFn: () => loadThreadHistory({ ...options, signal }),
      enabled: readOnMount,
      // Read on every mount and when told, never on focus: the tab channel says when it changed.
      staleTime: Infinity,
      refetchOnMount: 'always',
      retry: 1,
    },
    queryClient,
  );
  const { data, isFetchedAfterMount, dataUpdatedAt, refetch } = query;
  const { store } = run;
  useEffect(() => {
    if (!data || !isFetchedAfterMount) return;
    if (!data.memory) warnOnce('no-memory', NO_MEMORY_WARNING);
    loadHistory(store, data.entries);
  }, [store, data, isFetchedAfterMount, dataUpdatedAt]);

  // Read while an answer was being taken (another tab's, most often): read again, a few times, a
  // little later each time, until the server has written it.
  const unsettledReads = useRef(0);
  useEffect(() => {
    if (!data || data.settled) {
      unsettledReads.current = 0;
      return;
    }
    if (unsettledReads.current >= MAX_UNSETTLED_READS) return;
    unsettledReads.current += 1;
    const timer = setTimeout(() => void refetch(), UNSETTLED_READ_DELAY_MS * unsettledReads.current);
    return () => clearTimeout(timer);
  }, [data, dataUpdatedAt, refetch]);

  // The latest run and refetch, for the channel's listener (set up once per thread).
  const latest = useRef({ run, refetch });
  useInsertionEffect(() => {
    latest.current = { run, refetch };
  });
  const [elsewhereBusy, setElsewhereBusy] = useState(false);
  const channel = useRef<TabChannel>(undefined);
  const syncTabs = options.syncTabs !== false && enabled;
  useEffect(() => {
    if (!syncTabs || !threadId) return;
    const opened = openTabChannel(threadId, ({ busy }) => {
      setElsewhereBusy(busy);
      // Another tab moved the conversation on: read it again, and the questions now waiting.
      void latest.current.refetch();
      latest.current.run.restore();
    });
    channel.current = opened;
    return () => {
      channel.current = undefined;
      opened.close();
    };
  }, [syncTabs, threadId]);

  // Tell the other tabs whenever this one starts or ends a request, or a question opens or closes here.
  const busy = isBusy(run);
  const openCount = run.openPrompts.length;
  const told = useRef<string>(undefined);
  useEffect(() => {
    const state = `${busy}:${openCount}:${run.transcript.length}`;
    if (told.current === undefined) {
      told.current = state;
      return;
    }
    if (told.current === state) return;
    told.current = state;
    channel.current?.post({ busy });
  }, [busy, openCount, run.transcript.length]);

  // Another client answered first: the history has the answer and the question asked next.
  const closedCount = closedElsewhere(run.transcript);
  const closedSeen = useRef(closedCount);
  useEffect(() => {
    const grew = closedCount > closedSeen.current;
    closedSeen.current = closedCount;
    if (grew && enabled) void refetch();
  }, [closedCount, enabled, refetch]);

  const loading = enabled && query.isFetching;
  const error = query.error ? (toRunError(query.error) as RunError) : undefined;
  const canSend = sendPermission({
    busy: busy || elsewhereBusy,
    waiting: openCount > 0,
    checking: loading || run.restoring,
    // Only the list of waiting questions says whether one waits; the history is the past.
    unknown: Boolean(run.restoreError),
  });
  return {
    loading,
    memory: data?.memory,
    error,
    reload() {
      void refetch();
      run.restore();
    },
    canSend,
  };
}

/** One send at a time per thread: the first reason that holds, or allowed. */
function sendPermission(facts: Record<SendBlock, boolean>): ThreadHistoryState['canSend'] {
  for (const reason of ['busy', 'waiting', 'checking', 'unknown'] as const) {
    if (facts[reason]) return { allowed: false, reason };
  }
  return { allowed: true };
}
