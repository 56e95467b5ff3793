'use client';
import type { RunSnapshot, RunStore, TranscriptEntry } from '@ask-user-kit/core';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { subscribeFramed } from './internal/frameBatched.ts';

/**
 * The run the selector hooks read: `useAgentRun()`'s result, or its `store`. A memoised row takes
 * the store as its prop: the run object is a new one at each render of the host, the store is not.
 */
export type RunSource = { store: RunStore } | RunStore;

/** The last selection: kept while the snapshot, or the selection by `isEqual`, stays the same. */
interface Selection<T> {
  snapshot: RunSnapshot;
  selector: (snapshot: RunSnapshot) => T;
  selected: T;
}

/**
 * A part of a run's state, and a render only when that part changes: `selector` picks it from the
 * snapshot, `isEqual` (default `Object.is`) says when two picks are the same. Updates come as
 * `useAgentRun` passes them on: text once per animation frame, a new question or status at once,
 * and every hook of one run in the same commit. Snapshots keep the identity of what did not change
 * (an entry, the open prompts), so a selector returning a part as it is needs no `isEqual`.
 * @example
 * const text = useRunSelector(run, (s) => s.text); // the streaming text only
 * const count = useRunSelector(run, (s) => s.transcript.length);
 */
export function useRunSelector<T>(
  run: RunSource,
  selector: (snapshot: RunSnapshot) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const store = 'store' in run ? run.store : run;
  const subscribe = useCallback((listener: () => void) => subscribeFramed(store, listener), [store]);
  const last = useRef<Selection<T>>(null);
  const select = () => {
    const snapshot = store.getSnapshot();
    const previous = last.current;
    if (previous?.snapshot === snapshot && previous.selector === selector) return previous.selected;
    const selected = selector(snapshot);
    // The same pick from another snapshot is the previous one: React sees no change.
    if (previous && isEqual(previous.selected, selected)) {
      last.current = { snapshot, selector, selected: previous.selected };
      return previous.selected;
    }
    last.current = { snapshot, selector, selected };
    return selected;
  };
  return useSyncExternalStore(subscribe, select, select);
}

/**
 * The transcript entry `id`, and a render only when it changes: a row of a chat that renders the
 * streaming reply, or a question, without the rest of the chat. Entries never move, so after the
 * first lookup it is found at once, however long the conversation.
 * @example
 * function Message({ run, id }: { run: AgentRun; id: string }) {
 *   const entry = useTranscriptEntry(run, id);
 *   return entry?.type === 'assistant' ? <p>{entry.text}</p> : null;
 * }
 */
export function useTranscriptEntry(run: RunSource, id: string): TranscriptEntry | undefined {
  const at = useRef(-1);
  const selector = useCallback(
    ({ transcript }: RunSnapshot) => {
      if (transcript[at.current]?.id !== id) at.current = transcript.findIndex((entry) => entry.id === id);
      return transcript[at.current];
    },
    [id],
  );
  return useRunSelector(run, selector);
}
