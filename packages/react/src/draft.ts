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
 * <AskUserPrompt prompt={prompt} defaultDraft={draftFromAnswer(prompt, 'Train')} />
 */
export function draftFromAnswer(prompt: Prompt, value: AnswerValue | undefined): AnswerDraft {
  // Only strings count: anything else (a draft of the wrong shape, say) gives no draft.
  const values = [value].flat().filter((v) => typeof v === 'string');
  if (!values.length) return emptyDraft;
  if (prompt.kind === 'text' || prompt.kind === 'malformed')
    return { text: values.join(', '), selected: [], other: false };
  const labels = prompt.options.map((o) => o.label);
  const selected = values.filter((v) => labels.includes(v));
  const others = values.filter((v) => !labels.includes(v));
  if (prompt.kind === 'single' && selected.length > 0)
    return { text: '', selected: selected.slice(0, 1), other: false };
  return { text: others[0] ?? '', selected, other: others.length > 0 };
}

/**
 * The value a draft stands for, before validation: a string for free text and single choice,
 * the chosen labels (and the "Other…" text) for a multiple choice; `undefined` when nothing is chosen.
 */
export function answerFromDraft(prompt: Prompt, draft: AnswerDraft): AnswerValue | undefined {
  if (prompt.kind === 'text' || prompt.kind === 'malformed') return draft.text;
  // Offered labels only, in the offered order: a stale label in a draft is not an answer.
  const chosen = prompt.options.map((o) => o.label).filter((l) => draft.selected.includes(l));
  if (prompt.kind === 'single') return draft.other ? draft.text : chosen[0];
  return draft.other ? [...chosen, draft.text] : chosen;
}

/** Accepts a stored or app-given draft only if it has the right shape. */
export function toDraft(value: unknown): AnswerDraft | undefined {
  const d = value as AnswerDraft | null | undefined;
  if (
    typeof d?.text === 'string' &&
    typeof d.other === 'boolean' &&
    Array.isArray(d.selected) &&
    d.selected.every((s) => typeof s === 'string')
  ) {
    return d;
  }
}

// sessionStorage can be missing (SSR: a ReferenceError), disabled (privacy settings throw a
// SecurityError on access) or full (QuotaExceededError): a draft is a convenience, so every failure
// means "no draft".

/**
 * The draft saved for a prompt in this tab, if any; given a `draft`, saves it instead (an empty
 * draft, or `null`, removes the saved one).
 */
export function storedDraft(promptKey: string, draft?: AnswerDraft | null): AnswerDraft | undefined {
  const key = `ask-user-kit:draft:${promptKey}`;
  try {
    if (draft === undefined) return toDraft(JSON.parse(sessionStorage.getItem(key)!));
    if (draft && (draft.text || draft.selected.length || draft.other))
      sessionStorage.setItem(key, JSON.stringify(draft));
    else sessionStorage.removeItem(key);
  } catch {
    // No sessionStorage, or it is full (private browsing, quota): the draft is simply not kept.
  }
}
