'use client';
import {
  DEFAULT_MAX_ANSWER_LENGTH,
  validateAnswer,
  type AnswerOptions,
  type AnswerValue,
  type Prompt,
  type RunError,
  type TranscriptEntry,
} from '@ask-user-kit/core';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentPropsWithRef,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  answerFromDraft,
  clearDraft,
  draftFromAnswer,
  emptyDraft,
  loadDraft,
  saveDraft,
  toDraft,
  type AnswerDraft,
} from './draft.ts';
import { defaultLabels, type AskUserLabels } from './labels.ts';
import { composeEventHandlers, useComposedRefs, visuallyHidden } from './internal/primitive.ts';
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
type Invalid = { message: string; field: Field; attempt: number };
/** What `submit` reads when it runs: the render's values, not those of the render that created it. */
type Latest = Pick<AskUserPromptRootProps, 'maxLength' | 'run' | 'onSubmit'> & {
  draft: AnswerDraft;
  state: AskUserPromptState;
  prompt: Prompt;
  labels: AskUserLabels;
  allowOther: boolean;
  disabled: boolean;
};
type LocalAnswer = { key: string; status: AnswerState['status']; error?: RunError; value?: AnswerValue };

interface PromptContextValue {
  prompt: Prompt;
  state: AskUserPromptState;
  draft: AnswerDraft;
  setDraft: (update: (draft: AnswerDraft) => AnswerDraft) => void;
  submit: () => void;
  labels: AskUserLabels;
  allowOther: boolean;
  /** Controls are disabled (submitting, or `disabled`). */
  disabled: boolean;
  invalid: Invalid | undefined;
  /** The message `.Error` shows, if any. */
  message: string | undefined;
  answer: AnswerValue | undefined;
  announcement: string;
  ids: { question: string; description: string; error: string; field: string; choice: string };
}

const PromptContext = createContext<PromptContextValue | null>(null);
const InFieldsetContext = createContext(false);

function usePromptContext(part: string): PromptContextValue {
  const context = useContext(PromptContext);
  if (!context) throw new Error(`<AskUserPrompt.${part}> must be inside <AskUserPrompt> or <AskUserPrompt.Root>.`);
  return context;
}

/** A part of the prompt: reads the prompt's context (throwing a clear error outside one) and names itself `AskUserPrompt.<name>`. */
function part<P>(name: string, render: (props: P, context: PromptContextValue) => ReactNode) {
  const Part = (props: P) => render(props, usePromptContext(name));
  Part.displayName = `AskUserPrompt.${name}`;
  return Part;
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
  return usePromptContext('useAskUserPrompt');
}

const interactive = (state: AskUserPromptState) => state === 'ready' || state === 'submitting' || state === 'failed';
const flag = (on: boolean | undefined) => (on ? '' : undefined);

// A prompt comes from the network; whatever arrives, render an explanation instead of throwing.
function safePrompt(prompt: Prompt): Prompt {
  const p = (prompt ?? {}) as { [K in 'key' | 'kind' | 'question' | 'options']?: unknown };
  const valid =
    typeof p.key === 'string' &&
    (p.kind === 'invalid' ||
      (typeof p.question === 'string' && (p.kind === 'text' || ((p.kind === 'single' || p.kind === 'multiple') && Array.isArray(p.options)))));
  if (valid) return prompt;
  // Only the key is kept (React keys, drafts): the rest of a broken prompt may not be text.
  return {
    key: String(p.key ?? 'unknown'),
    runId: '',
    toolCallId: '',
    toolName: '',
    kind: 'invalid',
    reason: 'the prompt given to <AskUserPrompt> is not a parsed prompt',
    payload: prompt,
  };
}

/**
 * A rejection as a RunError: core's errors carry one in `.error` (`busy`, `aborted`, `expired`, …),
 * an aborted fetch is `aborted`; anything else is a network failure.
 */
function toRunError(thrown: unknown): RunError {
  const inner = (thrown as { error?: Partial<RunError> } | null)?.error;
  const code = inner?.code ?? ((thrown as Error | null)?.name === 'AbortError' ? 'aborted' : 'network');
  const message = inner?.message ?? (thrown as Error | null)?.message ?? String(thrown);
  return { ...inner, code, message: message || 'Something went wrong.' };
}

type DraftCheck = { ok: true; value: AnswerValue } | { ok: false; message: string; field: Field };

