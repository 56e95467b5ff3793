import {
  isOpen,
  RequestError,
  validateAnswer,
  type AnswerOptions,
  type AnswerValue,
  type Prompt,
  type PromptEntry,
  type RunError,
} from '@ask-user-kit/core';
import { useCallback, useInsertionEffect, useMemo, useRef } from 'react';
import type { AskUserPromptRun } from '../../types.ts';

// What every chat-stack adapter shares: the prompts it found in the stack's own state, what became
// of the answers it sent, and the checks before sending (the same as useAgentRun's). Each adapter
// keeps how it finds prompts and how it sends an answer.

/** A prompt as the stack's own state shows it: open, or closed by what the stack holds. */
export interface FoundPrompt {
  prompt: Prompt;
  state: 'ready' | 'malformed' | 'answered' | 'expired';
  /** The answer the stack's state names (`answered`). */
  answer?: AnswerValue;
}

/**
 * An answer the adapter sent, and what came of it. `sending` and any phase of the adapter's own
 * (an answer whose fate is still being found out) show as `submitting`.
 */
export type Submission =
  | { phase: 'sending' | 'taken' | 'answered-elsewhere' | 'expired'; answer: AnswerValue }
  | { phase: 'failed'; answer: AnswerValue; error: RunError }
  | { phase: string & {}; answer: AnswerValue };

/** The adapter's run: what `<AskUserPrompt run>` needs, over the stack's prompts. */
export interface StackRun extends AskUserPromptRun {
  /** One entry per `ask_user` prompt the stack holds, oldest first. */
  transcript: readonly PromptEntry[];
  /** The prompts still waiting: `ready`, `submitting`, `failed` or `malformed`. */
  openPrompts: readonly Prompt[];
}

export interface StackAnswersOptions<F extends FoundPrompt> {
  /** The prompts the stack holds, oldest first. */
  found: readonly F[];
  /** The answers sent, by prompt key. */
  submissions: ReadonlyMap<string, Submission>;
  /** Sends a validated answer the stack's way; settles when the stack took it or refused it. */
  send(found: F, answer: AnswerValue): Promise<void>;
  /** True while the stack runs a request of its own (one request at a time). */
  busy?(): boolean;
}

const BUSY_MESSAGE = 'A request is still running.';
const NOT_OPEN_MESSAGE = 'This question was already answered or has expired.';

/** A prompt's entry: what the stack's state says, then what the adapter's own submission says. */
export function entryOf(found: FoundPrompt, submission: Submission | undefined): PromptEntry {
  const { prompt, state } = found;
  const base = { type: 'prompt' as const, id: prompt.key, prompt };
  // The question's output came, but from another tab's answer: this one's was refused. Saying
  // `answered` with this tab's own answer would show an answer the agent never got.
  if (submission?.phase === 'answered-elsewhere' && (state === 'ready' || state === 'answered'))
    return { ...base, state: 'answered-elsewhere', answer: submission.answer };
  // This tab's own answer, exactly as sent, over the one read back from the tool's output.
  if (state === 'answered') return { ...base, state, answer: submission?.answer ?? found.answer };
  if (state !== 'ready' || !submission) return { ...base, state };
  const { answer } = submission;
  switch (submission.phase) {
    case 'failed':
      return { ...base, state: 'failed', answer, error: (submission as { error: RunError }).error };
    case 'taken':
      return { ...base, state: 'answered', answer };
    case 'expired':
      return { ...base, state: 'expired', answer };
    default:
      return { ...base, state: 'submitting', answer };
  }
}

const refusal = (key: string, code: 'expired' | 'busy' | 'invalid-answer', message: string) =>
  Promise.reject(new RequestError({ code, message }, { promptKey: key }));

/**
 * The transcript, open prompts, `submit` and `retry` of a chat-stack adapter. `submit` checks as
 * `useAgentRun`'s does: a second submit of a prompt in flight returns the first one's promise; a
 * prompt no longer open is refused `expired`, one still `submitting` or any request running
 * `busy`, an answer `validateAnswer` refuses `invalid-answer`; only then does `send` run.
 */
export function useStackAnswers<F extends FoundPrompt>(options: StackAnswersOptions<F>): StackRun {
  const { found, submissions } = options;
  const transcript = useMemo(
    () => found.map((entry) => entryOf(entry, submissions.get(entry.prompt.key))),
    [found, submissions],
  );
  const openPrompts = useMemo(
    () => transcript.filter((entry) => isOpen(entry.state)).map((entry) => entry.prompt),
    [transcript],
  );

  // What submit() reads when it runs (in an event): the last committed render's values.
  const latest = useRef({ options, transcript });
  useInsertionEffect(() => {
    latest.current = { options, transcript };
  });
  // Requests in flight by key: a second submit of the same prompt returns the first one's promise.
  const inFlight = useRef(new Map<string, Promise<void>>());
  const lastOptions = useRef(new Map<string, AnswerOptions | undefined>());

  const submit = useCallback(
    (key: string, answer: AnswerValue, answerOptions?: AnswerOptions): Promise<void> => {
      const pending = inFlight.current.get(key);
      if (pending) return pending;
      const { options: current, transcript: entries } = latest.current;
      const entry = entries.find((candidate) => candidate.id === key);
      const source = current.found.find((candidate) => candidate.prompt.key === key);
      if (!entry || !source || !isOpen(entry.state)) return refusal(key, 'expired', NOT_OPEN_MESSAGE);
      // A failed answer whose fate is still being found out shows as submitting: not yet.
      if (entry.state === 'submitting') return refusal(key, 'busy', BUSY_MESSAGE);
      const check = validateAnswer(entry.prompt, answer, answerOptions);
      if (!check.ok) return refusal(key, 'invalid-answer', check.message);
      if (inFlight.current.size > 0 || current.busy?.()) return refusal(key, 'busy', BUSY_MESSAGE);
      lastOptions.current.set(key, answerOptions);
      const request = current.send(source, check.value).finally(() => inFlight.current.delete(key));
      inFlight.current.set(key, request);
      return request;
    },
    [],
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
