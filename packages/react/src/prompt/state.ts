import {
  validateAnswer,
  type AnswerValue,
  type Prompt,
  type PromptState,
  type Refusal,
  type RunError,
} from '@ask-user-kit/core';
import {
  DEFAULT_MAX_ANSWER_LENGTH,
  promptEntryOf,
  type AnswerOptions,
  type MalformedPrompt,
} from '@ask-user-kit/core/internal';
import { stateMessage } from '../internal/announcement.ts';
import { answerFromDraft, type AnswerDraft } from '../draft.ts';
import type { AskUserLabels } from '../labels.ts';
import type { AskUserPromptRun } from '../types.ts';

// What a prompt shows, worked out from its props, its run and its own submits: no React here.

/** Where a prompt is: its state, with the answer and the error that go with it. */
export interface PromptStatus {
  state: PromptState;
  /** The answer given (`submitting`, `answered`, and `failed` where known). */
  answer?: AnswerValue;
  /** Why the last submit failed (`failed`, `expired`, `answered-elsewhere`). */
  error?: RunError | Refusal;
}

/** The field an invalid answer is about, which gets focus and `aria-invalid`. */
export type Field = 'text' | 'options' | 'other';

/** An answer that validation refused, with the message to show and the field it is about. */
export interface InvalidAnswer {
  message: string;
  field: Field;
}

export const READY: PromptStatus = Object.freeze({ state: 'ready' });

/**
 * The prompt to render: `prompt` itself, or, when it is not a parsed prompt at all (it came from
 * the network; anything can arrive), a malformed one that says so instead of throwing.
 */
export function safePrompt(prompt: Prompt): Prompt {
  const given = (prompt ?? {}) as { [K in 'key' | 'kind' | 'question' | 'options']?: unknown };
  if (typeof given.key === 'string') {
    if (prompt.kind === 'malformed') return prompt;
    const knownKind = given.kind === 'text' || given.kind === 'single' || given.kind === 'multiple';
    // Every parsed prompt has its options, an empty list for free text.
    if (knownKind && typeof given.question === 'string' && Array.isArray(given.options)) return prompt;
  }
  // Only the key is kept (React keys, drafts): the rest of a broken prompt may not be text.
  const malformed: MalformedPrompt = {
    key: String(given.key ?? 'unknown'),
    runId: '',
    toolCallId: '',
    toolName: '',
    kind: 'malformed',
    reason: 'it is not a parsed prompt',
    payload: prompt,
  };
  return malformed;
}

export interface PromptStatusSource {
  prompt: Prompt;
  /** The `answer` prop: shows the prompt answered with it. */
  answer: AnswerValue | undefined;
  /** The run the prompt belongs to: its transcript entry is the prompt's state. */
  run: AskUserPromptRun | undefined;
  /** The state kept by the prompt itself when it has no run (`onSubmit`). */
  local: PromptStatus;
}

/**
 * Where the prompt is. A malformed payload is `malformed`, an `answer` prop is `answered`; with a
 * run, the prompt's transcript entry says (found by key, however long the conversation: a prompt
 * the run still lists without an entry is `ready`, one it no longer knows `expired`); without
 * one, the prompt's own submits do.
 */
export function promptStatus({ prompt, answer, run, local }: PromptStatusSource): PromptStatus {
  if (prompt.kind === 'malformed') return { state: 'malformed' };
  if (answer !== undefined) return { state: 'answered', answer };
  if (!run) return local;
  const entry = promptEntryOf(run.transcript, prompt.key);
  if (entry) return { state: entry.state, answer: entry.answer, error: entry.error };
  if (run.openPrompts.some((open) => open.key === prompt.key)) return READY;
  return { state: 'expired' };
}

/** The state a failed submit leaves the prompt in (an invalid answer is shown as such instead). */
export function stateAfterFailure(error: RunError | Refusal): PromptState {
  switch (error.code) {
    case 'expired':
      return 'expired';
    case 'answered-elsewhere':
      return 'answered-elsewhere';
    default:
      return 'failed';
  }
}

