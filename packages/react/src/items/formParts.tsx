import { withAsker } from '../internal/announcement.ts';
import type { ItemAnswer, SuspensionItem } from '@ask-user-kit/core';
import {
  initialFormDraft,
  validateForm,
  type FieldError,
  type FormDraft,
  type FormSchema,
} from '@ask-user-kit/core/internal';
import {
  forwardRef,
  useId,
  useState,
  type ComponentPropsWithoutRef,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import {
  itemAttributes,
  itemStatusParts,
  useItemPartsValue,
  type ItemButtonProps,
  type ItemStatusProps,
} from './itemParts.tsx';
import { ItemForm, useItemRoot } from './ItemRoot.tsx';
import type { ItemRun } from './itemState.ts';
import { FieldView, SentValues, isDraft } from './FieldView.tsx';
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

/** The form of a form item or of an elicitation in form mode. */
export const formOf = (item: SuspensionItem): FormSchema | undefined => {
  if (item.kind === 'form') return item.form;
  return item.kind === 'elicitation' && item.mode === 'form' ? item.form : undefined;
};

/** An elicitation's message, else the schema's `title`, else the tool's name in words ("Confirm budget"), said as the sub-agent's when one asked. */
function formTitle(item: SuspensionItem, labels: FormLabels): string {
  if (item.kind === 'elicitation' && item.message) return item.message;
  return withAsker(formOf(item)?.title ?? labels.title(item.toolName), item.agent, labels);
}

/** What `.Answer` says of the answer taken. */
function outcomeOf(answer: ItemAnswer | undefined, labels: FormLabels): string {
  if (answer?.type === 'decline') return labels.declined;
  if (answer?.type === 'cancel') return labels.cancelled;
  return answer?.type === 'accept' && !answer.data ? labels.opened : labels.answered;
}

/**
 * The refused fields that are still wrong in `draft`, with what is wrong now: a field's message
 * goes as soon as it is fixed, and no new one appears before the next submit.
 */
function stillRefused(refused: readonly FieldError[], form: FormSchema, draft: FormDraft): FieldError[] {
  const check = validateForm(form, draft);
  if (check.ok) return [];
  const paths = new Set(refused.map((error) => error.path));
  return check.errors.filter((error) => paths.has(error.path));
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
  const form = formOf(item);
  const fields = form?.fields ?? [];
  const root = useItemRoot({
    kind: 'form',
    item,
    run,
    forwardedRef,
    busy: labels.busy,
    initialDraft: () => initialFormDraft({ fields }),
    isDraft,
    persistDraft,
  });
  const { state, answerable, notice, send, draft } = root;
  const [refused, setRefused] = useState<readonly FieldError[]>([]);
  const ids = { title: useId(), fieldPrefix: useId(), error: useId() };

  const submit = () => {
    if (!answerable || !form) return;
    if (state === 'failed') return send(() => run.store.retry(item.key));
    const check = validateForm(form, draft);
    if (!check.ok) {
      setRefused(check.errors);
      // The first refused field takes focus: its message is next to it.
      const first = check.errors[0]!;
      document.getElementById(fieldIds(ids.fieldPrefix, first.path).control)?.focus();
      return;
    }
    setRefused([]);
    const answer = item.kind === 'elicitation' ? { action: 'accept', content: draft } : draft;
    send(() => run.store.submit(item.key, answer));
  };
  const submitAction = (action: 'accept' | 'decline' | 'cancel') => {
    if (!answerable || item.kind !== 'elicitation') return;
    setRefused([]);
    send(() => run.store.submit(item.key, { action }));
  };

  const outcome = state === 'answered' ? outcomeOf(root.entry.answer, labels) : undefined;
  // A refused submit is said where errors go, as a prompt's refused answer is.
  const refusal = refused.length > 0 ? labels.invalid(refused.length) : notice;
  const shared = useItemPartsValue(root, labels, formTitle(item, labels), outcome, refusal);
  const context: ResumeFormContextValue = {
    ...shared,
    item,
    labels,
    fields,
    draft,
    setDraft: (value) => {
      root.setDraft(value);
      if (refused.length > 0 && form) setRefused(stillRefused(refused, form, value));
    },
    errors: new Map(refused.map((error) => [error.path, error.message])),
    submit,
    submitAction,
    expiresAt: item.expiresAt,
    ids,
  };
  return (
    <ItemForm
      root={root}
      context={FormContext}
      value={context}
      onSubmit={submit}
      data-invalid={refused.length > 0 ? '' : undefined}
      {...formProps}
    >
      {children}
    </ItemForm>
  );
});

export type ResumeFormTextProps = ComponentPropsWithoutRef<'p'>;

/** The schema's `description`, if it has one. */
export const Description = forwardRef<HTMLParagraphElement, ResumeFormTextProps>(
  function Description(props, ref) {
    const { item, state } = useFormContext('<ResumeForm.Description>');
    const children = props.children ?? formOf(item)?.description;
    if (!children) return null;
    return (
      <p {...itemAttributes('description', 'form', state)} {...props} ref={ref}>
        {children}
      </p>
    );
  },
);

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

export type ResumeFormButtonProps = ItemButtonProps;

/** `.Retry`, `.Error`, `.Answer`, `.Status`, and the form's send button that `.Submit` shows. */
export const { Title, Send, Retry, ErrorMessage, Answer, Status, TimeLeft } = itemStatusParts(
  FormContext,
  'form',
  'ResumeForm',
  { part: 'Submit', label: (labels) => labels.submit },
  ({ item, labels }) => formTitle(item, labels),
  ({ fields, answer, labels }) =>
    (answer?.type === 'submit' || answer?.type === 'accept') &&
    answer.data && <SentValues fields={fields} data={answer.data} labels={labels} />,
);

export type ResumeFormStatusProps = ItemStatusProps;

/** Sends the form (disabled while sending; not shown after a failure: `.Retry` is). An elicitation in URL mode has no form: its `.Link` answers. */
export const Submit = forwardRef<HTMLButtonElement, ResumeFormButtonProps>(function Submit(props, ref) {
  const { item } = useFormContext('<ResumeForm.Submit>');
  if (item.kind === 'elicitation' && item.mode === 'url') return null;
  return <Send {...props} ref={ref} />;
});
