import type { FormData, FormField } from '@ask-user-kit/core/items';
import type { FormDraft, FormDraftValue } from '@ask-user-kit/core/internal';
import type { HTMLAttributes, Ref } from 'react';
import { humanName } from '../internal/humanName.ts';
import { Details } from '../internal/Details.tsx';
import { fieldIds, type ResumeFormContextValue } from './formContext.ts';
import { mergeIds } from '../internal/primitive.ts';
import { takesAnswer } from '../internal/lifecycle.ts';
import type { FormLabels } from './labels.ts';

// One field of a generated form, by its type: what ResumeForm.Field and ResumeForm.Fields render.

/** A group's draft: an object of its fields' values. */
export const isDraft = (value: unknown): value is FormDraft =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface FieldViewProps {
  field: FormField;
  path: string;
  value: FormDraftValue | undefined;
  onChange: (value: FormDraftValue) => void;
  /** What the field reads of its form: the words, the state, the messages by path, the ids' prefix. */
  context: Pick<ResumeFormContextValue, 'state' | 'errors'> & {
    labels: FormLabels;
    ids: { fieldPrefix: string };
  };
  /** The app's props and ref, on the field's outer element (top-level fields only). */
  outer?: HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> };
}

/** The input type of a text field of a `format`: the browser's date and time pickers, its e-mail and URL keyboards. */
const INPUT_TYPES = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as const;

/** What an option shows: its title (`oneOf`, `anyOf`, `enumNames`), else itself. */
const optionText = (field: FormField, option: string | number): string => {
  if (field.type !== 'enum' && field.type !== 'multi-enum') return String(option);
  const index = (field.options as (string | number)[]).indexOf(option);
  return field.optionLabels?.[index] ?? String(option);
};

/** An RFC 3339 time as a `datetime-local` input shows it (the user's local time); other text as it is. */
function localDateTime(text: string): string {
  if (!/(?:[Zz]|[+-]\d{2}:\d{2})$/.test(text)) return text;
  const moment = new Date(text);
  if (Number.isNaN(moment.getTime())) return text;
  const local = new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 19);
}

/** A field's name for people: the schema's `title`, else its property name in words ("Amount"). */
const fieldLabel = (field: FormField) => (field.label === field.name ? humanName(field.name) : field.label);

/** The label of a field: its title, and whether it may be left out. */
function LabelText({ field, labels }: { field: FormField; labels: FormLabels }) {
  return (
    <>
      {fieldLabel(field)}
      {!field.required && field.type !== 'boolean' && <span data-part="optional"> {labels.optional}</span>}
    </>
  );
}

/** One field, its description and its error; a group renders its fields in a fieldset. */
export function FieldView({ field, path, value, onChange, context, outer }: FieldViewProps) {
  const { labels, state } = context;
  const disabled = !takesAnswer(state);
  const ids = fieldIds(context.ids.fieldPrefix, path);
  const error = context.errors.get(path);
  const described = mergeIds(field.description && ids.description, error && ids.error);
  const common = {
    id: ids.control,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'data-scope': 'ask-user',
    'data-invalid': error ? '' : undefined,
  };
  const description = field.description && (
    <p id={ids.description} data-scope="ask-user" data-part="description">
      {field.description}
    </p>
  );
  const errorText = error && (
    <p id={ids.error} data-scope="ask-user" data-part="error">
      {error}
    </p>
  );
  const text = typeof value === 'string' ? value : '';
  const { ref, ...outerProps } = outer ?? {};

  switch (field.type) {
    case 'object': {
      const nested = isDraft(value) ? value : {};
      return (
        <fieldset
          data-scope="ask-user"
          data-part="group"
          disabled={disabled}
          {...outerProps}
          ref={ref as Ref<HTMLFieldSetElement>}
        >
          <legend>
            <LabelText field={field} labels={labels} />
          </legend>
          {description}
          {field.fields.map((child) => (
            <FieldView
              key={child.name}
              field={child}
              path={`${path}.${child.name}`}
              value={nested[child.name]}
              onChange={(childValue) => onChange({ ...nested, [child.name]: childValue })}
              context={context}
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
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          {...outerProps}
          ref={ref as Ref<HTMLFieldSetElement>}
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
              {optionText(field, option)}
            </label>
          ))}
          {errorText}
        </fieldset>
      );
    }
    case 'boolean':
      return (
        <div
          data-scope="ask-user"
          data-part="field"
          data-type="boolean"
          {...outerProps}
          ref={ref as Ref<HTMLDivElement>}
        >
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
        <div
          data-scope="ask-user"
          data-part="field"
          data-type="unsupported"
          {...outerProps}
          ref={ref as Ref<HTMLDivElement>}
        >
          <p data-scope="ask-user" data-part="label">
            {fieldLabel(field)}
          </p>
          <p data-scope="ask-user" data-part="unsupported" id={ids.control}>
            {labels.unsupported}
          </p>
          <Details summary={labels.details}>{field.reason}</Details>
          {errorText}
        </div>
      );
    default:
      return (
        <div
          data-scope="ask-user"
          data-part="field"
          data-type={field.type}
          {...outerProps}
          ref={ref as Ref<HTMLDivElement>}
        >
          <label htmlFor={ids.control} data-scope="ask-user" data-part="label">
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
                  {optionText(field, option)}
                </option>
              ))}
            </select>
          ) : (
            <input
              {...common}
              data-part="text-field"
              type={field.type === 'string' ? (field.format ? INPUT_TYPES[field.format] : 'text') : 'number'}
              inputMode={
                field.type === 'integer' ? 'numeric' : field.type === 'number' ? 'decimal' : undefined
              }
              step={field.type === 'integer' ? 1 : field.type === 'number' ? 'any' : undefined}
              required={field.required}
              value={field.type === 'string' && field.format === 'date-time' ? localDateTime(text) : text}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
          {errorText}
        </div>
      );
  }
}

/** One value sent, as a person reads it: Yes/No, a list joined with ", ", a group's own values. */
function SentValue({ field, value, labels }: { field: FormField; value: unknown; labels: FormLabels }) {
  if (typeof value === 'boolean') return value ? labels.yes : labels.no;
  if (Array.isArray(value)) return value.map((option: string) => optionText(field, option)).join(', ');
  if (field.type === 'object' && isDraft(value))
    return <SentValues fields={field.fields} data={value as FormData} labels={labels} />;
  return optionText(field, value as string | number);
}

/** What a form sent, field by field in the schema's order (fields left empty are left out). */
export function SentValues({
  fields,
  data,
  labels,
}: {
  fields: readonly FormField[];
  data: FormData;
  labels: FormLabels;
}) {
  const shown = fields.filter((field) => data[field.name] !== undefined);
  if (shown.length === 0) return null;
  return (
    <dl data-scope="ask-user" data-part="sent">
      {shown.map((field) => (
        <div key={field.name}>
          <dt>{fieldLabel(field)}</dt>
          <dd>
            <SentValue field={field} value={data[field.name]} labels={labels} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
