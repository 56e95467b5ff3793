/**
 * Every gap between the core (and the `useAgentRun`) this branch builds against and the ones the
 * session's contract describes, in one file. Once core's rename is merged, delete this file and
 * import the names from `@ask-user-kit/core` directly:
 *
 * - `PromptState`, `MalformedPrompt`, `Refusal`, `RefusalCode`, `RequestError` exist in core;
 *   `isMalformed(prompt)` becomes `prompt.kind === 'malformed'`, `malformedPrompt(…)` a literal
 *   with `kind: 'malformed'`, `promptStateOf(entry)` is `entry.state`, `toRunError` is core's.
 * - `promptRunOf(run)` becomes `run`, and the `run` prop takes `AskUserPromptRun` alone, once
 *   `useAgentRun()` returns `submit`, `retry` and `openPrompts`. `AnswerState` goes with
 *   `useAgentRun().answerState`.
 *
 * Core does not export its validation messages yet ("Please write an answer.", "Choose one
 * option.", "Choose at least one option.", "Please keep the answer under N characters."), so
 * `labels.ts` writes them itself; when core exports them, `defaultLabels` can take core's.
 */
import {
  AnswerError,
  toRunError as coreToRunError,
  type AnswerOptions,
  type AnswerValue,
  type InvalidPrompt,
  type Prompt,
  type RunError,
  type TranscriptEntry,
} from '@ask-user-kit/core';
import type { AskUserPromptRun } from '../types.ts';

/** A prompt's lifecycle (core: `PromptState`). */
export type PromptState = 'ready' | 'submitting' | 'failed' | 'malformed' | 'answered' | 'answered-elsewhere' | 'expired';

/** A prompt whose payload cannot be rendered (core: `MalformedPrompt`, `kind: 'malformed'`; here still `InvalidPrompt`, `kind: 'invalid'`). */
export type MalformedPrompt = InvalidPrompt;

/** A prompt kind as `data-kind` says it. */
export type PromptKindAttribute = 'text' | 'single' | 'multiple' | 'malformed';

export type RefusalCode = 'busy' | 'empty-message' | 'invalid-answer' | 'expired' | 'answered-elsewhere';

/** A request refused before or by the server (core: `Refusal`). */
export interface Refusal {
  code: RefusalCode;
  message: string;
  status?: number;
}

/** A prompt entry of the transcript. */
export type PromptEntry = Extract<TranscriptEntry, { type: 'prompt' }>;

export function isMalformed(prompt: Prompt): prompt is MalformedPrompt {
  const kind: string = prompt.kind;
  return kind === 'invalid' || kind === 'malformed';
}

export function kindOf(prompt: Prompt): PromptKindAttribute {
  if (isMalformed(prompt)) return 'malformed';
  return prompt.kind;
}

/** A malformed prompt made by the kit itself (for something that is not a parsed prompt at all). */
export function malformedPrompt(key: string, reason: string, payload: unknown): MalformedPrompt {
  return { key, runId: '', toolCallId: '', toolName: '', kind: 'invalid', reason, payload };
}

/** The state of a prompt entry: the old core says `pending` for both `ready` and `failed` (with `error`). */
export function promptStateOf(entry: PromptEntry): PromptState {
  if (isMalformed(entry.prompt)) return 'malformed';
  const state: string = entry.state;
  if (state === 'pending') return entry.error ? 'failed' : 'ready';
  return state as PromptState;
}

/** A prompt entry in a given state, as the new core writes it (for tests and stories). */
export function promptEntry(
  prompt: Prompt,
  state: PromptState,
  fields: { answer?: AnswerValue; error?: RunError | Refusal } = {},
): PromptEntry {
  const oldState = state === 'ready' || state === 'failed' || state === 'malformed' ? 'pending' : state;
  return { type: 'prompt', id: prompt.key, prompt, state: oldState as PromptEntry['state'], ...fields } as PromptEntry;
}

/** Any failure as a `RunError` or a `Refusal` (core's `toRunError`). */
export function toRunError(error: unknown): RunError | Refusal {
  return coreToRunError(error) as RunError | Refusal;
}

/** The error `submit` rejects with (core: `new RequestError(…)`), for tests and stories. */
export function requestError(error: RunError | Refusal, promptKey = ''): Error {
  return new AnswerError(promptKey, error as RunError);
}

/** `useAgentRun().answerState()`'s result, until the hook drops it. */
export interface AnswerState {
  status: 'idle' | 'pending' | 'error' | 'success';
  error?: RunError;
  value?: AnswerValue;
}

/** `useAgentRun()`'s result before the hook's rename: `answer` and `pending`, no `retry`. */
export interface LegacyAgentRun {
  answer(promptKey: string, value: AnswerValue, options?: AnswerOptions): Promise<void>;
  pending: readonly Prompt[];
  transcript: readonly TranscriptEntry[];
}

/** What the `run` prop takes until the hook's rename lands. */
export type PromptRunProp = AskUserPromptRun | LegacyAgentRun;

// The last answer given through each legacy run, by prompt: its `retry` sends it again.
const lastAnswers = new WeakMap<LegacyAgentRun['answer'], Map<string, [AnswerValue, AnswerOptions | undefined]>>();

/** The run as the contract has it. */
export function promptRunOf(run: PromptRunProp): AskUserPromptRun {
  if ('submit' in run) return run;
  const { answer } = run;
  const answers = lastAnswers.get(answer) ?? new Map<string, [AnswerValue, AnswerOptions | undefined]>();
  lastAnswers.set(answer, answers);
  return {
    transcript: run.transcript,
    openPrompts: run.pending,
    submit(promptKey, value, options) {
      answers.set(promptKey, [value, options]);
      return answer(promptKey, value, options);
    },
    retry(promptKey) {
      const last = answers.get(promptKey);
      if (!last) return Promise.reject(requestError({ code: 'expired', message: 'Nothing to retry.' }, promptKey));
      return answer(promptKey, ...last);
    },
  };
}
