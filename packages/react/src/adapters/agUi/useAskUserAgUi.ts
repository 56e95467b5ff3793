import {
  isOpen,
  RequestError,
  saysExpired,
  toRunError,
  validateAnswer,
  type AnswerOptions,
  type AnswerValue,
  type Prompt,
  type PromptEntry,
  type RunError,
  type SuspendedRun,
} from '@ask-user-kit/core';
import { useCallback, useEffect, useInsertionEffect, useMemo, useRef, useState } from 'react';
import type { AskUserPromptRun } from '../../types.ts';
import {
  agUiPrompts,
  INTERRUPT_EVENT_NAME,
  resumeEntries,
  type AgUiEventLike,
  type AgUiPrompt,
  type MastraInterrupt,
} from './agUiPrompts.ts';

/** What the hook needs of an AG-UI agent (`AbstractAgent` of `@ag-ui/client`, e.g. @ag-ui/mastra's `MastraAgent`). */
export interface AgUiAgentLike {
  subscribe(subscriber: { onEvent?(params: { event: AgUiEventLike }): void }): { unsubscribe(): void };
  runAgent(parameters?: { resume?: ReturnType<typeof resumeEntries> }): Promise<unknown>;
}

export interface AskUserAgUiOptions {
  /**
   * The thread's suspended runs, read once when the hook mounts (e.g. `createFetchTransport(…)
   * .listSuspended({ resourceId: threadId })` of the Mastra the agent runs on): their `ask_user`
   * calls come back as interrupts, so a reload (or a new tab) finds the question the thread waits
   * on even when the agent's events no longer carry it.
   */
  restore?: () => Promise<readonly SuspendedRun[]>;
}

/** `<AskUserPrompt run>` over an AG-UI agent, with the interrupts its events held. */
export interface AskUserAgUi extends AskUserPromptRun {
  /** One entry per `ask_user` interrupt seen since the hook mounted (or restored), oldest first. */
  transcript: readonly PromptEntry[];
  /** The prompts still waiting: `ready`, `submitting`, `failed` or `malformed`. */
  openPrompts: readonly Prompt[];
  /** Why the suspended runs could not be read (`restore`), if they could not. */
  restoreError?: RunError;
}

/** A suspended run's calls as the `on_interrupt` events @ag-ui/mastra would have sent for them. */
function restoredEvents(runs: readonly SuspendedRun[]): AgUiEventLike[] {
  return runs.flatMap((run) =>
    run.toolCalls
      .filter((call) => !call.requiresApproval)
      .map((call) => {
        const interrupt: MastraInterrupt = {
          type: 'mastra_suspend',
          runId: run.runId,
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          suspendPayload: call.suspendPayload,
        };
        return { type: 'CUSTOM', name: INTERRUPT_EVENT_NAME, value: interrupt };
      }),
  );
}

const BUSY_MESSAGE = 'A request is still running.';
const NOT_OPEN_MESSAGE = 'This question was already answered or has expired.';

type Submission =
  | { phase: 'sending' | 'taken' | 'expired'; answer: AnswerValue }
  | { phase: 'failed'; answer: AnswerValue; error: RunError };

function entryOf(found: AgUiPrompt, submission: Submission | undefined): PromptEntry {
  const { prompt, state } = found;
  const base = { type: 'prompt' as const, id: prompt.key, prompt };
  if (state === 'answered') return { ...base, state, answer: submission?.answer ?? found.answer };
  if (state !== 'ready' || !submission) return { ...base, state };
  switch (submission.phase) {
    case 'failed':
      return { ...base, state: 'failed', answer: submission.answer, error: submission.error };
    case 'sending':
      return { ...base, state: 'submitting', answer: submission.answer };
    case 'taken':
      return { ...base, state: 'answered', answer: submission.answer };
    default:
      return { ...base, state: 'expired', answer: submission.answer };
  }
}

/**
 * Answers `ask_user` interrupts of an AG-UI agent (@ag-ui/mastra's `MastraAgent`, local or
 * remote): reads the interrupts from the agent's events (`on_interrupt`, `RUN_FINISHED.outcome`)
 * and answers a validated one with a new run whose `resume` resolves that interrupt (AG-UI 1.0's
 * `RunAgentInput.resume`); @ag-ui/mastra resumes the interrupt's own Mastra run. A
 * refusal whose words say the run no longer waits shows `expired`. Fits `<AskUserPrompt run>`.
 * @example
 * const run = useAskUserAgUi(agent);
 * run.openPrompts.map((prompt) => <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />);
 */
