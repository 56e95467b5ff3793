import type { PromptState } from '@ask-user-kit/core';

// The lifecycle every waiting question shares (a prompt, an approval, a form): what its state
// means for its controls. One pair of words, so that no part reads "answerable" two ways.

/** Its controls show: it waits for an answer, is sending one, or failed to send one. */
export const showsControls = (state: PromptState) =>
  state === 'ready' || state === 'submitting' || state === 'failed';

/** Its controls are enabled: it takes an answer now (ready, or failed and open to another try). */
export const takesAnswer = (state: PromptState) => state === 'ready' || state === 'failed';

/**
 * Where focus goes when a question ends (answered, answered elsewhere, expired): the text that says
 * how it ended (`.Answer`, else `.Error`), a one-line ring around it rather than around the whole
 * card; the form itself only when a layout of the app's shows neither.
 */
export function outcomeOf(form: HTMLFormElement): HTMLElement {
  return form.querySelector<HTMLElement>('[data-part=answer], [data-part=error]') ?? form;
}
