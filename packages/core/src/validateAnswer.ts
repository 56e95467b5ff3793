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
  const max = options.maxLength ?? DEFAULT_MAX_ANSWER_LENGTH;
  const refuse = (reason: AnswerRefusal, message: string): AnswerCheck => ({ ok: false, message, reason });
  const tooLong = (s: string) => s.length > max && refuse('too-long', `Please keep the answer under ${max} characters.`);
  const notOffered = (v: string) => refuse('invalid', `"${v}" is not one of the options.`);
  switch (prompt.kind) {
    case 'invalid':
      return refuse('invalid', `This question cannot be answered: ${prompt.reason}.`);
    case 'text': {
      if (typeof value !== 'string') return refuse('invalid', 'The answer must be text.');
      const text = value.trim();
      if (!text) return refuse('required', 'Please write an answer.');
      return tooLong(text) || { ok: true, value: text };
    }
    case 'single': {
      const required = refuse('required', 'Choose one option.');
      if (typeof value !== 'string') return required;
      if (prompt.options.some((o) => o.label === value)) return { ok: true, value };
      const other = value.trim();
      if (!other) return required;
      if (!options.allowOther) return notOffered(value);
      return tooLong(other) || { ok: true, value: other };
    }
    case 'multiple': {
      const required = refuse('required', 'Choose at least one option.');
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return required;
      const labels = prompt.options.map((o) => o.label);
      const chosen = new Set<string>();
      for (const v of value as string[]) {
        const item = labels.includes(v) ? v : v.trim();
        if (!item) continue;
        if (!labels.includes(item)) {
          if (!options.allowOther) return notOffered(v);
          const long = tooLong(item);
          if (long) return long;
        }
        chosen.add(item);
      }
      const typed = [...chosen].filter((item) => !labels.includes(item));
      if (!chosen.size) return required;
      if (typed.length > 1) return refuse('invalid', 'Only one "other" answer can be given.');
      // Offered labels first, in the order offered, then the typed one.
      return { ok: true, value: [...labels.filter((label) => chosen.has(label)), ...typed] };
    }
  }
}
