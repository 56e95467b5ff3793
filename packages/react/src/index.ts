'use client';
export { AskUserPrompt, useAskUserPrompt } from './AskUserPrompt.tsx';
export type { AskUserPromptRun } from './types.ts';
export type { AnswerDraft } from './draft.ts';
export { defaultLabels } from './labels.ts';
export type { AskUserLabels } from './labels.ts';
export { useAgentRun } from './useAgentRun.ts';
export { AgentRunError, runErrorHint } from './AgentRunError.tsx';
export type { AgentRun, UseAgentRunOptions } from './useAgentRun.ts';
export { useRunSelector, useTranscriptEntry } from './useRunSelector.ts';
// The core names apps need, so an app imports from one package.
export { RequestError } from '@ask-user-kit/core';
export type {
  AnswerValue,
  Prompt,
  PromptState,
  RunError,
  RunStatus,
  TranscriptEntry,
} from '@ask-user-kit/core';