/** Checks a draft with core's `validateAnswer`, worded with `labels` where they have a message. */
function checkDraft(
  prompt: Prompt,
  draft: AnswerDraft,
  allowOther: boolean,
  maxLength: number | undefined,
  labels: AskUserLabels,
): DraftCheck {
  const text = prompt.kind === 'text';
  const other = allowOther && draft.other;
  // An empty "Other…" with labels ticked is still a mistake: the user chose it and typed nothing.
  if (!text && other && !draft.text.trim()) return { ok: false, message: labels.otherRequired, field: 'other' };
  const checked = validateAnswer(prompt, answerFromDraft(prompt, { ...draft, other }), { allowOther, maxLength });
  if (checked.ok) return checked;
  const { reason } = checked;
  const message =
    reason === 'too-long'
      ? labels.tooLong(maxLength ?? DEFAULT_MAX_ANSWER_LENGTH)
      : reason !== 'required'
        ? checked.message
        : text
          ? labels.answerRequired
          : prompt.kind === 'single'
            ? labels.choiceRequired
            : labels.choicesRequired;
  // Offered labels are never too long: a choice's long answer is the "Other…" text.
  return { ok: false, message, field: text ? 'text' : reason === 'too-long' ? 'other' : 'options' };
}

function focusField(root: HTMLElement | null, field: Field): void {
  if (!root) return;
  const find = (selector: string) => root.querySelector<HTMLElement>(selector);
  const target =
    field === 'text'
      ? find('[data-part="text-field"]')
      : field === 'other'
        ? find('[data-part="other-text"]')
        : (find('input[data-part="option-control"]:checked:not(:disabled)') ??
          find('input[data-part="option-control"]:not(:disabled)'));
  target?.focus();
}

const formatAnswer = (answer: AnswerValue) => (Array.isArray(answer) ? answer.join(', ') : answer);

/** The state an answer's progress gives its prompt (`open`: the question still waits for an answer). */
function stateOf(answer: Pick<AnswerState, 'status' | 'error'> | undefined, open: boolean): AskUserPromptState {
  switch (answer?.status) {
    case 'pending':
      return 'submitting';
    case 'success':
      return 'answered';
    case 'error':
      return answer.error?.code === 'expired' ? 'expired' : 'failed';
    default:
      return open ? 'ready' : 'expired';
  }
}

function deriveFromRun(run: AskUserPromptRun, prompt: Prompt, lastSent: AnswerValue | undefined) {
  const entry = run.transcript.find((e) => e.type === 'prompt' && e.prompt.key === prompt.key);
  if (entry?.type === 'prompt' && entry.state === 'answered') {
    return { state: 'answered' as const, answer: entry.answer ?? lastSent };
  }
  if (entry?.type === 'prompt' && entry.state === 'expired') return { state: 'expired' as const, error: entry.error };
  const answer = run.answerState(prompt.key);
  const state = stateOf(answer, run.pending.some((p) => p.key === prompt.key));
  return { state, error: answer.error, answer: state === 'answered' ? (answer.value ?? lastSent) : undefined };
}

/**
 * The prompt's `<form>`: holds the draft, validates and sends the answer, and gives its parts
 * their state. Render the parts inside it for a layout of your own, or use `<AskUserPrompt>`.
 * Key it by `prompt.key` when the prompt can change.
 */
