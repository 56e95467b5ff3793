import type { AnswerValue, Prompt } from './prompt.ts';

/** How strict `validateAnswer` is. */
export interface ValidateAnswerOptions {
  /** Accept a typed answer that is not among the options (an "Other…" field). Default false. */
  allowOther?: boolean;
  /** Longest free-text (or "other") answer, in characters. Default 4000. */
  maxLength?: number;
}

/**
 * Why `validateAnswer` refused a value, for apps that word the message themselves: nothing given
 * (`required`), over `maxLength` (`too-long`), or anything else (`invalid`: not among the options,
 * a wrong type, two "other" answers, an invalid prompt), which the message explains.
 */
export type AnswerRefusal = 'required' | 'too-long' | 'invalid';

/** The verdict of `validateAnswer`: the value to send, or a message for the user and its reason. */
export type AnswerCheck = { ok: true; value: AnswerValue } | { ok: false; message: string; reason: AnswerRefusal };

/** The default longest free-text answer, in characters. */
export const DEFAULT_MAX_ANSWER_LENGTH = 4000;

/**
 * Checks a value against its prompt before it is sent: Mastra does not, and a wrong type loses
 * the question for good. Returns the value to send (free text trimmed) or a message for the user.
 */
export function validateAnswer(prompt: Prompt, value: unknown, options: ValidateAnswerOptions = {}): AnswerCheck {
  const { kind } = prompt;
  const max = options.maxLength ?? DEFAULT_MAX_ANSWER_LENGTH;
  const labels = kind === 'invalid' ? [] : prompt.options.map((o) => o.label);
  // Every kind is checked as a list: one string, or several for a multiple choice. Each is a label
  // as offered or typed text, trimmed (so a label with spaces around it is that label); empty ones
  // are dropped, repeated ones kept once.
  const given = kind === 'multiple' ? value : [value];
  const chosen = new Set(
    Array.isArray(given) && given.every((v) => typeof v === 'string')
      ? given.map((v: string) => (labels.includes(v) ? v : v.trim())).filter(Boolean)
      : [],
  );
  const typed = [...chosen].filter((item) => !labels.includes(item));
  // Offered labels first, in the order offered, then the typed one.
  const answer = [...labels.filter((label) => chosen.has(label)), ...typed];
  const [reason, message]: [AnswerRefusal?, string?] =
    kind === 'invalid'
      ? ['invalid', `This question cannot be answered: ${prompt.reason}.`]
      : kind === 'text' && typeof value !== 'string'
        ? ['invalid', 'The answer must be text.']
        : typed.length && kind !== 'text' && !options.allowOther
          ? ['invalid', `"${typed[0]}" is not one of the options.`]
          : typed.some((item) => item.length > max)
            ? ['too-long', `Please keep the answer under ${max} characters.`]
            : !answer.length
              ? ['required', kind === 'text' ? 'Please write an answer.' : kind === 'single' ? 'Choose one option.' : 'Choose at least one option.']
              : typed.length > 1
                ? ['invalid', 'Only one "other" answer can be given.']
                : [];
  return reason ? { ok: false, message: message!, reason } : { ok: true, value: kind === 'multiple' ? answer : answer[0]! };
}
