'use client';
import {
  DEFAULT_MAX_ANSWER_LENGTH,
  validateAnswer,
  type AnswerOptions,
  type AnswerValue,
  type Prompt,
  type PromptKind,
  type PromptOption,
  type RunError,
  type TranscriptEntry,
} from '@ask-user-kit/core';
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentPropsWithRef,
  type ElementType,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { answerFromDraft, draftFromAnswer, storedDraft, toDraft, type AnswerDraft } from './draft.ts';
import { defaultLabels, type AskUserLabels } from './labels.ts';
import { composeEventHandlers, visuallyHidden } from './internal/primitive.ts';
import { useControllableState } from './useControllableState.ts';
/**
 * Where a prompt is, as `data-state` on its parts:
 * - `ready`: waiting for an answer (also after an answer was refused by validation: see `data-invalid`)
 * - `submitting`: the answer is on its way
 * - `answered`: the server took the answer; it is shown read-only
 * - `failed`: sending failed; the answer is kept and can be sent again
 * - `expired`: the question is no longer open (answered elsewhere, or gone)
 * - `malformed`: the payload cannot be rendered; the reason is shown
 */
export type AskUserPromptState = 'ready' | 'submitting' | 'answered' | 'failed' | 'expired' | 'malformed';

/** The state of the answer to one prompt, as `useAgentRun().answerState(promptKey)` reports it. */
export interface AnswerState {
  status: 'idle' | 'pending' | 'error' | 'success';
  /** Why the last attempt failed (`status: 'error'`). */
  error?: RunError;
  /** The value last sent. */
  value?: AnswerValue;
}

/** What `<AskUserPrompt run>` needs of a run: `useAgentRun()`'s result fits. */
export interface AskUserPromptRun {
  answer(promptKey: string, value: AnswerValue, options?: AnswerOptions): Promise<void>;
  answerState(promptKey: string): AnswerState;
  pending: readonly Prompt[];
  transcript: readonly TranscriptEntry[];
}

export interface AskUserPromptRootProps
  extends Omit<ComponentPropsWithRef<'form'>, 'onSubmit' | 'defaultValue' | 'children'> {
  /** The question to render (from `useAgentRun().pending`, a transcript entry, or `parsePrompt`). */
  prompt: Prompt;
  /** Sends answers through `useAgentRun` and follows their state. Wins over `onSubmit`. */
  run?: AskUserPromptRun;
  /**
   * Standalone use: receives the validated answer. Return a promise to get the submitting state,
   * and reject it to show the failed state (an error with `code: 'expired'` shows the expired state).
   */
  onSubmit?: (value: AnswerValue) => Promise<unknown> | void;
  /** The draft, controlled. Use with `onValueChange`. */
  value?: AnswerDraft;
  /** The initial draft, uncontrolled: a draft, or an answer value to preselect. */
  defaultValue?: AnswerDraft | AnswerValue;
  /** Called with every change of the draft. */
  onValueChange?: (draft: AnswerDraft) => void;
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
  /** Shows the prompt as answered with this value (for transcripts and apps that track answers). */
  answer?: AnswerValue;
  /** Keep the draft in sessionStorage until the prompt is answered, so it survives a reload. Default true. */
  persistDraft?: boolean;
  children?: ReactNode;
}

export type AskUserPromptProps = AskUserPromptRootProps;

type Field = 'text' | 'options' | 'other';
type Invalid = { message: string; field: Field };
type PromptEntry = Extract<TranscriptEntry, { type: 'prompt' }>;

