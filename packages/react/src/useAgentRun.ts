'use client';
import {
  createFetchTransport,
  createRunStore,
  initialRunSnapshot,
  restorePending,
  toRunError,
  type AgentTransport,
  type AnswerOptions,
  type AnswerValue,
  type FetchTransportOptions,
  type RunError,
  type RunSnapshot,
  type RunStore,
} from '@ask-user-kit/core';
import {
  QueryClientContext,
  useMutation,
  useMutationState,
  useQuery,
  type MutationState,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { AnswerState } from './AskUserPrompt.tsx';

/** Which agent to talk to: Mastra's HTTP routes by `agentId` + `baseUrl`, or any core transport. */
export type AgentRunSource =
  | {
      /** The agent's id (its key in `new Mastra({ agents })`). */
      agentId: string;
      /** The Mastra server's origin; `''` for the page's own origin (a proxy). */
      baseUrl: string;
      /** The `fetch` to use (auth wrappers, tests). Default: the global one, looked up at each call. */
      fetch?: typeof globalThis.fetch;
      /** Extra request headers, or a function returning them before each request. */
      headers?: FetchTransportOptions['headers'];
      transport?: never;
    }
  | {
      /** A core transport (fetch, client-js, in-process agent). Each request uses the latest one given. */
      transport: AgentTransport;
      /** Names the agent in cache keys; recommended when several runs share a QueryClient. */
      agentId?: string;
      baseUrl?: never;
      fetch?: never;
      headers?: never;
    };

export type UseAgentRunOptions = AgentRunSource & {
  /** The conversation's thread: runs are recorded with it, and restore looks for its runs. */
  threadId?: string;
  /** The user (or other owner) of the conversation: runs are recorded with it, and restore lists its runs. */
  resourceId?: string;
  /**
   * On mount, bring back questions still waiting on the server for this `threadId` / `resourceId`
   * (after a reload or a server restart). Default true; needs a `threadId` or a `resourceId`, since
   * without one every user's waiting questions would be listed.
   */
  restore?: boolean;
  /**
   * A message sent once when the hook mounts (after restore, and only if no question came back):
   * for agents that open the conversation. StrictMode-safe: one request, not two.
   */
  initialMessage?: string;
  /** The QueryClient to use instead of the one from `<QueryClientProvider>`. */
  queryClient?: QueryClient;
};

/** A conversation with an agent: its state and stable actions. */
export interface AgentRun extends Omit<RunSnapshot, 'pending' | 'transcript'> {
  pending: RunSnapshot['pending'];
  transcript: RunSnapshot['transcript'];
  /** The suspended-runs request of `restore` is in flight. */
  restoring: boolean;
  /** Why restoring failed, if it did (the conversation still works; `retryRestore` tries again). */
  restoreError: RunError | undefined;
  /** Sends a user message and streams the run. Rejects if another request is still running. */
  send(text: string): Promise<void>;
  /**
   * Validates and sends an answer, then streams the resumed run. Rejects with an `AnswerError`
   * (`.error: RunError`) when refused or failed; the question stays pending so it can be retried.
   */
  answer(promptKey: string, value: AnswerValue, options?: AnswerOptions): Promise<void>;
  /** Where the answer to one question is: `idle`, `pending`, `error` (with `error`) or `success`. */
  answerState(promptKey: string): AnswerState;
  /** Aborts the stream in flight, if any. */
  cancel(): void;
  /** Clears the conversation and its answer states. */
  reset(): void;
  /** Lists the suspended runs again and restores what is waiting. */
  retryRestore(): void;
  /** The underlying core store (framework-agnostic), for advanced use. */
  store: RunStore;
}

/** What requests and the stable actions read: the latest render's options, store and query handles. */
interface Latest {
  identity: string;
  options: UseAgentRunOptions;
  store: RunStore;
  mutateAsync: (variables: AnswerVariables) => Promise<void>;
  refetch: () => Promise<unknown>;
}

/** An answer mutation's variables: the arguments `answer(promptKey, value, options)` was called with. */
type AnswerVariables = Parameters<AgentRun['answer']>;

/**
 * A failure as core's `toRunError` tells it (an `AnswerError`'s or `TransportError`'s own, an abort,
 * or a network failure); none as `undefined`.
 */
const runErrorOf = (error: unknown): RunError | undefined => (error ? toRunError(error) : undefined);

/** The transport the options name: their own, or a fetch transport (stateless: built for each request). */
const transportOf = (o: UseAgentRunOptions) => o.transport ?? createFetchTransport(o as FetchTransportOptions);

/**
 * Subscribes `listener` to the store, coalescing text-only updates to one per animation frame: a
 * burst of reads within one frame commits once. A change of status or of the pending questions is
 * passed on at once, so a new question is rendered in the frame it arrives in.
 */
function frameBatched(store: RunStore, listener: () => void) {
  let seen = store.getSnapshot();
  let scheduled: unknown;
  // A frame still due after an immediate flush or an unsubscribe calls the listener for nothing:
  // useSyncExternalStore renders only if the snapshot changed.
  const flush = () => {
    scheduled = 0;
    seen = store.getSnapshot();
    listener();
  };
  return store.subscribe(() => {
    const next = store.getSnapshot();
    if (next.status !== seen.status || next.pending !== seen.pending || typeof requestAnimationFrame !== 'function') {
      flush();
    } else {
      // One frame at a time. requestAnimationFrame does not fire in a hidden tab: a timer keeps the
      // state moving there.
      scheduled ||= (document.hidden ? setTimeout : requestAnimationFrame)(flush);
    }
  });
}

/**
 * A conversation with a Mastra agent that asks questions through `ask_user`: send messages, read
 * the streamed text and the transcript, answer pending questions, and get them back after a reload.
 * Needs a `<QueryClientProvider>` (answers are mutations, restoring is a query).
 * @example
 * const run = useAgentRun({ agentId: 'planner', baseUrl: 'http://127.0.0.1:4111', resourceId: userId, threadId });
 * <button onClick={() => run.send('Plan a trip')}>Start</button>
 * {run.pending.map((prompt) => <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />)}
 */
export function useAgentRun(options: UseAgentRunOptions): AgentRun {
  const { queryClient, threadId, resourceId, initialMessage } = options;
  // TanStack Query's hooks take `queryClient`, else the provider's, and throw without either. In
  // development, say first how to give one. process.env.NODE_ENV is read here, not in a helper:
  // bundlers replace it, so production builds drop the check and its message. The catch swallows
  // only the ReferenceError of a plain browser where nothing replaced it (no `process`): there,
  // TanStack's own error ("No QueryClient set, use QueryClientProvider to set one") stands.
  try {
    if (process.env.NODE_ENV !== 'production' && !(useContext(QueryClientContext) ?? queryClient)) {
      throw new Error('useAgentRun needs a QueryClient: wrap it in <QueryClientProvider> or pass { queryClient }.');
    }
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
  }
  // A threadId comes with a resourceId (the store refuses one alone), and restore needs them.
  const restoreWanted = options.restore !== false && Boolean(threadId);
  const instance = useId();
  // Which agent and conversation: the cache keys and the store's lifetime follow it. A transport has
  // no baseUrl; one given without an agentId cannot be told apart from another, so its entries stay with this hook.
  const conversation = [options.baseUrl, options.agentId ?? instance, threadId, resourceId];
  const identity = JSON.stringify(conversation);

  const latest = useRef<Latest>(null);
  // Requests go through the latest options: an inline transport, fetch or headers function is
  // fine, and only a different agent, thread or resource starts a new conversation.
  // The store only streams and resumes (restore lists the suspended runs itself).
  const [transport] = useState(() => {
    const proxy: Pick<AgentTransport, 'stream' | 'resume'> = {
      stream: (request) => transportOf(latest.current!.options).stream(request),
      resume: (request) => transportOf(latest.current!.options).resume(request),
    };
    return proxy as AgentTransport;
  });
  const store =
    latest.current?.identity === identity
      ? latest.current.store
      : createRunStore({ transport, threadId, resourceId });
  const subscribe = useCallback((listener: () => void) => frameBatched(store, listener), [store]);
  const snapshot = useSyncExternalStore(subscribe, store.getSnapshot, store.getSnapshot);

  // Answers: one mutation per attempt, keyed to this hook instance and conversation.
  const mutationKey = ['ask-user-kit', 'answer', instance, ...conversation];
  const mutation = useMutation(
    {
      mutationKey,
      mutationFn: (args: AnswerVariables) => store.answer(...args),
      // A resume is not idempotent: never re-send behind the user's back.
      retry: false,
      // Offline, fail now (the user sees Retry) instead of pausing and firing later.
      networkMode: 'always',
    },
    queryClient,
  );
  const attempts = useMutationState<MutationState<void, Error, AnswerVariables>>(
    { filters: { mutationKey } },
    queryClient,
  );
  // When reset() last ran: answer states and restored lists from before it are left out.
  const resetAt = useRef(0);
  // Restore: the suspended runs of this conversation, fetched fresh on mount, applied once they arrive.
  const restoreQuery = useQuery(
    {
      queryKey: ['ask-user-kit', 'suspended-runs', ...conversation],
      // No abort signal on purpose: TanStack Query cancels a fetch whose signal was read when its last
      // observer leaves, which StrictMode's remount does, and the list would be fetched twice. The render's
      // own options, not `latest`: a query that suspends (an app's default) is fetched during render.
      queryFn: () => restorePending(transportOf(options), { threadId, resourceId }),
      enabled: restoreWanted,
      // Fetched on every mount, whatever an app's defaults say (a long or 'static' staleTime, say), and
      // never stale otherwise: not fetched again on window focus or reconnect.
      staleTime: Infinity,
      refetchOnMount: 'always',
      retry: 1,
    },
    queryClient,
  );
  const { data: restoredRuns, isFetchedAfterMount, dataUpdatedAt } = restoreQuery;
  useEffect(() => {
    // Cached data from an earlier mount may be stale (answered since): only a list fetched now counts.
    if (restoredRuns && isFetchedAfterMount && dataUpdatedAt > resetAt.current) store.restore(restoredRuns);
  }, [store, restoredRuns, isFetchedAfterMount, dataUpdatedAt]);
  const restoring = restoreWanted && restoreQuery.isFetching;
  // Settled once this mount's own fetch has ended, with a list or an error.
  const restoreSettled = !restoreWanted || (isFetchedAfterMount && !restoring);

  const started = useRef(false);
  useEffect(() => {
    if (!initialMessage || started.current || !restoreSettled) return;
    started.current = true;
    // Only a conversation nothing has happened in yet (no question restored, no message) is opened.
    if (store.getSnapshot() === initialRunSnapshot) store.send(initialMessage).catch(() => {});
  }, [store, initialMessage, restoreSettled]);

  // Unmount aborts the stream. StrictMode unmounts and remounts effects at once: the abort waits a
  // microtask and is dropped if the same store is mounted again by then, so a stream begun on mount survives.
  const mounted = useRef<RunStore>(null);
  useEffect(() => {
    mounted.current = store;
    return () => {
      mounted.current = null;
      queueMicrotask(() => mounted.current !== store && store.cancel());
    };
  }, [store]);

  latest.current = { identity, options, store, mutateAsync: mutation.mutateAsync, refetch: restoreQuery.refetch };
  const [actions] = useState(() => ({
    send: (text: string) => latest.current!.store.send(text),
    answer: (...args: AnswerVariables) => latest.current!.mutateAsync(args),
    cancel: () => latest.current!.store.cancel(),
    reset() {
      resetAt.current = Date.now();
      latest.current!.store.reset();
    },
    retryRestore: () => void latest.current!.refetch(),
  }));

  return {
    ...snapshot,
    ...actions,
    answerState(promptKey) {
      const last = attempts.findLast((a) => a.variables?.[0] === promptKey && a.submittedAt > resetAt.current);
      return { status: last?.status ?? 'idle', error: runErrorOf(last?.error), value: last?.variables?.[1] };
    },
    store,
    restoring,
    restoreError: runErrorOf(restoreQuery.error),
  };
}
