import type { AnswerValue, Prompt } from '@ask-user-kit/core';
import { showsControls } from '../internal/lifecycle.ts';
import {
  forwardRef,
  useImperativeHandle,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type ReactNode,
} from 'react';
import type { AnswerDraft } from '../draft.ts';
import { defaultLabels, type AskUserLabels } from '../labels.ts';
import type { AskUserPromptRun } from '../types.ts';
import { dataAttributes, PromptContext, type PromptContextValue } from './context.ts';
import { PROMPT_PARTS } from './ids.ts';
import { usePartIds } from '../internal/ids.ts';
import {
  answerField,
  promptMessage,
  promptStatus,
  READY,
  safePrompt,
  type InvalidAnswer,
  type PromptStatus,
} from './state.ts';
import { useAnnouncement, withAsker } from '../internal/announcement.ts';
import { useDraft } from './useDraft.ts';
import { useFocus } from './useFocus.ts';
import { useSubmit } from './useSubmit.ts';

export interface AskUserPromptRootProps extends Omit<
  ComponentPropsWithoutRef<'form'>,
  'onSubmit' | 'defaultValue' | 'children'
> {
  /** The question to render (from `run.openPrompts`, a transcript entry, or `parsePrompt`). */
  prompt: Prompt;
  /**
   * Submits answers through `useAgentRun()` (or another run): the prompt's state, answer and error
   * are then its transcript entry's. Wins over `onSubmit`.
   */
  run?: AskUserPromptRun;
  /**
   * Standalone use: receives the validated answer. Return a promise to get the submitting state,
   * and reject it to show the failed state (core's `RequestError` with code `expired` or
   * `answered-elsewhere` shows that state instead).
   */
  onSubmit?: (answer: AnswerValue) => Promise<unknown> | void;
  /** The draft, controlled. Use with `onDraftChange`. */
  draft?: AnswerDraft;
  /** The initial draft, uncontrolled. */
  defaultDraft?: AnswerDraft;
  /** An answer to preselect, uncontrolled: offered labels are ticked, other text goes to the text field or to "Other…". */
  defaultAnswer?: AnswerValue;
  /** Called with every change of the draft. */
  onDraftChange?: (draft: AnswerDraft) => void;
  /** Offer an "Other…" choice with a text field (choice prompts). Default false. */
  allowOther?: boolean;
  /** Longest accepted free-text or "Other…" answer, in characters. Default 4000. */
  maxLength?: number;
  /** Replaces any of the strings shown or announced. */
  labels?: Partial<AskUserLabels>;
  /** Move focus to the field when the prompt appears. Default false: focus moves only when asked. */
  autoFocus?: boolean;
  /** Disables every control. */
  disabled?: boolean;
  /** Shows the prompt as answered with this answer (for transcripts and apps that track answers). */
  answer?: AnswerValue;
  /** Keep the draft in sessionStorage until the prompt is answered, so it survives a reload. Default true. */
  persistDraft?: boolean;
  children?: ReactNode;
}

/**
 * The prompt's `<form>`: holds the draft, validates and submits the answer, and gives its parts
 * their state. Render the parts inside it for a layout of your own, or use `<AskUserPrompt>`.
 * Key it by `prompt.key` when the prompt can change.
 */
export const Root = forwardRef<HTMLFormElement, AskUserPromptRootProps>(function Root(
  {
    prompt: givenPrompt,
    run,
    onSubmit,
    draft: givenDraft,
    defaultDraft,
    defaultAnswer,
    onDraftChange,
    allowOther = false,
    maxLength,
    labels: givenLabels,
    autoFocus = false,
    disabled = false,
    answer: givenAnswer,
    persistDraft = true,
    children,
    ...formProps
  },
  forwardedRef,
) {
  const prompt = safePrompt(givenPrompt);
  const labels = { ...defaultLabels, ...givenLabels };
  const ids = usePartIds(PROMPT_PARTS);
  const rootRef = useRef<HTMLFormElement | null>(null);
  // Our ref and the app's on the one form.
  useImperativeHandle(forwardedRef, () => rootRef.current as HTMLFormElement, []);

  // All of these belong to this prompt: the root is keyed by it.
  const [local, setLocal] = useState<PromptStatus>(READY);
  const [invalid, setInvalid] = useState<InvalidAnswer>();
  const [notice, setNotice] = useState<string>();
  const status = promptStatus({ prompt, answer: givenAnswer, run, local });
  const { state } = status;
  const answerable = showsControls(state);

  const [draft, setDraft] = useDraft({
    prompt,
    draft: givenDraft,
    defaultDraft,
    defaultAnswer,
    onDraftChange,
    persist: persistDraft,
    answerable,
    onChange: () => {
      setInvalid(undefined);
      setNotice(undefined);
    },
  });

  // A refusal shows only while the prompt is ready for another answer.
  const shownInvalid = state === 'ready' ? invalid : undefined;
  const focus = useFocus(rootRef, {
    promptKey: prompt.key,
    state,
    field: answerField(prompt),
    autoFocus,
    invalid: shownInvalid,
  });

  const submit = useSubmit({
    prompt,
    status,
    draft,
    answerOptions: { allowOther, maxLength },
    labels,
    disabled,
    run,
    onSubmit,
    setLocal,
    setInvalid,
    setNotice,
    beforeSubmit: focus.rememberFocus,
  });

  const message = promptMessage({ prompt, status, invalid: shownInvalid, notice, labels });
  const announcement = useAnnouncement({
    state,
    question: withAsker(prompt.question ?? '', prompt.agent, labels),
    message,
    labels,
  });

  const context: PromptContextValue = {
    prompt,
    state,
    draft,
    setDraft,
    submit,
    labels,
    allowOther: allowOther && prompt.kind !== 'text' && answerable,
    disabled: disabled || state === 'submitting',
    invalid: shownInvalid,
    message,
    answer: state === 'answered' ? status.answer : undefined,
    announcement,
    ids,
  };
  return (
    <PromptContext.Provider value={context}>
      {/* Not named: a named <form> is a landmark, and a chat that asks the same question twice
          would have two landmarks of one name. The legend or the textarea's label names the question. */}
      <form
        {...dataAttributes('root', context)}
        tabIndex={answerable ? undefined : -1}
        {...formProps}
        ref={rootRef}
        noValidate
        aria-busy={state === 'submitting' || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {children}
      </form>
    </PromptContext.Provider>
  );
});
