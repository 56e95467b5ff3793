'use client';
import {
  createFetchTransport,
  createRunStore,
  listSuspendedRuns,
  toRunError,
  type AgentTransport,
  type AnswerOptions,
  type AnswerValue,
  type RunError,
  type RunSnapshot,
  type RunStore,
  type TranscriptEntry,
} from '@ask-user-kit/core';
import { QueryClientContext, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useContext,
  useEffect,
  useId,
  useInsertionEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { subscribeFramed } from './internal/frameBatched.ts';
import type { AgentRun, UseAgentRunOptions } from './agentRunTypes.ts';
import { useAbandonSignal } from './internal/abandonSignal.ts';
import { useRunDevelopmentChecks } from './internal/useRunDevelopmentChecks.ts';

export type { AgentRun, AgentRunSource, UseAgentRunOptions } from './agentRunTypes.ts';

/** What requests and the stable actions read: the latest render's options, store and query handles. */
interface Latest {
  options: UseAgentRunOptions;
  store: RunStore;
  restoreWanted: boolean;
  refetch: () => Promise<unknown>;
}

const MISSING_QUERY_CLIENT =
  'useAgentRun needs a QueryClient: wrap it in <QueryClientProvider> or pass { queryClient }.';

/** The transport the options name: their own, or a fetch transport (stateless: built for each request). */
function transportOf(options: UseAgentRunOptions): AgentTransport {
  if (options.transport) return options.transport;
  const { baseUrl, agentId, apiPrefix, fetch, headers } = options;
  return createFetchTransport({ baseUrl, agentId, apiPrefix, fetch, headers });
}

/** Nothing has happened in this conversation yet: no message sent, no question restored. */
const isUntouched = (snapshot: RunSnapshot) => snapshot.status === 'idle' && snapshot.transcript.length === 0;

/**
 * Prompts the server no longer waits on for this client: another client answered them, or they
 * are gone. The run may have gone on to a new question that only the suspended-runs list shows.
 */
function closedElsewhere(transcript: readonly TranscriptEntry[]): number {
  const closed = transcript.filter(
    (entry) => entry.type === 'prompt' && (entry.state === 'answered-elsewhere' || entry.state === 'expired'),
  );
  return closed.length;
}

/** Nothing but the reply being written changed: its text and its entry's. */
const onlyTextChanged = (shown: RunSnapshot, next: RunSnapshot) =>
  (['status', 'runId', 'openPrompts', 'toolCalls', 'error', 'issues'] as const).every(
    (field) => shown[field] === next[field],
  ) &&
  shown.transcript.length === next.transcript.length &&
  shown.transcript.at(-1)?.id === next.transcript.at(-1)?.id;

/** The store's snapshot, kept while only the reply being written changes (`watchText: false`). */
function withoutText(store: RunStore): () => RunSnapshot {
  let shown = store.getSnapshot();
  return () => {
    const next = store.getSnapshot();
    if (!onlyTextChanged(shown, next)) shown = next;
    return shown;
  };
}

/**
 * A conversation with a Mastra agent that asks questions through `ask_user`: send messages, read
 * the streamed text and the transcript, submit answers to open prompts, and get them back after a
 * reload. Needs a `<QueryClientProvider>` (restoring is a query). Words: docs/vocabulary.md.
 *
 * Which conversation, by `threadId` and `resourceId`; any combination is accepted and none throws:
 * - both: runs are recorded with them (Mastra's `memory: { thread, resource }`), and restore lists
 *   this resource's suspended runs and keeps this thread's.
 * - `resourceId` alone: the store makes up a thread id for this conversation (Mastra records a run
 *   only with both), and restore lists that resource's suspended runs.
 * - `threadId` alone: restore keeps this thread's suspended runs from a list the server must scope
 *   to the signed-in user (an authenticated server does; an open one lists everyone's).
 * - none: nothing is recorded and nothing is restored.
 *
 * When a prompt ends `answered-elsewhere` (another tab or device answered it first) or `expired`,
 * the suspended runs are listed again, so a question the run asked next shows up here too.
 * @example
 * const run = useAgentRun({ agentId: 'planner', baseUrl: 'http://127.0.0.1:4111', resourceId: userId, threadId });
 * <button onClick={() => run.send('Plan a trip')}>Start</button>
 * {run.openPrompts.map((prompt) => <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />)}
 */
export function useAgentRun(options: UseAgentRunOptions): AgentRun {
  const { queryClient, threadId, resourceId, initialMessage } = options;
  const contextClient = useContext(QueryClientContext);
  // TanStack Query's hooks throw without a client too, but do not say how to give one. Inline
  // development check: see internal/development.ts.
  if (process.env.NODE_ENV !== 'production' && !(queryClient ?? contextClient))
    throw new Error(MISSING_QUERY_CLIENT);

  const restoreWanted = options.restore !== false && Boolean(threadId || resourceId);
  const instance = useId();
  // Which agent and conversation: the cache keys and the store's lifetime follow it. A transport has
  // no baseUrl; one given without an agentId cannot be told apart from another, so its entries stay with this hook.
  const conversation = [
    options.baseUrl,
    options.apiPrefix,
    options.agentId ?? instance,
    threadId,
    resourceId,
  ];
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
  // One store per conversation: a new identity makes a new store during this very render (React's
  // pattern for state that follows a prop), so no render ever shows the old conversation's state.
  const [conversationStore, setConversationStore] = useState(() => ({
    identity,
    store: createRunStore({ transport, threadId, resourceId, items: options.items }),
    newThread: options.newThread === true,
  }));
  let { store, newThread } = conversationStore;
  if (conversationStore.identity !== identity) {
    store = createRunStore({ transport, threadId, resourceId, items: options.items });
    newThread = options.newThread === true;
    setConversationStore({ identity, store, newThread });
  }
  const subscribe = useCallback((listener: () => void) => subscribeFramed(store, listener), [store]);
  const watchText = options.watchText !== false;
  const getSnapshot = useMemo(() => (watchText ? store.getSnapshot : withoutText(store)), [store, watchText]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  // When reset() last ran: lists fetched before it are left out.
  const resetAt = useRef(0);
  // Restore: the suspended runs of this conversation, fetched fresh on mount, applied once they arrive.
  const restoreKey = ['ask-user-kit', 'suspended-runs', ...conversation];
  // Aborted when the conversation is left, not on StrictMode's remount (see useAbandonSignal).
  const signal = useAbandonSignal(useQueryClient(queryClient), restoreKey);
  // A thread the app has just made has nothing waiting: not read on mount (`restore()` still reads).
  const readOnMount = restoreWanted && !newThread;
  const restoreQuery = useQuery(
    {
      queryKey: restoreKey,
      // The render's own options, not `latest`: a query that suspends (an app's default) is fetched
      // during render.
      queryFn: () => listSuspendedRuns(transportOf(options), { threadId, resourceId, signal }),
      enabled: readOnMount,
      // Fetched on every mount, whatever an app's defaults say (a long or 'static' staleTime, say), and
      // never stale otherwise: not fetched again on window focus or reconnect.
      staleTime: Infinity,
      refetchOnMount: 'always',
      retry: 1,
    },
    queryClient,
  );
  const { data: restored, isFetchedAfterMount, dataUpdatedAt, refetch } = restoreQuery;
  useEffect(() => {
    // Cached data from an earlier mount may be stale (answered since): only a list fetched now counts.
    if (!restored || !isFetchedAfterMount || dataUpdatedAt <= resetAt.current) return;
    store.restore(restored.runs);
  }, [store, restored, isFetchedAfterMount, dataUpdatedAt]);
  const restoring = restoreWanted && restoreQuery.isFetching;
  // Settled once this mount's own fetch has ended, with a list or an error.
  const restoreSettled = !readOnMount || (isFetchedAfterMount && !restoring);

  // Another client answered a question first (or the server let it go): the run may have asked
  // the next one already, and only the suspended-runs list can show it here.
  const closedCount = closedElsewhere(snapshot.transcript);
  const closedSeen = useRef(closedCount);
  useEffect(() => {
    const grew = closedCount > closedSeen.current;
    closedSeen.current = closedCount;
    if (grew && restoreWanted) void refetch();
  }, [closedCount, restoreWanted, refetch]);

  const started = useRef(false);
  useEffect(() => {
    if (!initialMessage || started.current || !restoreSettled) return;
    started.current = true;
    // Only a conversation nothing has happened in yet (no question restored, no message) is opened.
    if (!isUntouched(store.getSnapshot())) return;
    // A failure shows in the snapshot; a refusal (busy) means another request opened it already.
    store.send(initialMessage).catch(() => {});
  }, [store, initialMessage, restoreSettled]);

  // Unmount aborts the stream. StrictMode unmounts and remounts effects at once: the abort waits a
  // microtask and is dropped if the same store is mounted again by then, so a stream begun on mount survives.
  const mounted = useRef<RunStore>(null);
  useEffect(() => {
    mounted.current = store;
    return () => {
      mounted.current = null;
      queueMicrotask(() => {
        if (mounted.current !== store) store.cancel();
      });
    };
  }, [store]);

  // What requests and actions read when they run (never during a render): this render's options,
  // store and query handles, recorded once the render is committed.
  useInsertionEffect(() => {
    latest.current = { options, store, restoreWanted, refetch };
  });
  // One set of actions for the hook's life: each reads the latest store, so a new conversation
  // (another thread) needs no new callbacks.
  const [actions] = useState(() => ({
    send: (text: string) => latest.current!.store.send(text),
    submit: (promptKey: string, answer: AnswerValue, answerOptions?: AnswerOptions) =>
      latest.current!.store.submit(promptKey, answer, answerOptions),
    retry: (promptKey: string) => latest.current!.store.retry(promptKey),
    cancel: () => latest.current!.store.cancel(),
    reset() {
      resetAt.current = Date.now();
      latest.current!.store.reset();
    },
    restore() {
      // Without an id to list by, a list would hold every user's runs.
      if (!latest.current!.restoreWanted) return;
      void latest.current!.refetch();
    },
  }));

  // Listing is a GET that nothing claims: it fails as a RunError, never as a refusal.
  const restoreError = restoreQuery.error ? (toRunError(restoreQuery.error) as RunError) : undefined;

  useRunDevelopmentChecks(options, snapshot, snapshot.error ?? restoreError);
  return { ...snapshot, ...actions, store, restoring, restoreError };
}