interface PromptContextValue {
  prompt: Prompt;
  state: AskUserPromptState;
  draft: AnswerDraft;
  setDraft: (update: (draft: AnswerDraft) => AnswerDraft) => void;
  submit: () => void;
  labels: AskUserLabels;
  /** The "Other…" choice is shown: asked for, on a choice prompt that can still be answered. */
  allowOther: boolean;
  /** Controls are disabled (submitting, or `disabled`). */
  disabled: boolean;
  invalid: Invalid | undefined;
  /** The message `.Error` shows, if any. */
  message: string | undefined;
  answer: AnswerValue | undefined;
  announcement: string;
  /** The prefix of the parts' ids: `-d` description, `-e` error, `-f` field, `-c` choices' name. */
  id: string;
  /** Set by `.Options`: `.Question` is its legend. */
  legend?: boolean;
  /** Set by `.Option` and `.Other` for the parts inside them (ids: `-l` label, `-d` description). */
  option?: { value: string; other: boolean; checked: boolean; id: string; description: string | undefined };
}

const PromptContext = createContext<PromptContextValue | null>(null);

/**
 * The prompt's context for a part or hook; outside a prompt, a clear error. In development, the
 * parts of an option (`Option…`: control, label, description) also say so outside an option.
 */
function usePromptContext(part: string): PromptContextValue {
  const context = useContext(PromptContext);
  if (!context) throw new Error(`${part} must be inside <AskUserPrompt> or <AskUserPrompt.Root>.`);
  // Development only (production builds drop it): a part of an option outside one. The catch swallows
  // only the ReferenceError of a plain browser without `process` (see useControllableState).
  try {
    if (process.env.NODE_ENV !== 'production' && /\.Option[A-Z]/.test(part) && !context.option) {
      throw new Error(`${part} must be inside <AskUserPrompt.Option> or <AskUserPrompt.Other>.`);
    }
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
  }
  return context;
}

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
  'prompt' | 'state' | 'draft' | 'setDraft' | 'submit' | 'labels' | 'invalid' | 'message' | 'answer' | 'disabled'
> {
  return usePromptContext('useAskUserPrompt()');
}

const interactive = (state: AskUserPromptState) => state === 'ready' || state === 'submitting' || state === 'failed';

/** The documented data attributes every part carries. */
const common = (part: string, context: PromptContextValue) => ({
  'data-scope': 'ask-user',
  'data-part': part,
  'data-kind': context.prompt.kind,
  'data-state': context.state,
  'data-disabled': context.disabled ? '' : undefined,
  'data-invalid': context.invalid ? '' : undefined,
});

/**
 * What a part renders: its attributes and default `children`, `defaults` that the app's props may
 * replace, `as` another tag, and `context` for the parts inside it.
 */
type Own = {
  [attribute: string]: unknown;
  as?: ElementType;
  defaults?: object;
  context?: PromptContextValue;
  children?: ReactNode;
  /** A form control: disabled with the prompt, and described by these ids (falsy ones left out) after the app's. */
  control?: unknown[];
};

/** Every part, by its name: `part()` adds each one, and `AskUserPrompt` carries them all. */
const parts: Record<string, unknown> = {};

/**
 * A part of the prompt: one `tag` with the shared data attributes, named `AskUserPrompt.<name>`
 * (`data-part` is the name in kebab case). It reads the prompt's context, throwing a clear error
 * outside one (see usePromptContext); `useOwn` gives what the part adds over the
 * app's props, or nothing to render nothing. The app's `children` replace the default ones.
 */
function part<P extends { children?: ReactNode; disabled?: boolean; 'aria-describedby'?: string }>(
  name: string,
  tag: ElementType,
  useOwn: (context: PromptContextValue, props: P) => Own | false | '' | null | undefined,
) {
  const dataPart = name.replace(/\B[A-Z]/g, '-$&').toLowerCase();
  const tagName = `<AskUserPrompt.${name}>`;
  const Part = (props: P) => {
    const context = usePromptContext(tagName);
    const own = useOwn(context, props);
    if (!own) return null;
    const { as: Tag = tag, defaults, context: inner, control, ...attributes } = own;
    const element = (
      <Tag
        {...defaults}
        {...props}
        {...common(dataPart, context)}
        {...(control && {
          disabled: context.disabled || props.disabled,
          'aria-describedby': [props['aria-describedby'], ...control].filter(Boolean).join(' ') || undefined,
        })}
        {...attributes}
        children={props.children ?? attributes.children}
      />
    );
    return inner ? <PromptContext value={inner}>{element}</PromptContext> : element;
  };
  // Names for React DevTools and warnings; production builds drop them (see useControllableState).
  try {
    if (process.env.NODE_ENV !== 'production') Part.displayName = `AskUserPrompt.${name}`;
  } catch {}
  return (parts[name] = Part);
}

