import type { AnswerValue, Prompt } from '@ask-user-kit/core';
import { createContext, useContext } from 'react';
import type { AnswerDraft } from '../draft.ts';
import type { PromptState } from '@ask-user-kit/core';
import type { AskUserLabels } from '../labels.ts';
import type { OptionIds, PromptIds } from './ids.ts';
import type { InvalidAnswer } from './state.ts';

/** What `.Root` gives its parts. */
export interface PromptContextValue {
  prompt: Prompt;
  state: PromptState;
  draft: AnswerDraft;
  setDraft: (update: (draft: AnswerDraft) => AnswerDraft) => void;
  /** Validates the draft and submits its answer (what the form's submit does). */
  submit: () => void;
  labels: AskUserLabels;
  /** The "Other…" choice is shown: asked for, on a choice prompt that can still be answered. */
  allowOther: boolean;
  /** Controls are disabled (submitting, or `disabled`). */
  disabled: boolean;
  /** The answer validation refused, until the draft changes. */
  invalid: InvalidAnswer | undefined;
  /** The message `.Error` shows, if any. */
  message: string | undefined;
  /** The answer, once answered. */
  answer: AnswerValue | undefined;
  /** What `.Status` says. */
  announcement: string;
  ids: PromptIds;
}

/** What `.Option` and `.Other` give the parts inside them. */
export interface OptionContextValue {
  /** The option's label; empty for "Other…". */
  label: string;
  /** This is the "Other…" choice. */
  other: boolean;
  checked: boolean;
  description: string | undefined;
  ids: OptionIds;
}

export const PromptContext = createContext<PromptContextValue | null>(null);

export const OptionContext = createContext<OptionContextValue | null>(null);

/** Set by `.Options`: the `.Question` inside it is the fieldset's legend. */
export const InsideOptionsContext = createContext(false);

// Named for React DevTools in development builds only.
if (process.env.NODE_ENV !== 'production') {
  PromptContext.displayName = 'AskUserPromptContext';
  OptionContext.displayName = 'AskUserPromptOptionContext';
  InsideOptionsContext.displayName = 'AskUserPromptInsideOptionsContext';
}

/** The prompt's context for a part or a hook (`user` names it in the error); outside a prompt, a clear error. */
export function usePromptContext(user: string): PromptContextValue {
  const context = useContext(PromptContext);
  if (!context) throw new Error(`${user} must be inside <AskUserPrompt> or <AskUserPrompt.Root>.`);
  return context;
}

/** The option's context for a part of an option; outside an option, a clear error. */
export function useOptionContext(user: string): OptionContextValue {
  const option = useContext(OptionContext);
  if (!option) throw new Error(`${user} must be inside <AskUserPrompt.Option> or <AskUserPrompt.Other>.`);
  return option;
}

/** The documented data attributes of a part, which the app's props may replace. */
export function dataAttributes(
  part: string,
  context: PromptContextValue,
): Record<`data-${string}`, string | undefined> {
  return {
    'data-scope': 'ask-user',
    'data-part': part,
    'data-kind': context.prompt.kind,
    'data-state': context.state,
    'data-disabled': context.disabled ? '' : undefined,
    'data-invalid': context.invalid ? '' : undefined,
  };
}
