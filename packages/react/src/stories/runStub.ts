import type { Prompt, RunError } from '@ask-user-kit/core';
import type { AnswerState, AskUserPromptRun } from '../index.ts';
import { resumeAgainst, type RecordedResponse } from './replayServer.ts';

/**
 * A run frozen in one answer state, for `<AskUserPrompt run>`: lets a story show "submitting",
 * "failed" or "expired" without an interaction (the matrix). Interactive stories reach the same
 * states through `onSubmit` instead.
 */
export function frozenRun(prompt: Prompt, state: AnswerState): AskUserPromptRun {
  return {
    answer: () => new Promise<void>(() => {}),
    answerState: () => state,
    pending: [prompt],
    transcript: [],
  };
}

/** The `RunError` the kit's fetch transport makes of a recorded failure, for a prompt. */
export async function recordedError(prompt: Prompt, response: RecordedResponse): Promise<RunError> {
  if (prompt.kind === 'invalid') throw new Error('recordedError needs a well-formed prompt');
  try {
    await resumeAgainst(prompt, [response])(prompt.kind === 'multiple' ? [] : '');
  } catch (error) {
    const runError = (error as { error?: RunError }).error;
    if (runError) return runError;
    throw error;
  }
  throw new Error('the recorded response did not fail');
}