// A prompt comes from the network; whatever arrives, render an explanation instead of throwing.
function safePrompt(prompt: Prompt): Prompt {
  const p = (prompt ?? {}) as { [K in 'key' | 'kind' | 'question' | 'options']?: unknown };
  // Every parsed prompt has its options, an empty list for free text.
  const valid =
    typeof p.key === 'string' &&
    (p.kind === 'invalid' || (typeof p.question === 'string' && Array.isArray(p.options) && ['text', 'single', 'multiple'].includes(p.kind as string)));
  // Only the key is kept (React keys, drafts): the rest of a broken prompt may not be text.
  return valid
    ? prompt
    : { key: String(p.key ?? 'unknown'), runId: '', toolCallId: '', toolName: '', kind: 'invalid', reason: 'it is not a parsed prompt', payload: prompt };
}

/** Focuses a field: for the options, the chosen one or else the first. */
function focusField(root: HTMLElement | null, field: Field): void {
  const part = field === 'text' ? 'text-field' : field === 'other' ? 'other-text' : 'option-control';
  const find = (more: string) => root?.querySelector<HTMLElement>(`[data-part=${part}]:enabled${more}`);
  (find(':checked') ?? find(''))?.focus();
}

/**
 * The prompt's `<form>`: holds the draft, validates and sends the answer, and gives its parts
 * their state. Render the parts inside it for a layout of your own, or use `<AskUserPrompt>`.
 * Key it by `prompt.key` when the prompt can change.
 */
