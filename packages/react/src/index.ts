'use client';
export { AskUserPrompt, useAskUserPrompt } from './AskUserPrompt.tsx';
export type {
  AskUserPromptAnswerProps,
  AskUserPromptCountProps,
  AskUserPromptDescriptionProps,
  AskUserPromptErrorProps,
  AskUserPromptOptionControlProps,
  AskUserPromptOptionDescriptionProps,
  AskUserPromptOptionLabelProps,
  AskUserPromptOptionProps,
  AskUserPromptOptionsProps,
  AskUserPromptOtherProps,
  AskUserPromptOtherTextProps,
  AskUserPromptProps,
  AskUserPromptQuestionProps,
  AskUserPromptRootProps,
  AskUserPromptStatusProps,
  AskUserPromptSubmitProps,
  AskUserPromptTextFieldProps,
} from './AskUserPrompt.tsx';
export type { AskUserPromptRun } from './types.ts';
export { answerFromDraft, draftFromAnswer, emptyDraft } from './draft.ts';
export type { AnswerDraft } from './draft.ts';
export { defaultLabels } from './labels.ts';
export type { AskUserLabels } from './labels.ts';
export { useAgentRun } from './useAgentRun.ts';
export { AgentRunError, runErrorHint } from './AgentRunError.tsx';
export type { AgentRunErrorProps } from './AgentRunError.tsx';
export type { AgentRun, AgentRunSource, UseAgentRunOptions } from './useAgentRun.ts';
export { useRunSelector, useTranscriptEntry } from './useRunSelector.ts';
export type { RunSource } from './useRunSelector.ts';
// The core names apps need, so an app imports from one package.
export { RequestError } from '@ask-user-kit/core';
export type {
  AnswerOptions,
  AnswerValue,
  MalformedPrompt,
  Prompt,
  PromptKind,
  PromptOption,
  PromptState,
  Refusal,
  RefusalCode,
  RunError,
  RunErrorCode,
  RunStatus,
  TranscriptEntry,
} from '@ask-user-kit/core';
