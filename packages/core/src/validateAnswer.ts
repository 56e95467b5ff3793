import type { AnswerValue, Prompt, PromptKind, WellFormedPrompt } from './prompt.ts';
import { quote } from './quote.ts';

/** How strict an answer's check is: `validateAnswer`'s options, and `RunStore.submit`'s. */
export interface AnswerOptions {
  /** Accept a typed answer that is not among the options (an "Other…" field). Default false. */
  allowOther?: boolean;
  /** Longest free-text (or "other") answer, in characters. Default 4000. */
  maxLength?: number;
}

/**
 * Why `validateAnswer` refused a value, for apps that word the message themselves: nothing given
 * (`required`), over `maxLength` (`too-long`), or anything else (`invalid`: not among the options,
 * a wrong type, two "other" answers, a malformed prompt), which the message explains.
 */
export type AnswerRefusal = 'required' | 'too-long' | 'invalid';

/** The verdict of `validateAnswer`: the value to send, or a message for the user and its reason. */
export type AnswerCheck =
  { ok: true; value: AnswerValue } | { ok: false; message: string; reason: AnswerRefusal };

/** The default longest free-text answer, in characters. */
export const DEFAULT_MAX_ANSWER_LENGTH = 4000;

/** The messages `validateAnswer` gives, for labels that reuse or reword them. Quoted text is cut to 80 characters. */
export const answerMessages = {
  textRequired: 'Please write an answer.',
  choiceRequired: 'Choose one option.',
  choicesRequired: 'Choose at least one option.',
  textNotText: 'The answer must be text.',
  choiceNotText: 'A single choice is answered with one label, as text.',
  choicesNotList: 'A multiple choice is answered with a list of labels, as text.',
  oneOther: 'Only one "other" answer can be given.',
  tooLong: (maxLength: number) => `Please keep the answer under ${maxLength} characters.`,
  notAnOption: (label: string) => `"${quote(label)}" is not one of the options.`,
  unanswerable: (reason: string) => `This question cannot be answered: ${reason}.`,
} as const;

const REQUIRED: Record<PromptKind, string> = {
  text: answerMessages.textRequired,
  single: answerMessages.choiceRequired,
  multiple: answerMessages.choicesRequired,
};

const refuse = (reason: AnswerRefusal, message: string): AnswerCheck => ({ ok: false, message, reason });

const isText = (item: unknown): item is string => typeof item === 'string';

/**
 * Checks a value against its prompt before it is sent: Mastra does not, and a wrong type loses
 * the question for good. Returns the value to send (free text trimmed) or a message for the user.
 * @example
 * validateAnswer(colourPrompt, ['Red']) // → { ok: false, reason: 'invalid', message: 'A single choice is answered with one label, as text.' }
 */
export function validateAnswer(prompt: Prompt, value: unknown, options: AnswerOptions = {}): AnswerCheck {
  if (prompt.kind === 'malformed') return refuse('invalid', answerMessages.unanswerable(prompt.reason));
  if (value === undefined || value === null) return refuse('required', REQUIRED[prompt.kind]);
  const maxLength = options.maxLength ?? DEFAULT_MAX_ANSWER_LENGTH;
  if (prompt.kind === 'multiple') {
    if (!Array.isArray(value) || !value.every(isText))
      return refuse('invalid', answerMessages.choicesNotList);
    return checkChoices(prompt, value, options.allowOther ?? false, maxLength);
  }
  if (prompt.kind === 'single') {
    if (!isText(value)) return refuse('invalid', answerMessages.choiceNotText);
    return checkChoices(prompt, [value], options.allowOther ?? false, maxLength);
  }
  if (!isText(value)) return refuse('invalid', answerMessages.textNotText);
  const text = value.trim();
  if (text.length > maxLength) return refuse('too-long', answerMessages.tooLong(maxLength));
  if (!text) return refuse('required', REQUIRED.text);
  return { ok: true, value: text };
}

/**
 * Checks chosen items: each is a label as offered or typed text, trimmed (so a label with spaces
 * around it is that label); empty ones are dropped, repeated ones kept once. The answer lists the
 * offered labels in the order offered, then the typed one.
 */
function checkChoices(
  prompt: WellFormedPrompt,
  items: string[],
  allowOther: boolean,
  maxLength: number,
): AnswerCheck {
  const labels = new Set(prompt.options.map((option) => option.label));
  const chosen = new Set<string>();
  const typed = new Set<string>();
  for (const item of items) {
    const label = labels.has(item) ? item : item.trim();
    if (labels.has(label)) chosen.add(label);
    else if (label) typed.add(label);
  }
  const [firstTyped] = typed;
  if (firstTyped !== undefined && !allowOther)
    return refuse('invalid', answerMessages.notAnOption(firstTyped));
  for (const item of typed) {
    if (item.length > maxLength) return refuse('too-long', answerMessages.tooLong(maxLength));
  }
  if (chosen.size + typed.size === 0) return refuse('required', REQUIRED[prompt.kind]);
  if (typed.size > 1) return refuse('invalid', answerMessages.oneOther);
  const answer = [
    ...prompt.options.map((option) => option.label).filter((label) => chosen.has(label)),
    ...typed,
  ];
  if (prompt.kind === 'multiple') return { ok: true, value: answer };
  return { ok: true, value: answer[0]! };
}
