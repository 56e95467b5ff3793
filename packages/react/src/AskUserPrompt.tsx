'use client';
import { forwardRef } from 'react';
import { usePromptContext, type PromptContextValue } from './prompt/context.ts';
import {
  Option,
  OptionControl,
  OptionDescription,
  OptionLabel,
  Other,
  OtherText,
} from './prompt/parts/Option.tsx';
import { Options } from './prompt/parts/Options.tsx';
import { Count, Description, Question } from './prompt/parts/Question.tsx';
import { Answer, ErrorMessage, Status, TimeLeft } from './prompt/parts/Status.tsx';
import { Submit } from './prompt/parts/Submit.tsx';
import { TextField } from './prompt/parts/TextField.tsx';
import { Root, type AskUserPromptRootProps } from './prompt/Root.tsx';
import { showsControls } from './internal/lifecycle.ts';
import { compound } from './internal/compound.ts';

export type { AskUserPromptRootProps } from './prompt/Root.tsx';
export type {
  AskUserPromptCountProps,
  AskUserPromptDescriptionProps,
  AskUserPromptQuestionProps,
} from './prompt/parts/Question.tsx';
export type { AskUserPromptOptionsProps } from './prompt/parts/Options.tsx';
export type {
  AskUserPromptOptionControlProps,
  AskUserPromptOptionDescriptionProps,
  AskUserPromptOptionLabelProps,
  AskUserPromptOptionProps,
  AskUserPromptOtherProps,
  AskUserPromptOtherTextProps,
} from './prompt/parts/Option.tsx';
export type { AskUserPromptTextFieldProps } from './prompt/parts/TextField.tsx';
export type { AskUserPromptSubmitProps } from './prompt/parts/Submit.tsx';
export type {
  AskUserPromptAnswerProps,
  AskUserPromptErrorProps,
  AskUserPromptStatusProps,
  AskUserPromptTimeLeftProps,
} from './prompt/parts/Status.tsx';
export type { AskUserPromptRun } from './types.ts';

export type AskUserPromptProps = AskUserPromptRootProps;

/**
 * The state of the enclosing prompt, for parts of your own.
 * @example
 * function Hint() {
 *   const { state, draft } = useAskUserPrompt();
 *   return state === 'ready' ? <small>{draft.text.length} characters</small> : null;
 * }
 */
export function useAskUserPrompt(): Pick<
  PromptContextValue,
  | 'prompt'
  | 'state'
  | 'draft'
  | 'setDraft'
  | 'submit'
  | 'labels'
  | 'invalid'
  | 'message'
  | 'answer'
  | 'disabled'
> {
  return usePromptContext('useAskUserPrompt()');
}

/** Every part that applies: the others render nothing in the prompt's state. */
function DefaultLayout() {
  const { prompt, state } = usePromptContext('<AskUserPrompt>');
  const text = prompt.kind === 'text';
  // A choice's question is the legend of its options while it takes an answer.
  const questionOutside = text || !showsControls(state);
  return (
    <>
      {questionOutside && <Question />}
      {text && <Description />}
      <TextField />
      <Options />
      <Answer />
      <ErrorMessage />
      <TimeLeft />
      <Submit />
      <Status />
    </>
  );
}

/**
 * Renders an `ask_user` question as a native form: free text, single or multiple choice, with
 * validation, the submitting, failed, answered, answered-elsewhere and expired states and an
 * accessible announcement. Give it children (its parts) for a layout of your own.
 * @example
 * const run = useAgentRun({ agentId: 'planner', baseUrl: '' });
 * run.openPrompts.map((prompt) => <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />)
 * @example
 * <AskUserPrompt prompt={prompt} onSubmit={(answer) => resumeMyself(prompt, answer)} allowOther />
 */
const AskUserPromptComponent = forwardRef<HTMLFormElement, AskUserPromptProps>(function AskUserPrompt(
  { children, ...props },
  ref,
) {
  // The prompt may be anything that came from the network: Root explains a broken one.
  const key = (props.prompt as { key?: unknown } | undefined)?.key;
  return (
    <Root key={typeof key === 'string' ? key : undefined} ref={ref} {...props}>
      {children ?? <DefaultLayout />}
    </Root>
  );
});

const parts = {
  Root,
  Question,
  Description,
  Count,
  Options,
  Option,
  OptionControl,
  OptionLabel,
  OptionDescription,
  Other,
  OtherText,
  TextField,
  Error: ErrorMessage,
  Submit,
  Answer,
  Status,
  TimeLeft,
};

/**
 * Renders an `ask_user` question as a native form, with its states; its parts (`AskUserPrompt.Root`,
 * `.Question`, `.Options`, `.Option`, `.TextField`, `.Submit`, …) build a layout of your own.
 * @example
 * run.openPrompts.map((prompt) => <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />)
 */
export const AskUserPrompt = compound('AskUserPrompt', AskUserPromptComponent, parts);
