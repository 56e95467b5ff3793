'use client';
import { createFetchTransport, createRunObserver, type AgentTransport } from '@ask-user-kit/core';
import type { RunObserverOptions, RunObserverSnapshot } from '@ask-user-kit/core/internal';
import { QueryClientContext, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { frameBatched, onlyTextChanged } from './internal/frameBatched.ts';
import type { AgentRun, UseAgentRunOptions } from './agentRunTypes.ts';
import { useRunDevelopmentChecks } from './internal/useRunDevelopmentChecks.ts';

export type { AgentRun, AgentRunSource, UseAgentRunOptions } from './agentRunTypes.ts';

const MISSING_QUERY_CLIENT =
  'useAgentRun needs a QueryClient: wrap it in <QueryClientProvider> or pass { queryClient }.';

/**
 * The transport the options name: their own, or a fetch transport (one per render is fine: its only
 * state, where a broken reply's replay may start, saves bytes, not correctness).
 */
function transportOf(options: UseAgentRunOptions): AgentTransport {
  return options.transport ?? createFetchTransport(options);
}

/**
 * The observer's options for the hook's. A transport has no baseUrl; one given without an agentId
 * cannot be told apart from another, so its reads stay with this hook (`instance`). Reads go
 * through the QueryClient, so hooks on one conversation sharing a client make one request.
 */
function observerOptions(
  options: UseAgentRunOptions,
  instance: string,
  client: QueryClient,
): RunObserverOptions {
  return {
    ...options,
    transport: transportOf(options),
    agentKey: JSON.stringify([options.baseUrl, options.apiPrefix, options.agentId ?? instance]),
    read: (queryKey, queryFn) => client.fetchQuery({ queryKey, queryFn, staleTime: 0, retry: false }),
  };
}

/** The observer's snapshot, kept while only the reply being written changes (`watchText: false`). */
function withoutText(observer: { getSnapshot(): RunObserverSnapshot }): () => RunObserverSnapshot {
  let shown = observer.getSnapshot();
  return () => {
    const next = observer.getSnapshot();
    if (!onlyTextChanged(shown, next)) shown = next;
    return shown;
  };
}

/**
 * A conversation with a Mastra agent that asks questions through `ask_user`: send messages, read
 * the streamed text and the transcript, submit answers to open prompts, and get them back after a
 * reload. Needs a `<QueryClientProvider>` (its reads go through the QueryClient). It is core's
 * `createRunObserver` bound to React. Words: docs/vocabulary.md.
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
  // TanStack Query's hooks throw without a client too, but do not say how to give one. Inline
  // development check: see internal/development.ts.
  const contextClient = useContext(QueryClientContext);
  if (process.env.NODE_ENV !== 'production' && !(options.queryClient ?? contextClient))
    throw new Error(MISSING_QUERY_CLIENT);
  const given = observerOptions(options, useId(), useQueryClient(options.queryClient));
  const [observer] = useState(() => createRunObserver(given));
  // Mounted with the first listener, left with the last: StrictMode's remount keeps reads and stream.
  const subscribe = useCallback((listener: () => void) => frameBatched(observer, listener), [observer]);
  const watchText = options.watchText !== false;
  const getSnapshot = useMemo(
    () => (watchText ? observer.getSnapshot : withoutText(observer)),
    [observer, watchText],
  );
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  // Another conversation is shown fresh from this very render, before the effect moves to it.
  const optimistic = observer.getOptimisticSnapshot(given);
  const snapshot = optimistic.store === current.store ? current : optimistic;
  useEffect(() => observer.setOptions(given));

  useRunDevelopmentChecks(options, snapshot, snapshot.error ?? snapshot.restoreError);
  const { send, submit, retry, cancel, reset, restore } = observer;
  return { ...snapshot, send, submit, retry, cancel, reset, restore, observer };
}
