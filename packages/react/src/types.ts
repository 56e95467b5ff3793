import type { AnswerValue, Prompt, TranscriptEntry } from '@ask-user-kit/core';
import type { AnswerOptions } from '@ask-user-kit/core/internal';
/** What `<AskUserPrompt run>` needs of a run: `useAgentRun()`'s result fits. */
export interface AskUserPromptRun {
  submit(promptKey: string, answer: AnswerValue, options?: AnswerOptions): Promise<void>;
  retry(promptKey: string): Promise<void>;
  transcript: readonly TranscriptEntry[];
  openPrompts: readonly Prompt[];
}