function Root(props: AskUserPromptRootProps) {
  const {
    prompt: givenPrompt,
    run,
    onSubmit,
    value,
    defaultValue,
    onValueChange,
    allowOther = false,
    maxLength,
    labels: givenLabels,
    autoFocus = false,
    disabled = false,
    answer: givenAnswer,
    persistDraft = true,
    children,
    ref,
    onSubmitCapture,
    ...formProps
  } = props;
  const prompt = safePrompt(givenPrompt);
  const labels = useMemo(() => ({ ...defaultLabels, ...givenLabels }), [givenLabels]);
  const rootRef = useRef<HTMLFormElement>(null);
  const composedRef = useComposedRefs(ref, rootRef);
  const id = useId();
  const ids = useMemo(
    () => ({
      question: `${id}-question`,
      description: `${id}-description`,
      error: `${id}-error`,
      field: `${id}-field`,
      choice: `${id}-choice`,
    }),
    [id],
  );

  const [draft, setDraftState] = useControllableState<AnswerDraft>({
    prop: value,
    defaultProp: () =>
      toDraft(defaultValue) ??
      (typeof defaultValue === 'string' || Array.isArray(defaultValue)
        ? draftFromAnswer(prompt, defaultValue)
        : emptyDraft),
    onChange: onValueChange,
    caller: 'AskUserPrompt',
  });
  const [invalid, setInvalid] = useState<Invalid & { key: string }>();
  const [local, setLocal] = useState<LocalAnswer>();
  const lastSent = useRef<AnswerValue>(undefined);

  let state: AskUserPromptState;
  let error: RunError | undefined;
  let answer: AnswerValue | undefined;
  if (prompt.kind === 'invalid') {
    state = 'malformed';
  } else if (givenAnswer !== undefined) {
    state = 'answered';
    answer = givenAnswer;
  } else if (run) {
    ({ state, error, answer } = deriveFromRun(run, prompt, lastSent.current));
  } else {
    const mine = local?.key === prompt.key ? local : undefined;
    state = stateOf(mine, true);
    error = mine?.error;
    answer = mine?.value;
  }
  // A refusal before any request (the store's own validation) is an invalid answer, not a failure.
  const refused = state === 'failed' && error?.code === 'invalid-answer' ? error.message : undefined;
  if (refused) state = 'ready';
  const currentInvalid: Invalid | undefined =
    state === 'ready'
      ? invalid?.key === prompt.key
        ? invalid
        : refused
          ? { message: refused, field: prompt.kind === 'text' ? 'text' : 'options', attempt: 0 }
          : undefined
      : undefined;

  const message =
    state === 'malformed'
      ? labels.malformed(prompt.kind === 'invalid' ? prompt.reason : '')
      : state === 'expired'
        ? labels.expired
        : state === 'failed'
          ? error?.code === 'busy' || error?.code === 'aborted'
            ? labels[error.code]
            : labels.failed(error?.message ?? '')
          : currentInvalid?.message;

  const latest = useRef<Latest>(null!);
  latest.current = { draft, state, prompt, labels, allowOther, maxLength, run, onSubmit, disabled };

  const setDraft = useCallback(
    (update: (draft: AnswerDraft) => AnswerDraft) => {
      setDraftState((previous) => {
        const next = update(previous);
        if (persistDraft && interactive(latest.current.state)) saveDraft(latest.current.prompt.key, next);
        return next;
      });
      setInvalid(undefined);
    },
    [setDraftState, persistDraft],
  );

  const focusBeforeSubmit = useRef<HTMLElement | null>(null);

  const submit = useCallback(() => {
    const { draft, state, prompt, labels, allowOther, maxLength, run, onSubmit, disabled } = latest.current;
    if (disabled || (state !== 'ready' && state !== 'failed')) return;
    const check = checkDraft(prompt, draft, allowOther, maxLength, labels);
    if (!check.ok) {
      setInvalid((previous) => ({
        key: prompt.key,
        message: check.message,
        field: check.field,
        attempt: (previous?.attempt ?? 0) + 1,
      }));
      return;
    }
    setInvalid(undefined);
    const active = typeof document === 'undefined' ? null : document.activeElement;
    focusBeforeSubmit.current =
      active instanceof HTMLElement && rootRef.current?.contains(active) ? active : null;
    lastSent.current = check.value;
    const key = prompt.key;
    if (run) {
      // State comes back through run.answerState; the rejection is shown there, not thrown here.
      run.answer(key, check.value, { allowOther, ...(maxLength ? { maxLength } : {}) }).catch(() => {});
      return;
    }
    let result: Promise<unknown> | void;
    try {
      result = onSubmit?.(check.value);
    } catch (thrown) {
      setLocal({ key, status: 'error', error: toRunError(thrown) });
      return;
    }
    if (!result || typeof (result as Promise<unknown>).then !== 'function') {
      setLocal({ key, status: 'success', value: check.value });
      return;
    }
    setLocal({ key, status: 'pending', value: check.value });
    (result as Promise<unknown>).then(
      () => setLocal((l) => (l?.key === key ? { key, status: 'success', value: check.value } : l)),
      (thrown: unknown) =>
        setLocal((l) => (l?.key === key ? { key, status: 'error', error: toRunError(thrown), value: check.value } : l)),
    );
  }, []);

  // A draft saved before a reload comes back once, after mount (so server and client render alike).
  useEffect(() => {
    if (!persistDraft || !interactive(latest.current.state)) return;
    const stored = loadDraft(prompt.key);
    if (stored) setDraftState(stored);
  }, [prompt.key, persistDraft, setDraftState]);

  useEffect(() => {
    if (state === 'answered' || state === 'expired' || state === 'malformed') clearDraft(prompt.key);
  }, [state, prompt.key]);

  useEffect(() => {
    if (autoFocus && interactive(latest.current.state)) {
      focusField(rootRef.current, prompt.kind === 'text' ? 'text' : 'options');
    }
  }, [autoFocus, prompt.kind]);

  useEffect(() => {
    if (currentInvalid && currentInvalid.attempt > 0) focusField(rootRef.current, currentInvalid.field);
  }, [currentInvalid?.attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  // Disabled controls drop focus to <body>: put it back where the user was (or on the form itself).
  useEffect(() => {
    const root = rootRef.current;
    if (!root || typeof document === 'undefined') return;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!lost || !focusBeforeSubmit.current) return;
    if (state === 'failed' || state === 'ready') {
      const before = focusBeforeSubmit.current;
      if (before.isConnected && !(before as HTMLInputElement).disabled) before.focus();
      else root.querySelector<HTMLElement>('[data-part="submit"]')?.focus();
      focusBeforeSubmit.current = null;
    } else if (state === 'answered' || state === 'expired') {
      root.focus({ preventScroll: true });
      focusBeforeSubmit.current = null;
    }
  }, [state]);

  // The live region is rendered empty first and filled after mount, so that it is announced; a
  // prompt that mounts already answered (a transcript) announces nothing until its state changes.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const mountedState = useRef(state);
  let announcement = '';
  if (mounted) {
    if (state === 'ready') {
      if (mountedState.current === 'ready') announcement = labels.newQuestion(prompt.question ?? '');
    } else if (state !== mountedState.current) {
      announcement = state === 'submitting' ? labels.sending : state === 'answered' ? labels.sent : (message ?? '');
    }
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const context: PromptContextValue = {
    prompt,
    state,
    draft,
    setDraft,
    submit,
    labels,
    allowOther: allowOther && prompt.kind !== 'text',
    disabled: disabled || state === 'submitting',
    invalid: currentInvalid,
    message,
    answer,
    announcement,
    ids,
  };
  return (
    <PromptContext.Provider value={context}>
      {/* Not named: a named <form> is a landmark, and a chat that asks the same question twice
          would have two landmarks of one name. The legend or the textarea's label names the question. */}
      <form
        {...formProps}
        ref={composedRef}
        noValidate
        aria-busy={state === 'submitting' || undefined}
        tabIndex={formProps.tabIndex ?? (state === 'answered' || state === 'expired' ? -1 : undefined)}
        data-scope="ask-user"
        data-part="root"
        data-kind={prompt.kind}
        data-state={state}
        data-disabled={flag(context.disabled)}
        data-invalid={flag(Boolean(currentInvalid))}
        onSubmitCapture={onSubmitCapture}
        onSubmit={handleSubmit}
      >
        {children}
      </form>
    </PromptContext.Provider>
  );
}
Root.displayName = 'AskUserPrompt.Root';

function common(part: string, context: PromptContextValue) {
  return {
    'data-scope': 'ask-user',
    'data-part': part,
    'data-kind': context.prompt.kind,
    'data-state': context.state,
    'data-disabled': flag(context.disabled),
    'data-invalid': flag(Boolean(context.invalid)),
  } as const;
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

export type AskUserPromptQuestionProps = ComponentPropsWithRef<'legend'> & ComponentPropsWithRef<'label'>;

/**
 * The question: a `<legend>` inside `.Options`, the `<label>` of `.TextField` for free text, and a
 * `<p>` once the prompt is no longer answerable. Renders nothing if the payload had no question.
 */
const Question = part<AskUserPromptQuestionProps>('Question', ({ children, ...props }, context) => {
  const inFieldset = useContext(InFieldsetContext);
  const { prompt, state, ids } = context;
  const question = prompt.question;
  if (!question && children === undefined) return null;
  const shared = { ...common('question', context), id: ids.question, children: children ?? question };
  if (inFieldset) return <legend {...(props as ComponentPropsWithRef<'legend'>)} {...shared} />;
  if (prompt.kind === 'text' && interactive(state)) {
    return <label {...(props as ComponentPropsWithRef<'label'>)} {...shared} htmlFor={ids.field} />;
  }
  return <p {...(props as ComponentPropsWithRef<'p'>)} {...shared} />;
});

export type AskUserPromptDescriptionProps = ComponentPropsWithRef<'p'>;

/** The hint under the question ("Choose one.", …); for a multiple choice it includes `.Count`. */
const Description = part<AskUserPromptDescriptionProps>('Description', ({ children, ...props }, context) => {
  const { prompt, state, labels, ids } = context;
  if (!interactive(state) || prompt.kind === 'invalid') return null;
  const hint = prompt.kind === 'text' ? labels.textHint : prompt.kind === 'single' ? labels.singleHint : labels.multipleHint;
  return (
    <p {...props} {...common('description', context)} id={ids.description}>
      {children ?? (
        <>
          {hint}
          {prompt.kind === 'multiple' ? (
            <>
              {' '}
              <Count />
            </>
          ) : null}
        </>
      )}
    </p>
  );
});

export type AskUserPromptCountProps = ComponentPropsWithRef<'span'>;

/** How many options are chosen (multiple choice), e.g. "2 chosen". */
const Count = part<AskUserPromptCountProps>('Count', ({ children, ...props }, context) => {
  const { prompt, draft, labels, allowOther } = context;
  if (prompt.kind !== 'multiple') return null;
  const offered = prompt.options.filter((o) => draft.selected.includes(o.label)).length;
  const count = offered + (allowOther && draft.other && draft.text.trim() ? 1 : 0);
  return (
    <span {...props} {...common('count', context)} data-count={count}>
      {children ?? labels.chosenCount(count)}
    </span>
  );
});

export type AskUserPromptOptionsProps = ComponentPropsWithRef<'fieldset'>;

/**
 * The `<fieldset>` of a choice prompt. Without children it renders the question as its legend,
 * the description, every option and, with `allowOther`, the "Other…" choice.
 */
const Options = part<AskUserPromptOptionsProps>('Options', ({ children, ...props }, context) => {
  const { prompt, state, disabled, allowOther, ids, invalid } = context;
  if (!interactive(state) || (prompt.kind !== 'single' && prompt.kind !== 'multiple')) return null;
  return (
    <InFieldsetContext.Provider value={true}>
      <fieldset
        {...props}
        {...common('options', context)}
        disabled={disabled || props.disabled}
        aria-describedby={describedBy(props['aria-describedby'], ids.description, invalid && invalid.field !== 'other' && ids.error)}
      >
        {children ?? (
          <>
            <Question />
            <Description />
            {prompt.options.map((option) => (
              <Option key={option.label} value={option.label} />
            ))}
            {allowOther ? (
              <>
                <Other />
                <OtherText />
              </>
            ) : null}
          </>
        )}
      </fieldset>
    </InFieldsetContext.Provider>
  );
});

interface OptionContextValue {
  value: string;
  other: boolean;
  checked: boolean;
  labelId: string;
  descriptionId: string;
  description: string | undefined;
}
const OptionContext = createContext<OptionContextValue | null>(null);

function useOptionContext(part: string): OptionContextValue {
  const context = useContext(OptionContext);
  if (!context) throw new Error(`<AskUserPrompt.${part}> must be inside <AskUserPrompt.Option> or <AskUserPrompt.Other>.`);
  return context;
}

export interface AskUserPromptOptionProps extends ComponentPropsWithRef<'label'> {
  /** The option's label, as offered in the prompt. */
  value: string;
}

function OptionFrame({
  context,
  part,
  optionValue,
  other,
  children,
  ...props
}: ComponentPropsWithRef<'label'> & { context: PromptContextValue; part: 'option' | 'other'; optionValue: string; other: boolean }) {
  const { prompt, draft } = context;
  const id = useId();
  const description =
    prompt.kind === 'invalid' ? undefined : prompt.options.find((o) => o.label === optionValue)?.description;
  const checked = other ? draft.other : draft.selected.includes(optionValue);
  const option: OptionContextValue = {
    value: optionValue,
    other,
    checked,
    labelId: `${id}-label`,
    descriptionId: `${id}-description`,
    description: other ? undefined : description,
  };
  return (
    <OptionContext.Provider value={option}>
      <label {...props} {...common(part, context)} data-state={checked ? 'checked' : 'unchecked'}>
        {children ?? (
          <>
            <OptionControl />
            <OptionLabel />
            <OptionDescription />
          </>
        )}
      </label>
    </OptionContext.Provider>
  );
}

/** One offered choice: a `<label>` around `.OptionControl`, `.OptionLabel` and `.OptionDescription`. */
const Option = part<AskUserPromptOptionProps>('Option', ({ value, ...props }, context) => (
  <OptionFrame {...props} context={context} part="option" optionValue={value} other={false} />
));

export type AskUserPromptOtherProps = ComponentPropsWithRef<'label'>;

/** The "Other…" choice (with `allowOther`): a `<label>` around its radio or checkbox. Pair it with `.OtherText`. */
const Other = part<AskUserPromptOtherProps>('Other', (props, context) => {
  if (!context.allowOther || !interactive(context.state)) return null;
  return <OptionFrame {...props} context={context} part="other" optionValue="" other />;
});

export type AskUserPromptOptionControlProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'value' | 'checked'>;

/** The native radio (single choice) or checkbox (multiple choice) of an option. */
const OptionControl = part<AskUserPromptOptionControlProps>('OptionControl', (props, context) => {
  const option = useOptionContext('OptionControl');
  const { prompt, setDraft, disabled, ids, invalid } = context;
  const single = prompt.kind === 'single';
  const onChange = composeEventHandlers(props.onChange, (event: ChangeEvent<HTMLInputElement>) => {
    const on = event.currentTarget.checked;
    setDraft((draft) => {
      if (single) {
        if (!on) return draft;
        return option.other ? { ...draft, selected: [], other: true } : { ...draft, selected: [option.value], other: false };
      }
      if (option.other) return { ...draft, other: on };
      const rest = draft.selected.filter((label) => label !== option.value);
      return { ...draft, selected: on ? [...rest, option.value] : rest };
    });
  });
  return (
    <input
      {...props}
      {...common('option-control', context)}
      data-state={option.checked ? 'checked' : 'unchecked'}
      type={single ? 'radio' : 'checkbox'}
      name={props.name ?? ids.choice}
      value={option.other ? 'other' : option.value}
      checked={option.checked}
      disabled={disabled || props.disabled}
      aria-labelledby={props['aria-labelledby'] ?? option.labelId}
      aria-describedby={describedBy(props['aria-describedby'], option.description && option.descriptionId)}
      aria-invalid={invalid && invalid.field === 'options' ? true : undefined}
      onChange={onChange}
    />
  );
});

export type AskUserPromptOptionLabelProps = ComponentPropsWithRef<'span'>;

/** The option's label text (or "Other…"). Always rendered as text. */
const OptionLabel = part<AskUserPromptOptionLabelProps>('OptionLabel', ({ children, ...props }, context) => {
  const option = useOptionContext('OptionLabel');
  return (
    <span {...props} {...common('option-label', context)} id={option.labelId}>
      {children ?? (option.other ? context.labels.other : option.value)}
    </span>
  );
});

export type AskUserPromptOptionDescriptionProps = ComponentPropsWithRef<'span'>;

/** The option's description, tied to its control with `aria-describedby`. Nothing when there is none. */
const OptionDescription = part<AskUserPromptOptionDescriptionProps>('OptionDescription', ({ children, ...props }, context) => {
  const option = useOptionContext('OptionDescription');
  if (!option.description && children === undefined) return null;
  return (
    <span {...props} {...common('option-description', context)} id={option.descriptionId}>
      {children ?? option.description}
    </span>
  );
});

export type AskUserPromptOtherTextProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'value'>;

/** The text field of the "Other…" choice; typing in it chooses "Other…". */
const OtherText = part<AskUserPromptOtherTextProps>('OtherText', (props, context) => {
  const { draft, setDraft, disabled, labels, ids, invalid, allowOther, state } = context;
  if (!allowOther || !interactive(state)) return null;
  const onChange = composeEventHandlers(props.onChange, (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    setDraft((d) => ({ ...d, text, other: text ? true : d.other, selected: text && context.prompt.kind === 'single' ? [] : d.selected }));
  });
  const wrong = invalid?.field === 'other';
  return (
    <input
      autoComplete="off"
      {...props}
      {...common('other-text', context)}
      data-state={draft.other ? 'checked' : 'unchecked'}
      type="text"
      value={draft.text}
      disabled={disabled || props.disabled}
      aria-label={props['aria-label'] ?? labels.otherText}
      aria-invalid={wrong || undefined}
      aria-describedby={describedBy(props['aria-describedby'], wrong && ids.error)}
      onChange={onChange}
    />
  );
});

export type AskUserPromptTextFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'value' | 'defaultValue'>;

/** The `<textarea>` of a free-text prompt. Enter sends; Shift+Enter adds a line. */
const TextField = part<AskUserPromptTextFieldProps>('TextField', (props, context) => {
  const { prompt, state, draft, setDraft, disabled, ids, invalid } = context;
  if (prompt.kind !== 'text' || !interactive(state)) return null;
  const onChange = composeEventHandlers(props.onChange, (event: ChangeEvent<HTMLTextAreaElement>) => {
    const text = event.currentTarget.value;
    setDraft((d) => ({ ...d, text }));
  });
  const onKeyDown = composeEventHandlers(props.onKeyDown, (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // keyCode 229: Enter that confirms an IME composition (Safari reports isComposing false).
    const composing = event.nativeEvent.isComposing || event.keyCode === 229;
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || composing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  });
  return (
    <textarea
      rows={3}
      {...props}
      {...common('text-field', context)}
      id={ids.field}
      value={draft.text}
      disabled={disabled || props.disabled}
      aria-describedby={describedBy(props['aria-describedby'], ids.description, invalid && ids.error)}
      aria-invalid={invalid ? true : undefined}
      onChange={onChange}
      onKeyDown={onKeyDown}
    />
  );
});

export type AskUserPromptErrorProps = ComponentPropsWithRef<'p'>;

/**
 * What went wrong, for the user: a refused answer, the server's message after a failed send, an
 * expired question, or what is wrong with a malformed payload. Nothing when all is well.
 */
const ErrorMessage = part<AskUserPromptErrorProps>('Error', ({ children, ...props }, context) => {
  if (!context.message && children === undefined) return null;
  return (
    <p {...props} {...common('error', context)} id={context.ids.error}>
      {children ?? context.message}
    </p>
  );
});

export type AskUserPromptSubmitProps = ComponentPropsWithRef<'button'>;

/** The submit `<button>`: "Send", "Sending…" while submitting, "Retry" after a failure. */
const Submit = part<AskUserPromptSubmitProps>('Submit', ({ children, ...props }, context) => {
  const { state, labels, disabled, ids } = context;
  if (!interactive(state)) return null;
  return (
    <button
      type="submit"
      {...props}
      {...common('submit', context)}
      disabled={disabled || props.disabled}
      aria-describedby={describedBy(props['aria-describedby'], state === 'failed' && ids.error)}
    >
      {children ?? (state === 'submitting' ? labels.submitting : state === 'failed' ? labels.retry : labels.submit)}
    </button>
  );
});

export type AskUserPromptAnswerProps = ComponentPropsWithRef<'p'>;

/** The answer, read-only, once the prompt is answered (choices joined with ", "). */
const Answer = part<AskUserPromptAnswerProps>('Answer', ({ children, ...props }, context) => {
  if (context.state !== 'answered' || (context.answer === undefined && children === undefined)) return null;
  return (
    <p {...props} {...common('answer', context)}>
      {children ?? formatAnswer(context.answer as AnswerValue)}
    </p>
  );
});

export type AskUserPromptStatusProps = ComponentPropsWithRef<'div'>;

/**
 * A polite live region (visually hidden by default) that announces a new question and what
 * happens to the answer. Keep it in custom layouts: it is how screen reader users hear of the question.
 */
const Status = part<AskUserPromptStatusProps>('Status', ({ children, style, ...props }, context) => {
  return (
    <div role="status" {...props} {...common('status', context)} style={style ?? visuallyHidden}>
      {children ?? context.announcement}
    </div>
  );
});

function DefaultLayout() {
  const { prompt, state } = usePromptContext('AskUserPrompt');
  if (!interactive(state)) {
    return (
      <>
        <Question />
        <Answer />
        <ErrorMessage />
        <Status />
      </>
    );
  }
  return (
    <>
      {prompt.kind === 'text' ? (
        <>
          <Question />
          <Description />
          <TextField />
        </>
      ) : (
        <Options />
      )}
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
  const key = (props.prompt as Prompt | undefined)?.key;
  return (
    <Root key={key} {...props}>
      {children ?? <DefaultLayout />}
    </Root>
  );
}
AskUserPromptBase.displayName = 'AskUserPrompt';

export const AskUserPrompt = Object.assign(AskUserPromptBase, {
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
});
