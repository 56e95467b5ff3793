import type { AnswerValue, Prompt, PromptEntry, PromptState, Refusal, RunError } from '@ask-user-kit/core';

/** A transcript entry for `prompt` in `state`, as the store writes it (for tests and stories). */
export function promptEntry(
  prompt: Prompt,
  state: PromptState,
  fields: { answer?: AnswerValue; error?: RunError | Refusal } = {},
): PromptEntry {
  return { type: 'prompt', id: prompt.key, prompt, state, ...fields } as PromptEntry;
}