function Root({
  prompt: givenPrompt,
  run,
  onSubmit,
  value,
  defaultValue,
  onValueChange,
  allowOther = false,
  maxLength,
  labels: givenLabels,
  autoFocus,
  disabled,
  answer: givenAnswer,
  persistDraft = true,
  children,
  ref,
  ...formProps
}: AskUserPromptRootProps) {
  const prompt = safePrompt(givenPrompt);
  const { key } = prompt;
  const labels = { ...defaultLabels, ...givenLabels };
  const id = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  // Both belong to this prompt: the root is keyed by it.
  const [invalid, setInvalid] = useState<Invalid>();
  const [local, setLocal] = useState<AnswerState>();
  const focusBeforeSubmit = useRef<HTMLElement | null>(null);

  // Where the answer is: given by the app, in the run's transcript and answer state, or in our own onSubmit call.
  const entry = run?.transcript.find((e) => e.type === 'prompt' && e.prompt.key === key) as PromptEntry | undefined;
  const sent = run ? run.answerState(key) : local;
  const error = sent?.error;
  // A refusal before any request (the store's own validation) is an invalid answer, not a failure.
  const refused = error?.code === 'invalid-answer';
  // What the answer's progress makes of the prompt, unless the run closed the question (answered or
  // expired); `idle` leaves it to whether the question is still open.
  const sentState: Partial<Record<string, AskUserPromptState>> = {
    pending: 'submitting',
    success: 'answered',
    error: error?.code === 'expired' ? 'expired' : refused ? 'ready' : 'failed',
  };
  const state: AskUserPromptState =
    prompt.kind === 'invalid'
      ? 'malformed'
      : givenAnswer !== undefined
        ? 'answered'
        : entry?.state === 'answered' || entry?.state === 'expired'
          ? entry.state
          : (sentState[sent?.status!] ?? (!run || run.pending.some((p) => p.key === key) ? 'ready' : 'expired'));
  const open = interactive(state);
  const answer = givenAnswer ?? (state === 'answered' ? (entry?.answer ?? sent?.value) : undefined);
  const shown: Invalid | undefined =
    state !== 'ready'
      ? undefined
      : (invalid ?? (refused ? { message: error!.message, field: prompt.kind === 'text' ? 'text' : 'options' } : undefined));

  const message =
    prompt.kind === 'invalid'
      ? labels.malformed(prompt.reason)
      : state === 'expired'
        ? labels.expired
        : state === 'failed'
          ? error?.code === 'busy' || error?.code === 'aborted'
            ? labels[error.code]
            : labels.failed(error?.message ?? '')
          : shown?.message;

  const [draft, setDraft] = useControllableState<AnswerDraft>({
    prop: value,
    defaultProp: () => toDraft(defaultValue) ?? draftFromAnswer(prompt, defaultValue as AnswerValue | undefined),
    onChange: (next) => {
      if (persistDraft && open) storedDraft(key, next);
      setInvalid(undefined);
      onValueChange?.(next);
    },
    caller: 'AskUserPrompt',
  });

  const sendNow = () => {
    if (disabled || !open || state === 'submitting') return;
    // The value the draft gives, or why it is refused: core's `validateAnswer`, worded with `labels`.
    const other = allowOther && draft.other;
    const check = validateAnswer(prompt, answerFromDraft(prompt, { ...draft, other }), { allowOther, maxLength });
    // An empty "Other…" with labels ticked is still a mistake: the user chose it and typed nothing.
    const reason = prompt.kind !== 'text' && other && !draft.text.trim() ? 'other' : !check.ok && check.reason;
    if (reason) {
      // A new object for every refusal: focus moves to the field each time.
      setInvalid({
        message:
          reason === 'other'
            ? labels.otherRequired
            : reason === 'too-long'
              ? labels.tooLong(maxLength ?? DEFAULT_MAX_ANSWER_LENGTH)
              : reason === 'required'
                ? labels[prompt.kind === 'text' ? 'answerRequired' : prompt.kind === 'single' ? 'choiceRequired' : 'choicesRequired']
                : (check as { message: string }).message,
        // Offered labels are never too long: a choice's long answer is the "Other…" text.
        field: prompt.kind === 'text' ? 'text' : reason === 'other' || reason === 'too-long' ? 'other' : 'options',
      });
      return;
    }
    setInvalid(undefined);
    const { activeElement } = document;
    focusBeforeSubmit.current = rootRef.current?.contains(activeElement) ? (activeElement as HTMLElement) : null;
    const { value } = check as { value: AnswerValue };
    // State comes back through run.answerState; the rejection is shown there, not thrown here.
    if (run) return void run.answer(key, value, { allowOther, maxLength }).catch(() => {});
    let result: unknown;
    try {
      result = onSubmit?.(value);
    } catch (thrown) {
      result = Promise.reject(thrown);
    }
    const pending = typeof (result as PromiseLike<unknown> | undefined)?.then === 'function';
    setLocal({ status: pending ? 'pending' : 'success', value });
    if (pending) {
      // Settles with no error, or with the rejection as a RunError.
      (result as Promise<unknown>)
        // The rejection as a RunError: core's errors carry one in `.error` (`busy`, `expired`, …), an
        // aborted fetch is `aborted`; anything else keeps the app's own message.
        .then(
          () => undefined,
          (thrown: { error?: RunError; name?: unknown; message?: string } | null): RunError =>
            thrown?.error?.code
              ? thrown.error
              : { code: thrown?.name === 'AbortError' ? 'aborted' : 'network', message: thrown?.message || String(thrown) },
        )
        .then((error) => setLocal({ status: error ? 'error' : 'success', value, error }));
    }
  };
  // `submit` stays the same function and sends with the values of the latest render.
  const latestSend = useRef(sendNow);
  latestSend.current = sendNow;
  const [submit] = useState(() => () => latestSend.current());

  // A draft saved before a reload comes back once, after mount (so server and client render alike).
  useEffect(() => {
    const stored = persistDraft && open && storedDraft(key);
    if (stored) setDraft(stored);
  }, [key, persistDraft]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (autoFocus && open) focusField(rootRef.current, prompt.kind === 'text' ? 'text' : 'options');
  }, [autoFocus, prompt.kind]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (invalid && state === 'ready') focusField(rootRef.current, invalid.field);
  }, [invalid]); // eslint-disable-line react-hooks/exhaustive-deps

  // A prompt that can no longer be answered keeps no draft. Disabled controls drop focus to <body>:
  // put it back where the user was (or on the form itself).
  useEffect(() => {
    if (!open) storedDraft(key, null);
    const before = focusBeforeSubmit.current;
    const root = rootRef.current!;
    if (!before || state === 'submitting' || document.activeElement !== document.body) return;
    focusBeforeSubmit.current = null;
    (!open ? root : before.isConnected && !(before as HTMLInputElement).disabled ? before : root.querySelector<HTMLElement>('[data-part=submit]'))?.focus({
      preventScroll: !open,
    });
  }, [state, key]);

  // The live region is rendered empty first and filled after mount, so that it is announced; a
  // prompt that mounts already answered (a transcript) announces nothing until its state changes.
  const [mountedState, setMountedState] = useState<AskUserPromptState>();
  useEffect(() => setMountedState(state), []); // eslint-disable-line react-hooks/exhaustive-deps
  const announcement =
    !mountedState || (state === 'ready' ? mountedState !== 'ready' : state === mountedState)
      ? ''
      : state === 'ready'
        ? labels.newQuestion(prompt.question ?? '')
        : state === 'submitting'
          ? labels.sending
          : state === 'answered'
            ? labels.sent
            : message!;

  // Our ref and the app's on the one form.
  useImperativeHandle(ref, () => rootRef.current!, []);

  const context: PromptContextValue = {
    prompt,
    state,
    draft,
    setDraft,
    submit,
    labels,
    allowOther: allowOther && prompt.kind !== 'text' && open,
    disabled: disabled || state === 'submitting',
    invalid: shown,
    message,
    answer,
    announcement,
    id,
  };
  return (
    <PromptContext value={context}>
      {/* Not named: a named <form> is a landmark, and a chat that asks the same question twice
          would have two landmarks of one name. The legend or the textarea's label names the question. */}
      <form
        tabIndex={open ? undefined : -1}
        {...formProps}
        {...common('root', context)}
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
    </PromptContext>
  );
}
try {
  if (process.env.NODE_ENV !== 'production') Root.displayName = 'AskUserPrompt.Root';
} catch {}

