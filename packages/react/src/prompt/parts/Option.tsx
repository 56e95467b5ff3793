import type { PromptOption } from '@ask-user-kit/core/internal';
import { forwardRef, type ChangeEvent, type ComponentPropsWithoutRef, type ForwardedRef } from 'react';
import type { AnswerDraft } from '../../draft.ts';
import { composeEventHandlers, mergeIds } from '../../internal/primitive.ts';
import {
  dataAttributes,
  OptionContext,
  useOptionContext,
  usePromptContext,
  type OptionContextValue,
  type PromptContextValue,
} from '../context.ts';
import { OPTION_PARTS } from '../ids.ts';
import { usePartIds } from '../../internal/ids.ts';

const checkedState = (checked: boolean) => (checked ? 'checked' : 'unchecked');

/** What `.Option` and `.Other` give the parts inside them. */
function useOptionValue(context: PromptContextValue, label: string, other: boolean): OptionContextValue {
  const ids = usePartIds(OPTION_PARTS);
  const { prompt, draft } = context;
  const checked = other ? draft.other : draft.selected.includes(label);
  // A malformed prompt has no options (a layout of your own may still render an option in it).
  const options: PromptOption[] = prompt.kind === 'malformed' ? [] : prompt.options;
  const description = other ? undefined : options.find((option) => option.label === label)?.description;
  return { label, other, checked, description, ids };
}

/** What an option renders without children of its own. */
function defaultOptionChildren() {
  return (
    <>
      <OptionControl />
      <OptionLabel />
      <OptionDescription />
    </>
  );
}

interface OptionShellProps extends ComponentPropsWithoutRef<'label'> {
  dataPart: 'option' | 'other';
  context: PromptContextValue;
  option: OptionContextValue;
  /** The ref given to `.Option` or `.Other` (a plain prop: React 18 passes no `ref` to a function). */
  labelRef: ForwardedRef<HTMLLabelElement>;
}

/** What `.Option` and `.Other` both render: the option's context around its `<label>`. */
function OptionShell({ dataPart, context, option, labelRef, ...props }: OptionShellProps) {
  return (
    <OptionContext.Provider value={option}>
      <label
        {...dataAttributes(dataPart, context)}
        data-state={checkedState(option.checked)}
        {...props}
        ref={labelRef}
      >
        {props.children ?? defaultOptionChildren()}
      </label>
    </OptionContext.Provider>
  );
}

export interface AskUserPromptOptionProps extends ComponentPropsWithoutRef<'label'> {
  /** The option's label, as offered in the prompt. */
  label: string;
}

/** One offered choice: a `<label>` around `.OptionControl`, `.OptionLabel` and `.OptionDescription`. */
export const Option = forwardRef<HTMLLabelElement, AskUserPromptOptionProps>(function Option(
  { label, ...props },
  ref,
) {
  const context = usePromptContext('<AskUserPrompt.Option>');
  const option = useOptionValue(context, label, false);
  return <OptionShell dataPart="option" context={context} option={option} {...props} labelRef={ref} />;
});

export type AskUserPromptOtherProps = ComponentPropsWithoutRef<'label'>;

/** The "Other…" choice (with `allowOther`): a `<label>` around its radio or checkbox. Pair it with `.OtherText`. */
export const Other = forwardRef<HTMLLabelElement, AskUserPromptOtherProps>(function Other(props, ref) {
  const context = usePromptContext('<AskUserPrompt.Other>');
  const option = useOptionValue(context, '', true);
  if (!context.allowOther) return null;
  return <OptionShell dataPart="other" context={context} option={option} {...props} labelRef={ref} />;
});

/** The draft once an option's control is turned on or off. */
function toggle(draft: AnswerDraft, option: OptionContextValue, single: boolean, on: boolean): AnswerDraft {
  // A radio only ever turns on (its change event is its choice): it replaces the choice.
  if (single && option.other) return { ...draft, selected: [], other: true };
  if (single) return { ...draft, selected: [option.label], other: false };
  if (option.other) return { ...draft, other: on };
  const rest = draft.selected.filter((label) => label !== option.label);
  if (on) return { ...draft, selected: [...rest, option.label] };
  return { ...draft, selected: rest };
}

