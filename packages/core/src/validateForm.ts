import type { FormField, FormSchema } from './formSchema.ts';

/**
 * What a form holds before it is submitted, as its controls give it: text for text, number and
 * choice inputs, `true`/`false` for a checkbox, the chosen labels of a multiple choice, and a
 * nested draft for a group.
 */
export type FormDraftValue = string | boolean | string[] | FormDraft;
export interface FormDraft {
  [name: string]: FormDraftValue;
}

/** The data a valid form resumes the run with: JSON, as the schema describes it. */
export type FormData = { [name: string]: FormValue };
/** One value of `FormData`. */
export type FormValue = string | number | boolean | string[] | FormData;

/** One refused field: its path (`"amount"`, `"address.city"`) and what is wrong, for the user. */
export interface FieldError {
  path: string;
  message: string;
}

/** What `validateForm` gives: the data to send, or the errors to show next to their fields. */
export type FormCheck = { ok: true; value: FormData } | { ok: false; errors: FieldError[] };

/** The texts of `validateForm`'s refusals, one per rule. Apps may translate by path and rule. */
export const formMessages = {
  required: 'This field is required.',
  notANumber: 'Enter a number.',
  notAnInteger: 'Enter a whole number.',
  minimum: (min: number) => `Enter ${min} or more.`,
  maximum: (max: number) => `Enter ${max} or less.`,
  minLength: (min: number) => `Enter at least ${min} character${min === 1 ? '' : 's'}.`,
  maxLength: (max: number) => `Enter at most ${max} character${max === 1 ? '' : 's'}.`,
  pattern: 'This does not have the expected format.',
  notAnOption: 'Choose one of the options.',
  minItems: (min: number) => `Choose at least ${min}.`,
  maxItems: (max: number) => `Choose at most ${max}.`,
  unsupported: 'This field cannot be filled in here.',
};

/** The draft a form starts from: each field's `default`, else empty. */
export function initialFormDraft(form: Pick<FormSchema, 'fields'>): FormDraft {
  const draft: FormDraft = {};
  for (const field of form.fields) {
    if (field.type === 'object') draft[field.name] = initialFormDraft(field);
    else if (field.type === 'boolean') draft[field.name] = field.default ?? false;
    else if (field.type === 'multi-enum') draft[field.name] = field.default ?? [];
    else if (field.type === 'unsupported') continue;
    else draft[field.name] = field.default === undefined ? '' : String(field.default);
  }
  return draft;
}

const isEmpty = (value: FormDraftValue | undefined) =>
  value === undefined || (typeof value === 'string' && value.trim() === '');

/** The value of one field, or the message of its error; `undefined` leaves an optional field out. */
function valueOf(field: FormField, raw: FormDraftValue | undefined): { value?: FormValue; error?: string } {
  if (field.type === 'unsupported') return field.required ? { error: formMessages.unsupported } : {};
  if (field.type === 'boolean') return { value: raw === true };
  if (field.type === 'multi-enum') {
    const chosen = Array.isArray(raw) ? raw.filter((label) => field.options.includes(label)) : [];
    if (chosen.length === 0 && !field.required && field.minItems === undefined) return {};
    if (field.minItems !== undefined && chosen.length < field.minItems)
      return { error: formMessages.minItems(field.minItems) };
    if (field.maxItems !== undefined && chosen.length > field.maxItems)
      return { error: formMessages.maxItems(field.maxItems) };
    return { value: chosen };
  }
  if (field.type === 'object') return {};
  if (typeof raw !== 'string' || isEmpty(raw)) return field.required ? { error: formMessages.required } : {};
  switch (field.type) {
    case 'enum': {
      const option = field.options.find((choice) => String(choice) === raw);
      return option === undefined ? { error: formMessages.notAnOption } : { value: option };
    }
    case 'number':
    case 'integer': {
      const number = Number(raw.trim());
      if (!Number.isFinite(number)) return { error: formMessages.notANumber };
      if (field.type === 'integer' && !Number.isInteger(number)) return { error: formMessages.notAnInteger };
      if (field.minimum !== undefined && number < field.minimum)
        return { error: formMessages.minimum(field.minimum) };
      if (field.maximum !== undefined && number > field.maximum)
        return { error: formMessages.maximum(field.maximum) };
      return { value: number };
    }
    case 'string': {
      // JSON Schema counts code points, as zod does not: the stricter of the two is kept.
      const length = Math.max(raw.length, Array.from(raw).length);
      const shortest = Math.min(raw.length, Array.from(raw).length);
      if (field.minLength !== undefined && shortest < field.minLength)
        return { error: formMessages.minLength(field.minLength) };
      if (field.maxLength !== undefined && length > field.maxLength)
        return { error: formMessages.maxLength(field.maxLength) };
      if (field.pattern !== undefined && !new RegExp(field.pattern, 'u').test(raw))
        return { error: formMessages.pattern };
      return { value: raw };
    }
  }
}

function validateFields(
  fields: FormField[],
  draft: FormDraft,
  prefix: string,
  errors: FieldError[],
): FormData {
  const data: FormData = {};
  for (const field of fields) {
    const path = prefix + field.name;
    const raw = Object.hasOwn(draft, field.name) ? draft[field.name] : undefined;
    if (field.type === 'object') {
      const nested = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {};
      const before = errors.length;
      const value = validateFields(field.fields, nested, `${path}.`, errors);
      const given = Object.keys(value).length > 0;
      if (errors.length === before && (field.required || given)) data[field.name] = value;
      continue;
    }
    const { value, error } = valueOf(field, raw);
    if (error) errors.push({ path, message: error });
    else if (value !== undefined) data[field.name] = value;
  }
  return data;
}

/**
 * Checks a form's draft against its schema and builds the resume data: numbers from their text,
 * choices as offered, optional empty fields left out. Never throws.
 * @example
 * validateForm(form, { amount: '0', currency: 'EUR', flexible: true })
 * // → { ok: false, errors: [{ path: 'amount', message: 'Enter 1 or more.' }] }
 */
export function validateForm(form: Pick<FormSchema, 'fields'>, draft: FormDraft): FormCheck {
  const errors: FieldError[] = [];
  const value = validateFields(form.fields, draft, '', errors);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}
