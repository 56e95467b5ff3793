import {
  RequestError,
  validateAnswer,
  type AnswerOptions,
  type AnswerValue,
  type Prompt,
  type PromptEntry,
  type RunError,
} from '@ask-user-kit/core';
import { useCallback, useInsertionEffect, useMemo, useRef, useState } from 'react';
import type { AskUserPromptRun } from '../../types.ts';
import { chatPrompts, type ChatMessageLike, type ChatPrompt } from './chatPrompts.ts';

/** What the hook needs of `useChat()` (`@ai-sdk/react`): its result fits. */
export interface AskUserChatSource {
  messages: readonly ChatMessageLike[];
  status: 'submitted' | 'streaming' | 'ready' | 'error';
  error: Error | undefined;
  sendMessage(message: undefined, options: { body: object }): Promise<void>;
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
const NOT_OPEN_MESSAGE = 'This question was already answered or has expired.';

/**
 * An answer this hook sent: `sending`, then `ended` when `sendMessage` resolved, which the next
 * render turns for good into `taken` (the server streamed the resume) or `failed` (the chat holds
 * the request's error), so a later request of the chat does not change it.
 */
type Submission =
  | { phase: 'sending' | 'ended' | 'taken'; answer: AnswerValue }
  | { phase: 'failed'; answer: AnswerValue; error: RunError };

const isOpen = (entry: PromptEntry) =>
  entry.state === 'ready' ||
  entry.state === 'submitting' ||
  entry.state === 'failed' ||
  entry.state === 'malformed';

type ChatOutcome = Pick<AskUserChatSource, 'status' | 'error'>;

/** How an ended request went: `useChat` does not reject, it sets its status and error. */
function verdictOf(submission: Submission, { status, error }: ChatOutcome): Submission {
  if (submission.phase !== 'ended') return submission;
  if (status !== 'error') return { phase: 'taken', answer: submission.answer };
  return {
    phase: 'failed',
    answer: submission.answer,
    error: { code: 'http', message: error?.message ?? '' },
  };
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
export function useAskUserChat(chat: AskUserChatSource): AskUserChat {
  const [submissions, setSubmissions] = useState<ReadonlyMap<string, Submission>>(() => new Map());
  // The render that first sees a request ended also sees the chat's status after it: settle it now.
  const settled = settle(submissions, chat);
  if (settled !== submissions) setSubmissions(settled);
  const found = useMemo(() => chatPrompts(chat.messages), [chat.messages]);
  const transcript = useMemo(
    () => found.map((prompt) => entryOf(prompt, settled.get(prompt.prompt.key))),
    [found, settled],
  );
  const openPrompts = useMemo(() => transcript.filter(isOpen).map((entry) => entry.prompt), [transcript]);

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
      if (!entry || !isOpen(entry)) {
        return Promise.reject(
          new RequestError({ code: 'expired', message: NOT_OPEN_MESSAGE }, { promptKey: key }),
        );
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

/** `submissions` with every ended request given its verdict; the same map when none ended. */
function settle(
  submissions: ReadonlyMap<string, Submission>,
  outcome: ChatOutcome,
): ReadonlyMap<string, Submission> {
  let next: Map<string, Submission> | undefined;
  for (const [key, submission] of submissions) {
    if (submission.phase !== 'ended') continue;
    next ??= new Map(submissions);
    next.set(key, verdictOf(submission, outcome));
  }
  return next ?? submissions;
}
