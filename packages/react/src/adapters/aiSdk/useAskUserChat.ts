import {
  confirmExpiry,
  httpFailure,
  isOpen,
  RequestError,
  saysExpired,
  validateAnswer,
  type AgentTransport,
  type AnswerOptions,
  type AnswerValue,
  type Prompt,
  type PromptEntry,
  type Refusal,
  type RunError,
} from '@ask-user-kit/core';
import { useCallback, useEffect, useInsertionEffect, useMemo, useRef, useState } from 'react';
import type { AskUserPromptRun } from '../../types.ts';
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
const BUSY_MESSAGE = 'A request is still running.';
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

/** A prompt's entry: what the messages say, then what this hook's own submission says. */
function entryOf(found: ChatPrompt, submission: Submission | undefined): PromptEntry {
  const { prompt, state } = found;
  const base = { type: 'prompt' as const, id: prompt.key, prompt };
  if (state === 'answered') return { ...base, state, answer: submission?.answer ?? found.answer };
  if (state !== 'ready' || !submission) return { ...base, state };
  switch (submission.phase) {
    case 'failed':
      return { ...base, state: 'failed', answer: submission.answer, error: submission.error };
    case 'taken':
      return { ...base, state: 'answered', answer: submission.answer };
    case 'answered-elsewhere':
    case 'expired':
      return { ...base, state: submission.phase, answer: submission.answer };
    default:
      return { ...base, state: 'submitting', answer: submission.answer };
  }
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
  const transcript = useMemo(
    () => found.map((prompt) => entryOf(prompt, settled.get(prompt.prompt.key))),
    [found, settled],
  );
  const openPrompts = useMemo(
    () => transcript.filter((entry) => isOpen(entry.state)).map((entry) => entry.prompt),
    [transcript],
  );
  useExpiryCheck(settled, setSubmissions, found, options);

  // What submit() reads when it runs (in an event): the last committed render's values.
  const latest = useRef({ chat, transcript });
  useInsertionEffect(() => {
    latest.current = { chat, transcript };
  });
  // Requests in flight by key: a second submit of the same prompt returns the first one's promise.
  const inFlight = useRef(new Map<string, Promise<void>>());
  const lastOptions = useRef(new Map<string, AnswerOptions | undefined>());

  const send = useCallback((entry: PromptEntry, answer: AnswerValue, options?: AnswerOptions) => {
    const key = entry.prompt.key;
    const { runId, toolCallId } = entry.prompt;
    const record = (phase: 'sending' | 'ended') =>
      setSubmissions((current) => new Map(current).set(key, { phase, answer }));
    lastOptions.current.set(key, options);
    record('sending');
    // `answer` passed validateAnswer: never "" nor [] (a falsy resumeData would start a new run).
    const request = latest.current.chat
      .sendMessage(undefined, { body: { resumeData: answer, runId, toolCallId } })
      .finally(() => {
        inFlight.current.delete(key);
        record('ended');
      });
    inFlight.current.set(key, request);
    return request;
  }, []);

  const submit = useCallback(
    (key: string, answer: AnswerValue, options?: AnswerOptions): Promise<void> => {
      const pending = inFlight.current.get(key);
      if (pending) return pending;
      const entry = latest.current.transcript.find((candidate) => candidate.id === key);
      if (!entry || !isOpen(entry.state)) {
        return Promise.reject(
          new RequestError({ code: 'expired', message: NOT_OPEN_MESSAGE }, { promptKey: key }),
        );
      }
      // A failed resume still being asked about (`confirming`) shows as submitting: not yet.
      if (entry.state === 'submitting') {
        return Promise.reject(new RequestError({ code: 'busy', message: BUSY_MESSAGE }, { promptKey: key }));
      }
      const check = validateAnswer(entry.prompt, answer, options);
      if (!check.ok) {
        return Promise.reject(
          new RequestError({ code: 'invalid-answer', message: check.message }, { promptKey: key }),
        );
      }
      const { status } = latest.current.chat;
      if (inFlight.current.size > 0 || status === 'submitted' || status === 'streaming') {
        return Promise.reject(new RequestError({ code: 'busy', message: BUSY_MESSAGE }, { promptKey: key }));
      }
      return send(entry, check.value, options);
    },
    [send],
  );

  // As useAgentRun's: the failed prompt's answer, with the options of its last submit.
  const retry = useCallback(
    (key: string): Promise<void> => {
      const entry = latest.current.transcript.find((candidate) => candidate.id === key);
      return submit(key, entry?.answer ?? '', lastOptions.current.get(key));
    },
    [submit],
  );

  return useMemo(
    () => ({ submit, retry, transcript, openPrompts }),
    [submit, retry, transcript, openPrompts],
  );
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
