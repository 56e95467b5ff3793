import type { ItemEntry, SuspensionItem } from '@ask-user-kit/core';
import {
  initialFormDraft,
  itemAnswers,
  submitForm,
  validateForm,
  type FieldError,
} from '@ask-user-kit/core/items';
import {
  forwardRef,
  useImperativeHandle,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { usePartIds } from '../internal/ids.ts';
import { visuallyHidden } from '../internal/primitive.ts';
import { itemAttributes, useItemFocus } from './itemParts.ts';
import { isAnswerable, settle, useItemDraft, useItemEntry, type ItemRun } from './itemState.ts';
import { FieldView, isDraft } from './FieldView.tsx';
import { fieldIds, FormContext, useFormContext, type ResumeFormContextValue } from './formContext.ts';
import { defaultFormLabels, type FormLabels } from './labels.ts';

export interface ResumeFormRootProps extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit'> {
  /** The form item (from `run.openItems`, or an entry of `run.items`). */
  item: SuspensionItem;
  /** `useAgentRun({ items: [forms] })`'s result: the item's state comes from it, answers go through it. */
  run: ItemRun;
  /** Replaces any of the strings shown or announced. */
  labels?: Partial<FormLabels>;
  /** Keep the draft in sessionStorage until answered, so it survives a reload. Default true. */
  persistDraft?: boolean;
  children?: ReactNode;
}

const FORM_PARTS = ['title', 'fieldPrefix', 'error'] as const;

function outcomeOf(state: ItemEntry['state'], labels: FormLabels): string | undefined {
  if (state === 'answered') return labels.answered;
  if (state === 'answered-elsewhere') return labels.answeredElsewhere;
  if (state === 'expired') return labels.expired;
  return undefined;
}

/**
 * The form's `<form>`: holds the draft, validates it in the browser (invalid data sends nothing),
 * answers through the run, and gives its parts their state. Render the parts inside it for a layout
 * of your own, or use `<ResumeForm>`. Key it by `item.key`.
 */
