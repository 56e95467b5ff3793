import {
  httpFailure,
  RequestError,
  saysExpired,
  toRunError,
  type AnswerValue,
  type Prompt,
  type PromptEntry,
  type RunError,
  type SuspendedRun,
} from '@ask-user-kit/core';
import { useCallback, useEffect, useInsertionEffect, useMemo, useRef, useState } from 'react';
import type { AskUserPromptRun } from '../../types.ts';
import { useStackAnswers, type Submission } from '../shared/useStackAnswers.ts';
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

// The code in the body of the answer guard's 409 (`@ask-user-kit/server`'s `answerGuard`).
const ALREADY_ANSWERED_CODE = 'already-answered';
const ANSWERED_ELSEWHERE_STATUS = 409;

/**
 * True when the resume was refused by the answer guard: another client answered first. An AG-UI
 * `HttpAgent` (CopilotKit's runtime agent too) rejects an HTTP error with `Error('HTTP 409: <body>')`
 * carrying `status` and the parsed body as `payload`; the guard's body has `code: 'already-answered'`.
 */
function saysAnsweredElsewhere(rejection: unknown): boolean {
  const { status, payload, message } = Object(rejection) as {
    status?: unknown;
    payload?: unknown;
    message?: unknown;
  };
  if (status === ANSWERED_ELSEWHERE_STATUS) return true;
  if ((Object(payload) as { code?: unknown }).code === ALREADY_ANSWERED_CODE) return true;
  return typeof message === 'string' && message.startsWith(`HTTP ${ANSWERED_ELSEWHERE_STATUS}:`);
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

/**
 * Answers `ask_user` interrupts of an AG-UI agent (@ag-ui/mastra's `MastraAgent`, local or
 * remote): reads the interrupts from the agent's events (`on_interrupt`, `RUN_FINISHED.outcome`)
 * and answers a validated one with a new run whose `resume` resolves that interrupt (AG-UI 1.0's
 * `RunAgentInput.resume`); @ag-ui/mastra resumes the interrupt's own Mastra run. A
 * refusal whose words say the run no longer waits shows `expired`; the answer guard's 409
 * (another client answered first) `answered-elsewhere`. Fits `<AskUserPrompt run>`.
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
  const latest = useRef(agent);
  useInsertionEffect(() => {
    latest.current = agent;
  });

  const send = useCallback(async (entry: AgUiPrompt, answer: AnswerValue): Promise<void> => {
    const key = entry.prompt.key;
    const record = (submission: Submission) =>
      setSubmissions((current) => new Map(current).set(key, submission));
    record({ phase: 'sending', answer });
    try {
      await latest.current.runAgent({ resume: resumeEntries(entry.interrupt, answer) });
      record({ phase: 'taken', answer });
    } catch (rejection) {
      if (saysAnsweredElsewhere(rejection)) {
        record({ phase: 'answered-elsewhere', answer });
        throw new RequestError(httpFailure(ANSWERED_ELSEWHERE_STATUS, ''), {
          promptKey: key,
          cause: rejection,
        });
      }
      const error = toRunError(rejection);
      if (saysExpired(rejection)) record({ phase: 'expired', answer });
      else record({ phase: 'failed', answer, error: error as RunError });
      throw new RequestError(error, { promptKey: key, cause: rejection });
    }
  }, []);

  const run = useStackAnswers({ found, submissions, send });
  return useMemo(() => ({ ...run, restoreError }), [run, restoreError]);
}