export type AskUserPromptQuestionProps = ComponentPropsWithRef<'legend'> & ComponentPropsWithRef<'label'>;

/**
 * The question: a `<legend>` inside `.Options`, the `<label>` of `.TextField` for free text, and a
 * `<p>` once the prompt is no longer answerable. Renders nothing if the payload had no question.
 */
const Question = part<AskUserPromptQuestionProps>('Question', 'p', (c, props) => {
  const label = !c.legend && c.prompt.kind === 'text' && interactive(c.state);
  return (
    (c.prompt.question || props.children !== undefined) && {
      as: c.legend ? 'legend' : label ? 'label' : undefined,
      htmlFor: label ? `${c.id}-f` : undefined,
      children: c.prompt.question,
    }
  );
});

export type AskUserPromptDescriptionProps = ComponentPropsWithRef<'p'>;

/** The hint under the question ("Choose one.", …); for a multiple choice it includes `.Count`. */
const Description = part<AskUserPromptDescriptionProps>('Description', 'p', ({ prompt, state, labels, id }) =>
  // Only a valid prompt is ever interactive.
  interactive(state) && {
    id: `${id}-d`,
    children:
      prompt.kind === 'multiple' ? (
        <>
          {labels.multipleHint} <Count />
        </>
      ) : (
        labels[`${prompt.kind as PromptKind}Hint`]
      ),
  },
);