export function useAskUserAgUi(agent: AgUiAgentLike, options: AskUserAgUiOptions = {}): AskUserAgUi {
  const [events, setEvents] = useState<readonly AgUiEventLike[]>([]);
  const [restored, setRestored] = useState<readonly AgUiEventLike[]>([]);
  const [restoreError, setRestoreError] = useState<RunError>();
  const [submissions, setSubmissions] = useState<ReadonlyMap<string, Submission>>(() => new Map());
  useEffect(() => {
    const subscription = agent.subscribe({
      onEvent: ({ event }) => setEvents((current) => [...current, event]),
    });
    return () => subscription.unsubscribe();
  }, [agent]);

  // Read once, on mount: what the thread waited on then. Later interrupts come as events.
  const restore = useRef(options.restore);
  useEffect(() => {
    const read = restore.current;
    if (!read) return;
    let current = true;
    read().then(
      (runs) => current && setRestored(restoredEvents(runs)),
      (error: unknown) => current && setRestoreError(toRunError(error) as RunError),
    );
    return () => {
      current = false;
    };
  }, []);

  // The restored interrupts first: the agent's own events (a resume's tool result) come after them.
  const found = useMemo(() => agUiPrompts([...restored, ...events]), [restored, events]);
  const transcript = useMemo(
    () => found.map((entry) => entryOf(entry, submissions.get(entry.prompt.key))),
    [found, submissions],
  );
  const openPrompts = useMemo(
    () => transcript.filter((entry) => isOpen(entry.state)).map((entry) => entry.prompt),
    [transcript],
  );

  const latest = useRef({ agent, found, transcript });
  useInsertionEffect(() => {
    latest.current = { agent, found, transcript };
  });
  const inFlight = useRef(new Map<string, Promise<void>>());
  const lastOptions = useRef(new Map<string, AnswerOptions | undefined>());

  const send = useCallback(async (entry: AgUiPrompt, answer: AnswerValue): Promise<void> => {
    const key = entry.prompt.key;
    const record = (submission: Submission) =>
      setSubmissions((current) => new Map(current).set(key, submission));
    record({ phase: 'sending', answer });
    try {
      await latest.current.agent.runAgent({ resume: resumeEntries(entry.interrupt, answer) });
      record({ phase: 'taken', answer });
    } catch (rejection) {
      const error = toRunError(rejection);
      if (saysExpired(rejection)) record({ phase: 'expired', answer });
      else record({ phase: 'failed', answer, error: error as RunError });
      throw new RequestError(error, { promptKey: key, cause: rejection });
    }
  }, []);

  const submit = useCallback(
    (key: string, answer: AnswerValue, answerOptions?: AnswerOptions): Promise<void> => {
      const pending = inFlight.current.get(key);
      if (pending) return pending;
      const entry = latest.current.transcript.find((candidate) => candidate.id === key);
      const interrupt = latest.current.found.find((candidate) => candidate.prompt.key === key);
      if (!entry || !interrupt || !isOpen(entry.state)) {
        return Promise.reject(
          new RequestError({ code: 'expired', message: NOT_OPEN_MESSAGE }, { promptKey: key }),
        );
      }
      const check = validateAnswer(entry.prompt, answer, answerOptions);
      if (!check.ok) {
        return Promise.reject(
          new RequestError({ code: 'invalid-answer', message: check.message }, { promptKey: key }),
        );
      }
      if (inFlight.current.size > 0) {
        return Promise.reject(new RequestError({ code: 'busy', message: BUSY_MESSAGE }, { promptKey: key }));
      }
      lastOptions.current.set(key, answerOptions);
      const request = send(interrupt, check.value).finally(() => inFlight.current.delete(key));
      inFlight.current.set(key, request);
      return request;
    },
    [send],
  );

  const retry = useCallback(
    (key: string): Promise<void> => {
      const entry = latest.current.transcript.find((candidate) => candidate.id === key);
      return submit(key, entry?.answer ?? '', lastOptions.current.get(key));
    },
    [submit],
  );

  return useMemo(
    () => ({ submit, retry, transcript, openPrompts, restoreError }),
    [submit, retry, transcript, openPrompts, restoreError],
  );
}
