import { parsePrompt, type Prompt, type PromptEntry, type RunError } from '@ask-user-kit/core';
import {
  createSubmissionTracker,
  isAskUserCall,
  isOpen,
  type FoundPrompt,
  type SubmissionSnapshot,
  type SubmissionTracker,
  type SubmissionTrackerOptions,
  type SuspendedRun,
} from '@ask-user-kit/core/internal';
import {
  useCallback,
  useInsertionEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';
import type { AskUserPromptRun } from '../../types.ts';

// What every chat-stack adapter shares: core's submission tracker for the answers it sends, and
// the run `<AskUserPrompt run>` reads. Each adapter keeps how it finds questions in the stack's
// own state and how it sends an answer the stack's way.

/** The run of a chat-stack adapter: what `<AskUserPrompt run>` and `<AgentRunError run>` need. */
export interface StackRun extends AskUserPromptRun {
  /** One entry per `ask_user` question the stack holds, oldest first (the stack holds the rest). */
  transcript: readonly PromptEntry[];
  /** The questions still waiting: `ready`, `submitting`, `failed` or `malformed`. */
  openPrompts: readonly Prompt[];
  /** The stack's own request that failed (not an answer: its question shows that one). */
  error?: RunError;
  /** Why the suspended runs (`suspendedRuns`) could not be read, if they could not. */
  restoreError?: RunError;
}

/** What every adapter takes. */
export interface StackRunOptions {
  /**
   * The conversation's suspended runs, e.g. `async () => (await createFetchTransport({ baseUrl,
   * agentId }).listSuspended({ resourceId })).runs`. Asked when an answer fails for a reason the
   * failure does not name (its question no longer listed: `expired`; still listed: `failed`, for
   * Retry), and after a question was answered in another window, for the one that waits now.
   * Without it, only the server's own words say `expired`, and the next question comes with the
   * stack's next message.
   */
  suspendedRuns?: () => Promise<readonly SuspendedRun[]>;
}

/** `value` for the stack's callbacks (they run in events): the last committed render's. */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useInsertionEffect(() => {
    latest.current = value;
  });
  return latest;
}

/** The adapter's tracker, and what it recorded as of this render: what `useStackRun` takes. */
export interface StackTracker<F extends FoundPrompt> {
  tracker: SubmissionTracker<F>;
  snapshot: SubmissionSnapshot;
}

/** One tracker for the hook's lifetime, reading the adapter's latest options when it runs. */
export function useTracker<F extends FoundPrompt>(options: SubmissionTrackerOptions<F>): StackTracker<F> {
  const latest = useLatest(options);
  const [tracker] = useState(() =>
    createSubmissionTracker<F>({
      send: (found, answer) => latest.current.send(found, answer),
      busy: () => latest.current.busy?.() ?? false,
      suspendedRuns: () => latest.current.suspendedRuns?.(),
      refetch: () => latest.current.refetch?.(),
    }),
  );
  const snapshot = useSyncExternalStore(tracker.subscribe, tracker.getSnapshot, tracker.getSnapshot);
  return { tracker, snapshot };
}

/** The questions of the suspended runs read after one closed elsewhere that `found` does not hold. */
export function withRestored<F extends FoundPrompt>(
  found: readonly F[],
  restored: readonly SuspendedRun[],
): readonly (F | FoundPrompt)[] {
  const held = new Set(found.map(({ prompt }) => prompt.toolCallId));
  const more: FoundPrompt[] = [];
  for (const { runId, toolCalls } of restored)
    for (const call of toolCalls) {
      if (call.requiresApproval || held.has(call.toolCallId) || !isAskUserCall(call)) continue;
      held.add(call.toolCallId);
      const signed = typeof call.signature === 'string' ? { signature: call.signature } : {};
      more.push({ prompt: parsePrompt({ ...call, runId }), state: 'ready', ...signed });
    }
  return more.length === 0 ? found : [...found, ...more];
}

/** The adapter's run over the questions it found and what its tracker recorded. */
export function useStackRun<F extends FoundPrompt>(
  { tracker, snapshot }: StackTracker<F>,
  found: readonly F[],
  error?: RunError,
): StackRun {
  // What submit and retry check against (they run in events): the last committed render's questions.
  const latest = useLatest(found);
  const submit = useCallback<StackRun['submit']>(
    (key, answer, options) => tracker.submit(latest.current, key, answer, options),
    [tracker, latest],
  );
  const retry = useCallback((key: string) => tracker.retry(latest.current, key), [tracker, latest]);
  const transcript = useMemo(() => tracker.entries(found, snapshot), [tracker, found, snapshot]);
  const openPrompts = useMemo(
    () => transcript.filter((entry) => isOpen(entry.state)).map((entry) => entry.prompt),
    [transcript],
  );
  const { restoreError } = snapshot;
  return useMemo(
    () => ({ submit, retry, transcript, openPrompts, error, restoreError }),
    [submit, retry, transcript, openPrompts, error, restoreError],
  );
}