export type AskUserPromptCountProps = ComponentPropsWithRef<'span'>;

/** How many options are chosen (multiple choice), e.g. "2 chosen". */
const Count = part<AskUserPromptCountProps>('Count', 'span', (c) => {
  if (c.prompt.kind !== 'multiple') return null;
  // The labels offered and chosen, and the "Other…" text once there is some: what would be sent.
  const count = answerFromDraft(c.prompt, { ...c.draft, other: c.allowOther && c.draft.other && !!c.draft.text.trim() })!.length;
  return { 'data-count': count, children: c.labels.chosenCount(count) };
});

export type AskUserPromptOptionsProps = ComponentPropsWithRef<'fieldset'>;

/**
 * The `<fieldset>` of a choice prompt. Without children it renders the question as its legend,
 * the description, every option and, with `allowOther`, the "Other…" choice.
 */
const Options = part<AskUserPromptOptionsProps>('Options', 'fieldset', (c, props) => {
  return (
    interactive(c.state) &&
    (c.prompt.kind === 'single' || c.prompt.kind === 'multiple') && {
      control: [`${c.id}-d`, c.invalid && c.invalid.field !== 'other' && `${c.id}-e`],
      context: { ...c, legend: true },
      children: (
        <>
          <Question />
          <Description />
          {c.prompt.options.map((option) => (
            <Option key={option.label} value={option.label} />
          ))}
          <Other />
          <OtherText />
        </>
      ),
    }
  );
});

export interface AskUserPromptOptionProps extends ComponentPropsWithRef<'label'> {
  /** The option's label, as offered in the prompt. */
  value: string;
}

/** What `.Option` and `.Other` render: a `<label>` that gives the parts inside it their option. */
function useOption(c: PromptContextValue, value: string, other: boolean): Own {
  const id = useId();
  const checked = other ? c.draft.other : c.draft.selected.includes(value);
  // A malformed prompt has no options (a custom layout may still render an option in it).
  const description = other ? undefined : (c.prompt as { options?: PromptOption[] }).options?.find((o) => o.label === value)?.description;
  return {
    // The option's label, not an attribute of the <label>.
    value: undefined,
    'data-state': checked ? 'checked' : 'unchecked',
    context: { ...c, option: { value, other, checked, id, description } },
    children: (
      <>
        <OptionControl />
        <OptionLabel />
        <OptionDescription />
      </>
    ),
  };
}

/** One offered choice: a `<label>` around `.OptionControl`, `.OptionLabel` and `.OptionDescription`. */
const Option = part<AskUserPromptOptionProps>('Option', 'label', (c, props) => useOption(c, props.value, false));

export type AskUserPromptOtherProps = ComponentPropsWithRef<'label'>;

/** The "Other…" choice (with `allowOther`): a `<label>` around its radio or checkbox. Pair it with `.OtherText`. */
const Other = part<AskUserPromptOtherProps>('Other', 'label', (c) => {
  const own = useOption(c, '', true);
  return c.allowOther && own;
});

export type AskUserPromptOptionControlProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'value' | 'checked'>;