export type AskUserPromptOptionControlProps = Omit<
  ComponentPropsWithoutRef<'input'>,
  'type' | 'value' | 'checked'
>;

/** The native radio (single choice) or checkbox (multiple choice) of an option. */
export const OptionControl = forwardRef<HTMLInputElement, AskUserPromptOptionControlProps>(
  function OptionControl(props, ref) {
    const context = usePromptContext('<AskUserPrompt.OptionControl>');
    const option = useOptionContext('<AskUserPrompt.OptionControl>');
    const { prompt, ids, invalid, setDraft } = context;
    const single = prompt.kind === 'single';
    return (
      <input
        {...dataAttributes('option-control', context)}
        data-state={checkedState(option.checked)}
        name={ids.choices}
        aria-labelledby={option.ids.label}
        aria-invalid={invalid?.field === 'options' || undefined}
        {...props}
        ref={ref}
        type={single ? 'radio' : 'checkbox'}
        value={option.other ? 'other' : option.label}
        checked={option.checked}
        disabled={context.disabled || props.disabled}
        aria-describedby={mergeIds(props['aria-describedby'], option.description && option.ids.description)}
        onChange={composeEventHandlers(props.onChange, (event: ChangeEvent<HTMLInputElement>) => {
          const on = event.currentTarget.checked;
          setDraft((draft) => toggle(draft, option, single, on));
        })}
      />
    );
  },
);

export type AskUserPromptOptionLabelProps = ComponentPropsWithoutRef<'span'>;

/** The option's label text (or "Other…"). Always rendered as text. */
export const OptionLabel = forwardRef<HTMLSpanElement, AskUserPromptOptionLabelProps>(
  function OptionLabel(props, ref) {
    const context = usePromptContext('<AskUserPrompt.OptionLabel>');
    const option = useOptionContext('<AskUserPrompt.OptionLabel>');
    const text = option.other ? context.labels.other : option.label;
    return (
      <span {...dataAttributes('option-label', context)} id={option.ids.label} {...props} ref={ref}>
        {props.children ?? text}
      </span>
    );
  },
);

export type AskUserPromptOptionDescriptionProps = ComponentPropsWithoutRef<'span'>;

/** The option's description, tied to its control with `aria-describedby`. Nothing when there is none. */
export const OptionDescription = forwardRef<HTMLSpanElement, AskUserPromptOptionDescriptionProps>(
  function OptionDescription(props, ref) {
    const context = usePromptContext('<AskUserPrompt.OptionDescription>');
    const option = useOptionContext('<AskUserPrompt.OptionDescription>');
    const children = props.children ?? option.description;
    if (!children) return null;
    return (
      <span
        {...dataAttributes('option-description', context)}
        id={option.ids.description}
        {...props}
        ref={ref}
      >
        {children}
      </span>
    );
  },
);

export type AskUserPromptOtherTextProps = Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'value'>;

/** The text field of the "Other…" choice; typing in it chooses "Other…". */
export const OtherText = forwardRef<HTMLInputElement, AskUserPromptOtherTextProps>(
  function OtherText(props, ref) {
    const context = usePromptContext('<AskUserPrompt.OtherText>');
    const { prompt, draft, ids, invalid, labels, setDraft } = context;
    if (!context.allowOther) return null;
    const invalidHere = invalid?.field === 'other';
    return (
      <input
        {...dataAttributes('other-text', context)}
        data-state={checkedState(draft.other)}
        autoComplete="off"
        aria-label={labels.otherText}
        aria-invalid={invalidHere || undefined}
        {...props}
        ref={ref}
        type="text"
        value={draft.text}
        disabled={context.disabled || props.disabled}
        aria-describedby={mergeIds(props['aria-describedby'], invalidHere && ids.error)}
        onChange={composeEventHandlers(props.onChange, (event: ChangeEvent<HTMLInputElement>) => {
          const text = event.currentTarget.value;
          setDraft((current) => {
            // Typing chooses "Other…"; in a single choice it replaces the offered label chosen.
            if (!text) return { ...current, text };
            if (prompt.kind === 'single') return { ...current, text, other: true, selected: [] };
            return { ...current, text, other: true };
          });
        })}
      />
    );
  },
);
