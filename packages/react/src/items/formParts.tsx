import { withAsker } from '../internal/announcement.ts';
import type { SuspensionItem } from '@ask-user-kit/core';
import {
  initialFormDraft,
  validateForm,
  type FieldError,
  type FormDraft,
  type FormSchema,
} from '@ask-user-kit/core/items';
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
  itemFormProps,
  itemStatusParts,
  useItemRoot,
  useItemWords,
  type ItemButtonProps,
  type ItemStatusProps,
} from './itemParts.tsx';
import { takesAnswer } from '../internal/lifecycle.ts';
import { useItemAnswer, useItemDraft, type ItemRun } from './itemState.ts';
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

/** The schema's `title`, else the tool's name in words ("Confirm budget"): the form's name. */
const formTitle = (item: SuspensionItem, labels: FormLabels) =>
  withAsker(
    item.kind === 'form' && item.form.title ? item.form.title : labels.title(item.toolName),
    item.agent,
    labels,
  );

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
  const { entry, rootRef, remember } = useItemRoot(run, item, forwardedRef);
  const { state } = entry;
  const answerable = takesAnswer(state);
  const fields = item.kind === 'form' ? item.form.fields : [];
  const { notice, send, clearNotice } = useItemAnswer(labels.busy, remember);
  const [draft, setDraftValue] = useItemDraft(
    item.key,
    () => initialFormDraft({ fields }),
    persistDraft && answerable,
    isDraft,
  );
  const [refused, setRefused] = useState<readonly FieldError[]>([]);
  const ids = { title: useId(), fieldPrefix: useId(), error: useId() };

  const submit = () => {
    if (!answerable || item.kind !== 'form') return;
    if (state === 'failed') return send(() => run.store.retry(item.key));
    const check = validateForm(item.form, draft);
    if (!check.ok) {
      setRefused(check.errors);
      // The first refused field takes focus: its message is next to it.
      const first = check.errors[0]!;
      document.getElementById(fieldIds(ids.fieldPrefix, first.path).control)?.focus();
      return;
    }
    setRefused([]);
    send(() => run.store.submit(item.key, draft));
  };

  const outcome = state === 'answered' ? labels.answered : undefined;
  // A refused submit is said where errors go, as a prompt's refused answer is.
  const refusal = refused.length > 0 ? labels.invalid(refused.length) : notice;
  const { message, announcement, details } = useItemWords(
    item,
    entry,
    labels,
    formTitle(item, labels),
    outcome,
    refusal,
  );
  const context: ResumeFormContextValue = {
    item,
    state,
    labels,
    fields,
    draft,
    setDraft: (value) => {
      clearNotice();
      setDraftValue(value);
      if (refused.length > 0 && item.kind === 'form') setRefused(stillRefused(refused, item.form, value));
    },
    errors: new Map(refused.map((error) => [error.path, error.message])),
    submit,
    showControls: item.kind === 'form' && (answerable || state === 'submitting'),
    answer: entry.answer,
    outcome,
    message,
    details,
    announcement,
    ids,
  };
  return (
    <FormContext.Provider value={context}>
      <form
        data-invalid={refused.length > 0 ? '' : undefined}
        {...itemFormProps('form', state, ids.title, formProps, submit)}
        ref={rootRef}
      >
        {children}
      </form>
    </FormContext.Provider>
  );
});
Root.displayName = 'ResumeForm.Root';

export type ResumeFormTextProps = ComponentPropsWithoutRef<'p'>;

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

export type ResumeFormButtonProps = ItemButtonProps;

/** `.Submit` (sends the form; disabled while sending; not shown after a failure: `.Retry` is), `.Retry`, `.Error`, `.Answer`, `.Status`. */
export const {
  Title,
  Send: Submit,
  Retry,
  ErrorMessage,
  Answer,
  Status,
} = itemStatusParts(
  FormContext,
  'form',
  'ResumeForm',
  { part: 'Submit', label: (labels) => labels.submit },
  ({ item, labels }) => formTitle(item, labels),
  ({ fields, answer, labels }) =>
    answer?.type === 'submit' && <SentValues fields={fields} data={answer.data} labels={labels} />,
);

export type ResumeFormStatusProps = ItemStatusProps;