/** The native radio (single choice) or checkbox (multiple choice) of an option. */
const OptionControl = part<AskUserPromptOptionControlProps>(
  'OptionControl',
  'input',
  (c, props) => {
    const { value, other, checked, id, description } = c.option!;
    const single = c.prompt.kind === 'single';
    return {
      'data-state': checked ? 'checked' : 'unchecked',
      type: single ? 'radio' : 'checkbox',
      name: props.name ?? `${c.id}-c`,
      value: other ? 'other' : value,
      checked,
      control: [description && `${id}-d`],
      'aria-labelledby': props['aria-labelledby'] ?? `${id}-l`,
      'aria-invalid': c.invalid?.field === 'options' || undefined,
      onChange: composeEventHandlers(props.onChange, (event: ChangeEvent<HTMLInputElement>) => {
        const on = event.currentTarget.checked;
        c.setDraft((draft) => {
          // A radio only ever turns on (its change event is its choice): it replaces the choice.
          if (single) return { ...draft, selected: other ? [] : [value], other };
          if (other) return { ...draft, other: on };
          const rest = draft.selected.filter((label) => label !== value);
          return { ...draft, selected: on ? [...rest, value] : rest };
        });
      }),
    };
  },
);

export type AskUserPromptOptionLabelProps = ComponentPropsWithRef<'span'>;

/** The option's label text (or "Other…"). Always rendered as text. */
const OptionLabel = part<AskUserPromptOptionLabelProps>(
  'OptionLabel',
  'span',
  (c) => ({ id: `${c.option!.id}-l`, children: c.option!.other ? c.labels.other : c.option!.value }),
);

export type AskUserPromptOptionDescriptionProps = ComponentPropsWithRef<'span'>;

/** The option's description, tied to its control with `aria-describedby`. Nothing when there is none. */
const OptionDescription = part<AskUserPromptOptionDescriptionProps>(
  'OptionDescription',
  'span',
  (c, props) =>
    (c.option!.description || props.children !== undefined) && { id: `${c.option!.id}-d`, children: c.option!.description },
);

export type AskUserPromptOtherTextProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'value'>;

/** The text field of the "Other…" choice; typing in it chooses "Other…". */
const OtherText = part<AskUserPromptOtherTextProps>('OtherText', 'input', (c, props) => {
  const wrong = c.invalid?.field === 'other';
  return (
    c.allowOther && {
      defaults: { autoComplete: 'off' },
      'data-state': c.draft.other ? 'checked' : 'unchecked',
      type: 'text',
      value: c.draft.text,
      control: [wrong && `${c.id}-e`],
      'aria-label': props['aria-label'] ?? c.labels.otherText,
      'aria-invalid': wrong || undefined,
      onChange: composeEventHandlers(props.onChange, (event: ChangeEvent<HTMLInputElement>) => {
        const text = event.currentTarget.value;
        c.setDraft((d) => ({ ...d, text, other: !!text || d.other, selected: text && c.prompt.kind === 'single' ? [] : d.selected }));
      }),
    }
  );
});

export type AskUserPromptTextFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'value' | 'defaultValue'>;

/** The `<textarea>` of a free-text prompt. Enter sends; Shift+Enter adds a line. */
const TextField = part<AskUserPromptTextFieldProps>('TextField', 'textarea', (c, props) => {
  return (
    c.prompt.kind === 'text' &&
    interactive(c.state) && {
      defaults: { rows: 3 },
      id: `${c.id}-f`,
      value: c.draft.text,
      control: [`${c.id}-d`, c.invalid && `${c.id}-e`],
      'aria-invalid': !!c.invalid || undefined,
      onChange: composeEventHandlers(props.onChange, (event: ChangeEvent<HTMLTextAreaElement>) => {
        const text = event.currentTarget.value;
        c.setDraft((d) => ({ ...d, text }));
      }),
      onKeyDown: composeEventHandlers(props.onKeyDown, (event: KeyboardEvent<HTMLTextAreaElement>) => {
        // keyCode 229: Enter that confirms an IME composition (Safari reports isComposing false).
        const composing = event.nativeEvent.isComposing || event.keyCode === 229;
        if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || composing) return;
        event.preventDefault();
        c.submit();
      }),
    }
  );
});