/** The field of a prompt that an invalid answer as a whole is about. */
export function answerField(prompt: Prompt): Field {
  if (prompt.kind === 'text') return 'text';
  return 'options';
}

export type DraftCheck = { ok: true; answer: AnswerValue } | { ok: false; invalid: InvalidAnswer };

/**
 * The answer a draft gives, checked by core's `validateAnswer`, or why it is refused, worded with
 * `labels` and tied to the field to fix.
 */
export function checkDraft(
  prompt: Prompt,
  draft: AnswerDraft,
  options: AnswerOptions,
  labels: AskUserLabels,
): DraftCheck {
  const other = Boolean(options.allowOther) && draft.other;
  // An empty "Other…" with labels ticked is still a mistake: the user chose it and typed nothing.
  if (prompt.kind !== 'text' && other && !draft.text.trim()) {
    return { ok: false, invalid: { message: labels.otherRequired, field: 'other' } };
  }
  const check = validateAnswer(prompt, answerFromDraft(prompt, { ...draft, other }), options);
  if (check.ok) return { ok: true, answer: check.value };
  switch (check.reason) {
    case 'too-long': {
      const max = options.maxLength ?? DEFAULT_MAX_ANSWER_LENGTH;
      // Offered labels are never too long: a choice's long answer is the "Other…" text.
      const field = prompt.kind === 'text' ? 'text' : 'other';
      return { ok: false, invalid: { message: labels.tooLong(max), field } };
    }
    case 'required':
      return { ok: false, invalid: { message: requiredMessage(prompt, labels), field: answerField(prompt) } };
    default:
      return { ok: false, invalid: { message: check.message, field: answerField(prompt) } };
  }
}

function requiredMessage(prompt: Prompt, labels: AskUserLabels): string {
  switch (prompt.kind) {
    case 'single':
      return labels.choiceRequired;
    case 'multiple':
      return labels.choicesRequired;
    default:
      return labels.answerRequired;
  }
}

/** The hint under a question ("Choose one.", …). */
export function hintOf(prompt: Prompt, labels: AskUserLabels): string {
  switch (prompt.kind) {
    case 'single':
      return labels.singleHint;
    case 'multiple':
      return labels.multipleHint;
    default:
      return labels.textHint;
  }
}

/** How many answers a multiple choice's draft gives: the labels chosen, and the "Other…" text once there is some. */
export function chosenCount(prompt: Prompt, draft: AnswerDraft, allowOther: boolean): number {
  const other = allowOther && draft.other && draft.text.trim() !== '';
  const answer = answerFromDraft(prompt, { ...draft, other });
  if (Array.isArray(answer)) return answer.length;
  return answer ? 1 : 0;
}

/** The text of the submit button. */
export function submitLabel(state: PromptState, labels: AskUserLabels): string {
  switch (state) {
    case 'submitting':
      return labels.submitting;
    case 'failed':
      return labels.retry;
    default:
      return labels.submit;
  }
}

export interface MessageSource {
  prompt: Prompt;
  status: PromptStatus;
  /** The answer validation refused, if any. */
  invalid: InvalidAnswer | undefined;
  /** Why the run refused the last submit without touching the prompt (it was busy). */
  notice: string | undefined;
  labels: AskUserLabels;
}

/** The message `.Error` shows: what is wrong, or nothing when all is well. */
export function promptMessage({
  prompt,
  status,
  invalid,
  notice,
  labels,
}: MessageSource): string | undefined {
  if (prompt.kind === 'malformed') return labels.malformed;
  if (status.state === 'ready') return invalid?.message ?? notice;
  return stateMessage(status.state, status.error, labels);
}

export { announcementOf } from '../internal/announcement.ts';

/** True when two answers are the same: the same text, or the same labels in the same order. */
export function sameAnswer(one: AnswerValue | undefined, other: AnswerValue | undefined): boolean {
  if (one === undefined || other === undefined) return false;
  if (typeof one === 'string' || typeof other === 'string') return one === other;
  return one.length === other.length && one.every((item, index) => item === other[index]);
}