export const Root = forwardRef<HTMLFormElement, ResumeFormRootProps>(function Root(
  { item, run, labels: givenLabels, persistDraft = true, children, ...formProps },
  forwardedRef,
) {
  const labels = { ...defaultFormLabels, ...givenLabels };
  const entry = useItemEntry(run, item);
  const { state } = entry;
  const answerable = isAnswerable(state);
  const fields = item.kind === 'form' ? item.form.fields : [];
  const [draft, setDraft] = useItemDraft(
    item.key,
    () => initialFormDraft({ fields }),
    persistDraft && answerable,
    isDraft,
  );
  const [refused, setRefused] = useState<FieldError[]>([]);
  const ids = usePartIds(FORM_PARTS);
  const rootRef = useRef<HTMLFormElement | null>(null);
  // Our ref and the app's on the one form.
  useImperativeHandle(forwardedRef, () => rootRef.current as HTMLFormElement, []);
  useItemFocus(rootRef, state);

  const submit = () => {
    if (!answerable || item.kind !== 'form') return;
    if (state === 'failed') return settle(itemAnswers(run.store).retry(item.key));
    const check = validateForm(item.form, draft);
    if (!check.ok) {
      setRefused(check.errors);
      // The first refused field takes focus: its message is next to it.
      const first = check.errors[0]!;
      document.getElementById(fieldIds(ids.fieldPrefix, first.path).control)?.focus();
      return;
    }
    setRefused([]);
    settle(submitForm(run.store, item.key, draft));
  };

  const outcome = outcomeOf(state, labels);
  const context: ResumeFormContextValue = {
    item,
    state,
    labels,
    fields,
    draft,
    setDraft,
    errors: new Map(refused.map((error) => [error.path, error.message])),
    submit,
    showControls: item.kind === 'form' && (answerable || state === 'submitting'),
    outcome,
    message:
      item.kind === 'malformed'
        ? labels.malformed(item.reason)
        : state === 'failed'
          ? entry.error?.message
          : undefined,
    announcement:
      state === 'submitting'
        ? labels.submitting
        : (outcome ?? (refused.length > 0 ? labels.invalid(refused.length) : '')),
    ids,
  };
  return (
    <FormContext.Provider value={context}>
      <form
        {...itemAttributes('root', 'form', state)}
        data-invalid={refused.length > 0 ? '' : undefined}
        aria-labelledby={ids.title}
        aria-busy={state === 'submitting' || undefined}
        tabIndex={answerable ? undefined : -1}
        {...formProps}
        ref={rootRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {children}
      </form>
    </FormContext.Provider>
  );
});
Root.displayName = 'ResumeForm.Root';

export type ResumeFormTextProps = ComponentPropsWithoutRef<'p'>;

/** The schema's `title`, else "confirm_budget needs some details": the form's name. */
export const Title = forwardRef<HTMLParagraphElement, ResumeFormTextProps>(function Title(props, ref) {
  const { item, state, labels, ids } = useFormContext('<ResumeForm.Title>');
  const title = item.kind === 'form' && item.form.title ? item.form.title : labels.title(item.toolName);
  return (
    <p {...itemAttributes('question', 'form', state)} id={ids.title} {...props} ref={ref}>
      {props.children ?? title}
    </p>
  );
});
Title.displayName = 'ResumeForm.Title';

/** The schema's `description`, if it has one. */
export const Description = forwardRef<HTMLParagraphElement, ResumeFormTextProps>(
  function Description(props, ref) {
    const { item, state } = useFormContext('<ResumeForm.Description>');
    const children = props.children ?? (item.kind === 'form' ? item.form.description : undefined);
    if (!children) return null;
    return (
      <p {...itemAttributes('description', 'form', state)} {...props} ref={ref}>
        {children}
      </p>
    );
  },
);
Description.displayName = 'ResumeForm.Description';

export interface ResumeFormFieldProps extends HTMLAttributes<HTMLElement> {
  /** The field's name: a property of the resume schema. Renders nothing if the schema has no such field. */
  name: string;
}

/**
 * One field of the schema, by name, with its label, description and error (a group or several
 * choices in a `<fieldset>`); the props go to its outer element. Shown while the form takes an answer.
 */
export const Field = forwardRef<HTMLElement, ResumeFormFieldProps>(function Field({ name, ...props }, ref) {
  const context = useFormContext('<ResumeForm.Field>');
  const field = context.fields.find((candidate) => candidate.name === name);
  if (!field || !context.showControls) return null;
  return (
    <FieldView
      field={field}
      path={name}
      value={context.draft[name]}
      onChange={(value) => context.setDraft({ ...context.draft, [name]: value })}
      context={context}
      outer={{ ...props, ref }}
    />
  );
});
Field.displayName = 'ResumeForm.Field';

/** Every field of the schema, in its order (no element of its own). Shown while the form takes an answer. */
export function Fields() {
  const { fields } = useFormContext('<ResumeForm.Fields>');
  return (
    <>
      {fields.map((field) => (
        <Field key={field.name} name={field.name} />
      ))}
    </>
  );
}
Fields.displayName = 'ResumeForm.Fields';

export type ResumeFormButtonProps = ComponentPropsWithoutRef<'button'>;

/** Sends the form (its submit button); disabled while sending. Not shown after a failure: `.Retry` is. */
export const Submit = forwardRef<HTMLButtonElement, ResumeFormButtonProps>(function Submit(props, ref) {
  const { state, labels, showControls } = useFormContext('<ResumeForm.Submit>');
  if (!showControls || state === 'failed') return null;
  return (
    <button
      {...itemAttributes('submit', 'form', state)}
      type="submit"
      {...props}
      ref={ref}
      disabled={!isAnswerable(state) || props.disabled}
    >
      {props.children ?? labels.submit}
    </button>
  );
});
Submit.displayName = 'ResumeForm.Submit';

/** After a failure only: sends the same answer again (a submit button too). */
export const Retry = forwardRef<HTMLButtonElement, ResumeFormButtonProps>(function Retry(props, ref) {
  const { state, labels, ids } = useFormContext('<ResumeForm.Retry>');
  if (state !== 'failed') return null;
  return (
    <button
      {...itemAttributes('submit', 'form', state)}
      type="submit"
      aria-describedby={ids.error}
      {...props}
      ref={ref}
    >
      {props.children ?? labels.retry}
    </button>
  );
});
Retry.displayName = 'ResumeForm.Retry';

/** Why the form cannot be shown (malformed), or the server's message after a failed answer (an alert). */
export const ErrorMessage = forwardRef<HTMLParagraphElement, ResumeFormTextProps>(
  function ErrorMessage(props, ref) {
    const { state, message, ids } = useFormContext('<ResumeForm.Error>');
    const children = props.children ?? message;
    if (!children) return null;
    return (
      <p
        {...itemAttributes('error', 'form', state)}
        id={ids.error}
        role={state === 'failed' ? 'alert' : undefined}
        {...props}
        ref={ref}
      >
        {children}
      </p>
    );
  },
);
ErrorMessage.displayName = 'ResumeForm.Error';

/** The outcome, once there is one: sent, answered elsewhere, expired. */
export const Answer = forwardRef<HTMLParagraphElement, ResumeFormTextProps>(function Answer(props, ref) {
  const { state, outcome } = useFormContext('<ResumeForm.Answer>');
  const children = props.children ?? outcome;
  if (!outcome || !children) return null;
  return (
    <p {...itemAttributes('answer', 'form', state)} tabIndex={-1} {...props} ref={ref}>
      {children}
    </p>
  );
});
Answer.displayName = 'ResumeForm.Answer';

export type ResumeFormStatusProps = ComponentPropsWithoutRef<'div'>;

/**
 * A polite live region (visually hidden by default): how many fields need attention after a refused
 * submit, "Sending…", then the outcome. Keep it in layouts of your own.
 */
export const Status = forwardRef<HTMLDivElement, ResumeFormStatusProps>(function Status(props, ref) {
  const { state, announcement } = useFormContext('<ResumeForm.Status>');
  return (
    <div
      {...itemAttributes('status', 'form', state)}
      role="status"
      style={visuallyHidden}
      {...props}
      ref={ref}
    >
      {props.children ?? announcement}
    </div>
  );
});
Status.displayName = 'ResumeForm.Status';
