'use client';
export { AskUserPrompt, useAskUserPrompt } from './AskUserPrompt.tsx';
export type {
  AnswerState,
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
  AskUserPromptRun,
  AskUserPromptStatusProps,
  AskUserPromptSubmitProps,
  AskUserPromptTextFieldProps,
  PromptState,
} from './AskUserPrompt.tsx';
export { answerFromDraft, draftFromAnswer, emptyDraft } from './draft.ts';
export type { AnswerDraft } from './draft.ts';
export { defaultLabels } from './labels.ts';
export type { AskUserLabels } from './labels.ts';
export type { AnswerValue, Prompt, PromptKind, PromptOption, RunError, RunStatus, TranscriptEntry } from '@ask-user-kit/core';
export { useAgentRun } from './useAgentRun.ts';
export type { AgentRun, AgentRunSource, UseAgentRunOptions } from './useAgentRun.ts';
