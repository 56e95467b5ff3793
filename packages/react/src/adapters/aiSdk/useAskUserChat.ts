import {
  confirmExpiry,
  httpFailure,
  saysExpired,
  type AgentTransport,
  type AnswerValue,
  type Prompt,
  type PromptEntry,
  type Refusal,
  type RunError,
} from '@ask-user-kit/core';
import { useCallback, useEffect, useInsertionEffect, useMemo, useRef, useState } from 'react';
import type { AskUserPromptRun } from '../../types.ts';
import { useStackAnswers } from '../shared/useStackAnswers.ts';
import { chatPrompts, type ChatMessageLike, type ChatPrompt } from './chatPrompts.ts';

/** What the hook needs of `useChat()` (`@ai-sdk/react`): its result fits. */
export interface AskUserChatSource {
  messages: readonly ChatMessageLike[];
  status: 'submitted' | 'streaming' | 'ready' | 'error';
  error: Error | undefined;
  sendMessage(message: undefined, options: { body: object }): Promise<void>;
}

/** How the hook tells an expired question from a failed resume. */
export interface AskUserChatOptions {
  /**
   * Where the agent's suspended runs are listed, e.g. `createFetchTransport({ baseUrl, agentId })`
   * from `@ask-user-kit/core`. chatRoute answers a resume of a question that no longer waits with a
   * bare 500, so a failed resume is shown `expired` only when this list no longer has its call
   * (as `useAgentRun` does). Without it, only the server's own words can say so.
   */
  transport?: Pick<AgentTransport, 'listSuspended'>;
  /** The resource the chat's runs belong to (Mastra's `memory.resource`), to narrow the list. */
  resourceId?: string;
}

/** `<AskUserPrompt run>` over an AI SDK chat, with the prompts its messages hold. */
export interface AskUserChat extends AskUserPromptRun {
  /** One entry per `ask_user` prompt of the chat, oldest first (the chat's messages hold the rest). */
  transcript: readonly PromptEntry[];
  /** The prompts still waiting: `ready`, `submitting`, `failed` or `malformed`. */
  openPrompts: readonly Prompt[];
}

// The messages the adapter words itself; the rest come from the server through the chat's error.
const FAILED_MESSAGE = 'The answer could not be sent.';
const NOT_OPEN_MESSAGE = 'This question was already answered or has expired.';

/**
 * An answer this hook sent: `sending`, then `ended` when `sendMessage` resolved, which the next
 * render turns for good into `taken` (the server streamed the resume), `answered-elsewhere` (the
 * answer guard's 409), or `confirming` (any other error) until the suspended-runs list says
 * `expired` or `failed`; so a later request of the chat does not change it.
 */
type Submission =
  | { phase: 'sending' | 'ended' | 'taken' | 'answered-elsewhere' | 'expired'; answer: AnswerValue }
  | { phase: 'confirming'; answer: AnswerValue; error: RunError; saidExpired: boolean }
  | { phase: 'failed'; answer: AnswerValue; error: RunError };

/** What the AI SDK's `DefaultChatTransport` rejects an HTTP error with (an `APICallError`). */
interface ChatRequestError {
  message?: unknown;
  statusCode?: unknown;
  responseBody?: unknown;
}

type ChatOutcome = Pick<AskUserChatSource, 'status' | 'error'>;

/** The server's body, parsed when it is JSON (Mastra's `{ error }`, the guard's 409). */
function parsedBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** The chat's error as the kit's failure, and whether the server's own words say "expired". */
function failureOf(error: Error | undefined): { failure: RunError | Refusal; saidExpired: boolean } {
  const { message, statusCode, responseBody } = (error ?? {}) as ChatRequestError;
  const body = parsedBody(responseBody);
  const said = (Object(body) as { error?: unknown }).error ?? body ?? message;
  const text = typeof said === 'string' && said !== '' ? said : FAILED_MESSAGE;
  const saidExpired = saysExpired(said);
  if (typeof statusCode !== 'number') return { failure: { code: 'network', message: text }, saidExpired };
  return { failure: httpFailure(statusCode, text), saidExpired };
}

/** How an ended request went: `useChat` does not reject, it sets its status and error. */
function verdictOf(submission: Submission, { status, error }: ChatOutcome): Submission {
  if (submission.phase !== 'ended') return submission;
  // A chat read through another store (assistant-ui's useAISDKChat) can lag a render behind the
  // request: still busy there means the verdict waits for the next render.
  if (status === 'submitted' || status === 'streaming') return submission;
  const { answer } = submission;
  if (status !== 'error') return { phase: 'taken', answer };
  const { failure, saidExpired } = failureOf(error);
  if (failure.code === 'answered-elsewhere') return { phase: 'answered-elsewhere', answer };
  if (failure.code === 'expired') return { phase: 'expired', answer };
  return { phase: 'confirming', answer, error: failure as RunError, saidExpired };
}

