import type { AnswerValue, Prompt } from './prompt.ts';

/** How strict `validateAnswer` is. */
export interface ValidateAnswerOptions {
  /** Accept a typed answer that is not among the options (an "Other…" field). Default false. */
  allowOther?: boolean;
  /** Longest free-text (or "other") answer, in characters. Default 4000. */
  maxLength?: number;
}

/** The verdict of `validateAnswer`: the value to send, or a message for the user. */
export type AnswerCheck = { ok: true; value: AnswerValue } | { ok: false; message: string };

/** The default longest free-text answer, in characters. */
export const DEFAULT_MAX_ANSWER_LENGTH = 4000;

/**
 * Checks a value against its prompt before it is sent: Mastra does not, and a wrong type loses
 * the question for good. Returns the value to send (free text trimmed) or a message for the user.
 */
export function validateAnswer(prompt: Prompt, value: unknown, options: ValidateAnswerOptions = {}): AnswerCheck {
  const max = options.maxLength ?? DEFAULT_MAX_ANSWER_LENGTH;
  const tooLong = (s: string) => s.length > max;
  switch (prompt.kind) {
    case 'invalid':
      return { ok: false, message: `This question cannot be answered: ${prompt.reason}.` };
    case 'text': {
      if (typeof value !== 'string') return { ok: false, message: 'The answer must be text.' };
      const text = value.trim();
      if (!text) return { ok: false, message: 'Please write an answer.' };
      if (tooLong(text)) return { ok: false, message: `Please keep the answer under ${max} characters.` };
      return { ok: true, value: text };
    }
    case 'single': {
      if (typeof value !== 'string') return { ok: false, message: 'Choose one option.' };
      if (prompt.options.some((o) => o.label === value)) return { ok: true, value };
      const other = value.trim();
      if (!options.allowOther || !other) {
        return { ok: false, message: value.trim() ? `"${value}" is not one of the options.` : 'Choose one option.' };
      }
      if (tooLong(other)) return { ok: false, message: `Please keep the answer under ${max} characters.` };
      return { ok: true, value: other };
    }
    case 'multiple': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
        return { ok: false, message: 'Choose at least one option.' };
      }
      const labels = new Set(prompt.options.map((o) => o.label));
      const chosen: string[] = [];
      let others = 0;
      for (const v of value as string[]) {
        const item = labels.has(v) ? v : v.trim();
        if (!item || chosen.includes(item)) continue;
        if (!labels.has(item)) {
          if (!options.allowOther) return { ok: false, message: `"${v}" is not one of the options.` };
          if (tooLong(item)) return { ok: false, message: `Please keep the answer under ${max} characters.` };
          others++;
        }
        chosen.push(item);
      }
      if (chosen.length === 0) return { ok: false, message: 'Choose at least one option.' };
      if (others > 1) return { ok: false, message: 'Only one "other" answer can be given.' };
      // Offered labels first, in the order offered, then the typed one.
      const order = (l: string) => {
        const i = prompt.options.findIndex((o) => o.label === l);
        return i < 0 ? Number.MAX_SAFE_INTEGER : i;
      };
      return { ok: true, value: chosen.sort((a, b) => order(a) - order(b)) };
    }
  }
}
