'use client';
import type { SuspensionItem } from '@ask-user-kit/core';
import {
  initialFormDraft,
  itemAnswers,
  submitForm,
  validateForm,
  type FieldError,
  type FormDraft,
  type FormDraftValue,
  type FormField,
} from '@ask-user-kit/core/items';
import { forwardRef, useId, useState, type ComponentPropsWithoutRef, type FormEvent } from 'react';
import { visuallyHidden } from '../internal/primitive.ts';
import { isAnswerable, settle, useItemDraft, useItemEntry, type ItemRun } from './itemState.ts';
import { defaultFormLabels, type FormLabels } from './labels.ts';

export interface ResumeFormProps extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'children'> {
  /** The form item (from `run.openItems`, or an entry of `run.items`). */
  item: SuspensionItem;
  /** `useAgentRun({ items: [forms] })`'s result: the item's state comes from it, answers go through it. */
  run: ItemRun;
  /** Replaces any of the strings shown or announced. */
  labels?: Partial<FormLabels>;
  /** Keep the draft in sessionStorage until answered, so it survives a reload. Default true. */
  persistDraft?: boolean;
}

const isDraft = (value: unknown): value is FormDraft =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface FieldProps {
  field: FormField;
  path: string;
  value: FormDraftValue | undefined;
  onChange: (value: FormDraftValue) => void;
  errors: ReadonlyMap<string, string>;
  disabled: boolean;
  labels: FormLabels;
  idPrefix: string;
}

/** The label of a field: its title, and whether it may be left out. */
function LabelText({ field, labels }: { field: FormField; labels: FormLabels }) {
  return (
    <>
      {field.label}
      {!field.required && field.type !== 'boolean' && <span data-part="optional"> {labels.optional}</span>}
    </>
  );
}

/** One field, its description and its error; a group renders its fields in a fieldset. */
function Field({ field, path, value, onChange, errors, disabled, labels, idPrefix }: FieldProps) {
  const id = `${idPrefix}-${path}`;
  const error = errors.get(path);
  const described = [field.description ? `${id}-description` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    'data-scope': 'ask-user',
    'data-invalid': error ? '' : undefined,
  };
  const description = field.description && (
    <p id={`${id}-description`} data-scope="ask-user" data-part="description">
      {field.description}
    </p>
  );
  const errorText = error && (
    <p id={`${id}-error`} data-scope="ask-user" data-part="error">
      {error}
    </p>
  );
  const text = typeof value === 'string' ? value : '';

  switch (field.type) {
    case 'object': {
      const nested = isDraft(value) ? value : {};
      return (
        <fieldset data-scope="ask-user" data-part="group" disabled={disabled}>
          <legend>
            <LabelText field={field} labels={labels} />
          </legend>
          {description}
          {field.fields.map((child) => (
            <Field
              key={child.name}
              field={child}
              path={`${path}.${child.name}`}
              value={nested[child.name]}
              onChange={(childValue) => onChange({ ...nested, [child.name]: childValue })}
              errors={errors}
              disabled={disabled}
              labels={labels}
              idPrefix={idPrefix}
            />
          ))}
        </fieldset>
      );
    }
    case 'multi-enum': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset
          data-scope="ask-user"
          data-part="options"
          aria-describedby={described || undefined}
          aria-invalid={error ? true : undefined}
        >
          <legend>
            <LabelText field={field} labels={labels} />
          </legend>
          {description}
          {field.options.map((option) => (
            <label key={option} data-scope="ask-user" data-part="option">
              <input
                type="checkbox"
                data-part="option-control"
                disabled={disabled}
                checked={chosen.includes(option)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? field.options.filter((o) => o === option || chosen.includes(o))
                      : chosen.filter((o) => o !== option),
                  )
                }
              />
              {option}
            </label>
          ))}
          {errorText}
        </fieldset>
      );
    }
    case 'boolean':
      return (
        <div data-scope="ask-user" data-part="field" data-type="boolean">
          <label data-scope="ask-user" data-part="option">
            <input
              type="checkbox"
              data-part="option-control"
              {...common}
              checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
            />
            <LabelText field={field} labels={labels} />
          </label>
          {description}
          {errorText}
        </div>
      );
    case 'unsupported':
      return (
        <div data-scope="ask-user" data-part="field" data-type="unsupported">
          <p data-scope="ask-user" data-part="unsupported" id={id}>
            <strong>{field.label}</strong>: {labels.unsupported(field.reason)}
          </p>
          {errorText}
        </div>
      );
    default:
      return (
        <div data-scope="ask-user" data-part="field" data-type={field.type}>
          <label htmlFor={id} data-scope="ask-user" data-part="label">
            <LabelText field={field} labels={labels} />
          </label>
          {description}
          {field.type === 'enum' ? (
            <select
              {...common}
              data-part="select"
              value={text}
              onChange={(event) => onChange(event.target.value)}
            >
              <option value="">{labels.noChoice}</option>
              {field.options.map((option) => (
                <option key={String(option)} value={String(option)}>
                  {String(option)}
                </option>
              ))}
            </select>
          ) : (
            <input
              {...common}
              data-part="text-field"
              type={field.type === 'string' ? 'text' : 'number'}
              inputMode={
                field.type === 'integer' ? 'numeric' : field.type === 'number' ? 'decimal' : undefined
              }
              step={field.type === 'integer' ? 1 : field.type === 'number' ? 'any' : undefined}
              required={field.required}
              value={text}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
          {errorText}
        </div>
      );
  }
}