export type AskUserPromptErrorProps = ComponentPropsWithRef<'p'>;

/**
 * What went wrong, for the user: a refused answer, the server's message after a failed send, an
 * expired question, or what is wrong with a malformed payload. Nothing when all is well.
 */
const ErrorMessage = part<AskUserPromptErrorProps>(
  'Error',
  'p',
  (c, props) => (c.message || props.children !== undefined) && { id: `${c.id}-e`, children: c.message },
);

export type AskUserPromptSubmitProps = ComponentPropsWithRef<'button'>;

/** The submit `<button>`: "Send", "Sending…" while submitting, "Retry" after a failure. */
const Submit = part<AskUserPromptSubmitProps>(
  'Submit',
  'button',
  (c) =>
    interactive(c.state) && {
      defaults: { type: 'submit' },
      control: [c.state === 'failed' && `${c.id}-e`],
      children: c.labels[c.state === 'submitting' ? 'submitting' : c.state === 'failed' ? 'retry' : 'submit'],
    },
);

export type AskUserPromptAnswerProps = ComponentPropsWithRef<'p'>;

/** The answer, read-only, once the prompt is answered (choices joined with ", "). */
const Answer = part<AskUserPromptAnswerProps>(
  'Answer',
  'p',
  (c, props) =>
    c.state === 'answered' && (c.answer !== undefined || props.children !== undefined) && { children: [c.answer].flat().join(', ') },
);

export type AskUserPromptStatusProps = ComponentPropsWithRef<'div'>;

/**
 * A polite live region (visually hidden by default) that announces a new question and what
 * happens to the answer. Keep it in custom layouts: it is how screen reader users hear of the question.
 */
const Status = part<AskUserPromptStatusProps>('Status', 'div', (c) => ({
  defaults: { role: 'status', style: visuallyHidden },
  children: c.announcement,
}));

/** Every part that applies: the others render nothing in the prompt's state. */
function DefaultLayout() {
  // Always inside the Root that AskUserPrompt renders.
  const c = useContext(PromptContext)!;
  const text = c.prompt.kind === 'text';
  return (
    <>
      {/* A choice's question is the legend of its options. */}
      {(text || !interactive(c.state)) && <Question />}
      {text && <Description />}
      <TextField />
      <Options />
      <Answer />
      <ErrorMessage />
      <Submit />
      <Status />
    </>
  );
}

/**
 * Renders an `ask_user` question as a native form: free text, single or multiple choice, with
 * validation, submitting / failed / answered / expired states and an accessible announcement.
 * Give it children (its parts) for a layout of your own.
 * @example
 * const run = useAgentRun({ agentId: 'planner', baseUrl: '' });
 * run.pending.map((prompt) => <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />)
 * @example
 * <AskUserPrompt prompt={prompt} onSubmit={(value) => resumeMyself(prompt, value)} allowOther />
 */
function AskUserPromptBase({ children, ...props }: AskUserPromptProps) {
  return (
    <Root key={(props.prompt as Prompt | undefined)?.key} {...props}>
      {children ?? <DefaultLayout />}
    </Root>
  );
}
try {
  if (process.env.NODE_ENV !== 'production') AskUserPromptBase.displayName = 'AskUserPrompt';
} catch {}

// The parts are those `part()` made, typed here one by one.
export const AskUserPrompt = Object.assign(AskUserPromptBase, { Root }, parts as {
  Question: typeof Question;
  Description: typeof Description;
  Count: typeof Count;
  Options: typeof Options;
  Option: typeof Option;
  OptionControl: typeof OptionControl;
  OptionLabel: typeof OptionLabel;
  OptionDescription: typeof OptionDescription;
  Other: typeof Other;
  OtherText: typeof OtherText;
  TextField: typeof TextField;
  Error: typeof ErrorMessage;
  Submit: typeof Submit;
  Answer: typeof Answer;
  Status: typeof Status;
});
