import type { Prompt, RunError } from '@ask-user-kit/core';
import type { PromptState } from '@ask-user-kit/core';
import { promptEntry } from '../test/promptEntry.ts';
import type { AskUserPromptRun } from '../types.ts';
import { resumeAgainst, type RecordedResponse } from './replayServer.ts';

/**
 * A run whose transcript holds the prompt in one state, for `<AskUserPrompt run>`: lets a story
 * show "submitting", "failed" or "answered-elsewhere" without an interaction (the matrix).
 * Interactive stories reach the same states through `onSubmit` instead.
 */
export function frozenRun(
  prompt: Prompt,
  state: PromptState,
  fields: { answer?: string | string[]; error?: RunError } = {},
): AskUserPromptRun {
  return {
    submit: () => new Promise<void>(() => {}),
    retry: () => new Promise<void>(() => {}),
    transcript: [promptEntry(prompt, state, fields)],
    openPrompts: [prompt],
  };
}

/** The `RunError` the kit's fetch transport makes of a recorded failure, for a prompt. */
export async function recordedError(prompt: Prompt, response: RecordedResponse): Promise<RunError> {
  if (prompt.kind === 'malformed') throw new Error('recordedError needs a well-formed prompt');
  try {
    await resumeAgainst(prompt, [response])(prompt.kind === 'multiple' ? [] : '');
  } catch (error) {
    const runError = (error as { error?: RunError }).error;
    if (runError) return runError;
    throw error;
  }
  throw new Error('the recorded response did not fail');
}