/**
 * A form generated from a suspended tool's `resumeSchema` (see `parseFormSchema` for the JSON
 * Schema keywords it supports): each field with its label, description and error next to it,
 * validated in the browser before anything is sent (invalid data makes no request). The states
 * of `<AskUserPrompt>`: ready, submitting, failed (with Retry), answered, answered elsewhere,
 * expired, and malformed (with its reason). A field it cannot render says so instead of guessing.
 * @example
 * const run = useAgentRun({ agentId: 'concierge', items: [approvals, forms] });
 * run.openItems.map((item) => item.kind === 'form' && <ResumeForm key={item.key} run={run} item={item} />)
 */
export const ResumeForm = forwardRef<HTMLFormElement, ResumeFormProps>(function ResumeForm(
  { item, run, labels: givenLabels, persistDraft = true, ...formProps },
  ref,
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
  const [errors, setErrors] = useState<FieldError[]>([]);
  const titleId = useId();
  const idPrefix = useId();
  const answers = itemAnswers(run.store);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!answerable || item.kind !== 'form') return;
    if (state === 'failed') return settle(answers.retry(item.key));
    const check = validateForm(item.form, draft);
    if (!check.ok) {
      setErrors(check.errors);
      // The first refused field takes focus: its message is next to it.
      const first = check.errors[0]!;
      document.getElementById(`${idPrefix}-${first.path}`)?.focus();
      return;
    }
    setErrors([]);
    settle(submitForm(run.store, item.key, draft));
  };

  const errorMap = new Map(errors.map((error) => [error.path, error.message]));
  const outcome =
    state === 'answered'
      ? labels.answered
      : state === 'answered-elsewhere'
        ? labels.answeredElsewhere
        : state === 'expired'
          ? labels.expired
          : undefined;
  const announcement =
    state === 'submitting'
      ? labels.submitting
      : (outcome ?? (errors.length > 0 ? labels.invalid(errors.length) : ''));
  const title = item.kind === 'form' && item.form.title ? item.form.title : labels.title(item.toolName);

  return (
    <form
      data-scope="ask-user"
      data-part="root"
      data-kind="form"
      data-state={state}
      data-invalid={errors.length > 0 ? '' : undefined}
      aria-labelledby={titleId}
      aria-busy={state === 'submitting' || undefined}
      noValidate
      onSubmit={submit}
      {...formProps}
      ref={ref}
    >
      <p id={titleId} data-scope="ask-user" data-part="question">
        {title}
      </p>
      {item.kind === 'form' && item.form.description && (
        <p data-scope="ask-user" data-part="description">
          {item.form.description}
        </p>
      )}
      {item.kind === 'malformed' && (
        <p data-scope="ask-user" data-part="error">
          {labels.malformed(item.reason)}
        </p>
      )}
      {outcome && (
        <p data-scope="ask-user" data-part="answer">
          {outcome}
        </p>
      )}
      {item.kind === 'form' && (answerable || state === 'submitting') && (
        <>
          {fields.map((field) => (
            <Field
              key={field.name}
              field={field}
              path={field.name}
              value={draft[field.name]}
              onChange={(value) => setDraft({ ...draft, [field.name]: value })}
              errors={errorMap}
              disabled={!answerable}
              labels={labels}
              idPrefix={idPrefix}
            />
          ))}
          {state === 'failed' && entry.error && (
            <p data-scope="ask-user" data-part="error" role="alert">
              {entry.error.message}
            </p>
          )}
          <button type="submit" data-scope="ask-user" data-part="submit" disabled={!answerable}>
            {state === 'failed' ? labels.retry : labels.submit}
          </button>
        </>
      )}
      <div role="status" data-scope="ask-user" data-part="status" style={visuallyHidden}>
        {announcement}
      </div>
    </form>
  );
});
ResumeForm.displayName = 'ResumeForm';