/**
 * Answers `ask_user` questions in an AI SDK chat served by `@mastra/ai-sdk`'s `chatRoute`: finds
 * the prompts in `useChat()`'s messages, and submits a validated answer the way that route
 * resumes, `sendMessage(undefined, { body: { resumeData, runId, toolCallId } })`, so the resumed
 * reply joins the same assistant message. The result fits `<AskUserPrompt run>` unchanged.
 * @example
 * const chat = useChat({ transport: new DefaultChatTransport({ api: '/chat/planner' }) });
 * const run = useAskUserChat(chat);
 * run.openPrompts.map((prompt) => <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />);
 */
export function useAskUserChat(chat: AskUserChatSource, options: AskUserChatOptions = {}): AskUserChat {
  const [submissions, setSubmissions] = useState<ReadonlyMap<string, Submission>>(() => new Map());
  // The render that first sees a request ended also sees the chat's status after it: settle it now.
  const settled = settle(submissions, chat);
  if (settled !== submissions) setSubmissions(settled);
  const found = useMemo(() => chatPrompts(chat.messages), [chat.messages]);
  useExpiryCheck(settled, setSubmissions, found, options);

  // What send() reads when it runs (in an event): the last committed render's chat.
  const latest = useRef(chat);
  useInsertionEffect(() => {
    latest.current = chat;
  });
  const send = useCallback(({ prompt }: ChatPrompt, answer: AnswerValue) => {
    const { key, runId, toolCallId } = prompt;
    const record = (phase: 'sending' | 'ended') =>
      setSubmissions((current) => new Map(current).set(key, { phase, answer }));
    record('sending');
    // `answer` passed validateAnswer: never "" nor [] (a falsy resumeData would start a new run).
    return latest.current
      .sendMessage(undefined, { body: { resumeData: answer, runId, toolCallId } })
      .finally(() => record('ended'));
  }, []);
  const busy = useCallback(
    () => latest.current.status === 'submitted' || latest.current.status === 'streaming',
    [],
  );
  return useStackAnswers({ found, submissions: settled, send, busy });
}

/**
 * Asks the suspended-runs list about each failed resume (`confirming`): gone from it → `expired`,
 * still listed, or no list to ask → `failed`, as `useAgentRun` tells them apart.
 */
function useExpiryCheck(
  submissions: ReadonlyMap<string, Submission>,
  setSubmissions: (
    update: (current: ReadonlyMap<string, Submission>) => ReadonlyMap<string, Submission>,
  ) => void,
  found: readonly ChatPrompt[],
  { transport, resourceId }: AskUserChatOptions,
): void {
  const checking = useRef(new Set<Submission>());
  useEffect(() => {
    for (const [key, submission] of submissions) {
      if (submission.phase !== 'confirming' || checking.current.has(submission)) continue;
      const prompt = found.find((entry) => entry.prompt.key === key)?.prompt;
      if (!prompt) continue;
      checking.current.add(submission);
      const { answer, error, saidExpired } = submission;
      const decide = (failure: RunError | Refusal) => {
        checking.current.delete(submission);
        const next: Submission =
          failure.code === 'expired' ? { phase: 'expired', answer } : { phase: 'failed', answer, error };
        setSubmissions((current) =>
          current.get(key) === submission ? new Map(current).set(key, next) : current,
        );
      };
      if (!transport) {
        decide(saidExpired ? { code: 'expired', message: NOT_OPEN_MESSAGE } : error);
        continue;
      }
      const request = { runId: prompt.runId, toolCallId: prompt.toolCallId, resumeData: answer, resourceId };
      void confirmExpiry(error, saidExpired, request, transport.listSuspended).then(decide, () =>
        decide(error),
      );
    }
  }, [submissions, setSubmissions, found, transport, resourceId]);
}

/** `submissions` with every ended request given its verdict; the same map when none changed. */
function settle(
  submissions: ReadonlyMap<string, Submission>,
  outcome: ChatOutcome,
): ReadonlyMap<string, Submission> {
  let next: Map<string, Submission> | undefined;
  for (const [key, submission] of submissions) {
    const verdict = verdictOf(submission, outcome);
    if (verdict === submission) continue;
    next ??= new Map(submissions);
    next.set(key, verdict);
  }
  return next ?? submissions;
}
