import type { AnswerValue, Prompt } from '@ask-user-kit/core';

/**
 * What the user has entered so far, for any kind of prompt. Kept apart from the answer that is
 * sent so that "Other…" is never ambiguous (typing "Red" in the Other field is not choosing Red)
 * and so that switching away from "Other…" keeps what was typed there.
 */
export interface AnswerDraft {
  /** The free-text answer, or the text of the "Other…" answer of a choice prompt. */
  text: string;
  /** Offered labels chosen (at most one for a single choice). */
  selected: string[];
  /** "Other…" is chosen (choice prompts with `allowOther`). */
  other: boolean;
}

/** A draft with nothing in it. */
export const emptyDraft: AnswerDraft = Object.freeze({ text: '', selected: [], other: false }) as AnswerDraft;

/**
 * The draft that shows `value` as already chosen or typed: offered labels are ticked, anything
 * else goes to the text (free text) or to "Other…" (choice prompts).
 * @example
 * <AskUserPrompt prompt={prompt} defaultValue={draftFromAnswer(prompt, 'Train')} />
 */
export function draftFromAnswer(prompt: Prompt, value: AnswerValue | undefined): AnswerDraft {
  if (value === undefined) return emptyDraft;
  if (prompt.kind === 'text' || prompt.kind === 'invalid') {
    return { text: Array.isArray(value) ? value.join(', ') : value, selected: [], other: false };
  }
  const labels = new Set(prompt.options.map((o) => o.label));
  const values = Array.isArray(value) ? value : [value];
  const selected = values.filter((v) => labels.has(v));
  const others = values.filter((v) => !labels.has(v));
  const single = prompt.kind === 'single';
  if (single && selected.length > 0) return { text: '', selected: selected.slice(0, 1), other: false };
  return { text: others[0] ?? '', selected, other: others.length > 0 };
}

/**
 * The value a draft stands for, before validation: a string for free text and single choice,
 * the chosen labels (and the "Other…" text) for a multiple choice; `undefined` when nothing is chosen.
 */
export function answerFromDraft(prompt: Prompt, draft: AnswerDraft): AnswerValue | undefined {
  switch (prompt.kind) {
    case 'text':
    case 'invalid':
      return draft.text;
    case 'single':
    case 'multiple': {
      // Offered labels only, in the offered order: a stale label in a draft is not an answer.
      const order = prompt.options.map((o) => o.label).filter((l) => draft.selected.includes(l));
      if (prompt.kind === 'single') return draft.other ? draft.text : order[0];
      return draft.other ? [...order, draft.text] : order;
    }
  }
}

/** True when nothing has been typed or chosen. */
export function isEmptyDraft(draft: AnswerDraft): boolean {
  return !draft.text && draft.selected.length === 0 && !draft.other;
}

/** Accepts a stored or app-given draft only if it has the right shape. */
export function toDraft(value: unknown): AnswerDraft | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { text, selected, other } = value as Record<string, unknown>;
  if (typeof text !== 'string' || typeof other !== 'boolean') return undefined;
  if (!Array.isArray(selected) || selected.some((s) => typeof s !== 'string')) return undefined;
  return { text, selected: selected as string[], other };
}

const storageKey = (promptKey: string) => `ask-user-kit:draft:${promptKey}`;

// sessionStorage can be missing (SSR), disabled (privacy settings throw a SecurityError on access)
// or full (QuotaExceededError): a draft is a convenience, so every failure means "no draft".
function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The draft saved for a prompt in this tab, if any. */
export function loadDraft(promptKey: string): AnswerDraft | undefined {
  try {
    const raw = storage()?.getItem(storageKey(promptKey));
    return raw ? toDraft(JSON.parse(raw)) : undefined;
  } catch {
    return undefined;
  }
}

/** Saves a draft for a prompt in this tab (an empty draft removes it). */
export function saveDraft(promptKey: string, draft: AnswerDraft): void {
  try {
    if (isEmptyDraft(draft)) storage()?.removeItem(storageKey(promptKey));
    else storage()?.setItem(storageKey(promptKey), JSON.stringify(draft));
  } catch {
    // Full or disabled storage: the draft lives on in memory only.
  }
}

/** Forgets a prompt's draft (once it is answered, expired or unreadable). */
export function clearDraft(promptKey: string): void {
  try {
    storage()?.removeItem(storageKey(promptKey));
  } catch {
    // Nothing to clear.
  }
}
