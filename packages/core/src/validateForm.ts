import type { FormField, FormSchema, MultiEnumField, StringField } from './formSchema.ts';
import { compilePattern, type CompiledPattern } from './pattern.ts';
import { formatMessages, formatted } from './textFormat.ts';

/**
 * What a form holds before it is submitted, as its controls give it: text for text, number and
 * choice inputs, `true`/`false` for a checkbox, the chosen labels of a multiple choice, and a
 * nested draft for a group.
 */
export type FormDraftValue = string | boolean | string[] | FormDraft;
/** What the user has filled in a form so far, by field name: `store.submit(key, draft)` validates it. */
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
  exclusiveMinimum: (min: number) => `Enter more than ${min}.`,
  exclusiveMaximum: (max: number) => `Enter less than ${max}.`,
  minLength: (min: number) => `Enter at least ${min} character${min === 1 ? '' : 's'}.`,
  maxLength: (max: number) => `Enter at most ${max} character${max === 1 ? '' : 's'}.`,
  pattern: 'This does not have the expected format.',
  format: formatMessages,
  notAnOption: 'Choose one of the options.',
  minItems: (min: number) => `Choose at least ${min}.`,
  maxItems: (max: number) => `Choose at most ${max}.`,
  uniqueItems: 'Choose each option only once.',
  notAmongOptions: 'Choose only among the options.',
  unsupported: 'This field cannot be filled in here.',
};

/**
 * An empty record with no prototype: property names such as `__proto__` and `constructor` are
 * the user's data like any other, and `JSON.stringify` sends them as they are.
 */
const record = <T>() => Object.create(null) as { [name: string]: T };

const isDraft = (value: unknown): value is FormDraft =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The draft a form starts from: each field's `default`, else empty. */
export function initialFormDraft(form: Pick<FormSchema, 'fields'>): FormDraft {
  const draft: FormDraft = record();
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

/** Whether the user entered anything in a draft value: text, a ticked box, a choice. */
const isEntered = (value: FormDraftValue | undefined): boolean => {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (isDraft(value)) return Object.values(value).some(isEntered);
  return value === true;
};

type FieldResult = { value?: FormValue; error?: string };

/** The chosen options, or why they cannot be sent; each option is looked up in a set. */
function choicesOf(field: MultiEnumField, raw: FormDraftValue | undefined): FieldResult {
  const chosen = Array.isArray(raw) ? raw : [];
  if (chosen.length === 0 && !field.required) return {};
  const offered = new Set(field.options);
  if (!chosen.every((label) => offered.has(label))) return { error: formMessages.notAmongOptions };
  if (field.uniqueItems && new Set(chosen).size < chosen.length) return { error: formMessages.uniqueItems };
  if (field.minItems !== undefined && chosen.length < field.minItems)
    return { error: formMessages.minItems(field.minItems) };
  if (field.maxItems !== undefined && chosen.length > field.maxItems)
    return { error: formMessages.maxItems(field.maxItems) };
  return { value: [...chosen] };
}

// Patterns compiled once per field: compiling checks them in time linear in their size.
const patterns = new WeakMap<StringField, CompiledPattern>();
function matches(field: StringField & { pattern: string }, text: string): boolean {
  let compiled = patterns.get(field);
  if (!compiled) {
    compiled = compilePattern(field.pattern);
    patterns.set(field, compiled);
  }
  // A field built by parseFormSchema has a pattern that compiles; any other refuses every text.
  return compiled.ok && compiled.test(text);
}

function textOf(field: StringField, raw: string): FieldResult {
  // A formatted field's text is checked as it will be sent (a local date and time becomes UTC).
  const text = field.format === undefined ? raw : formatted(field.format, raw);
  if (text === undefined) return { error: formMessages.format[field.format!] };
  // JSON Schema counts a string's length in code points, not UTF-16 units: "🙂" is 1 long.
  const length = Array.from(text).length;
  if (field.minLength !== undefined && length < field.minLength)
    return { error: formMessages.minLength(field.minLength) };
  if (field.maxLength !== undefined && length > field.maxLength)
    return { error: formMessages.maxLength(field.maxLength) };
  if (field.pattern !== undefined && !matches(field as StringField & { pattern: string }, text))
    return { error: formMessages.pattern };
  return { value: text };
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The value of one field, or the message of its error; `undefined` leaves an optional field out. */
function valueOf(field: FormField, raw: FormDraftValue | undefined): FieldResult {
  if (field.type === 'unsupported') return field.required ? { error: formMessages.unsupported } : {};
  if (field.type === 'boolean') return { value: raw === true };
  if (field.type === 'multi-enum') return choicesOf(field, raw);
  if (field.type === 'object') return {};
  if (typeof raw !== 'string' || isEmpty(raw)) return field.required ? { error: formMessages.required } : {};
  switch (field.type) {
    case 'enum': {
      const option = field.options.find((choice) => String(choice) === raw);
      return option === undefined ? { error: formMessages.notAnOption } : { value: option };
    }
    case 'number':
    case 'integer': {
      // Decimal notation only: `Number` would also read "0x10" as 16 and "0b11" as 3.
      const text = raw.trim();
      const number = DECIMAL.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(number)) return { error: formMessages.notANumber };
      if (field.type === 'integer' && !Number.isInteger(number)) return { error: formMessages.notAnInteger };
      if (field.minimum !== undefined && number < field.minimum)
        return { error: formMessages.minimum(field.minimum) };
      if (field.maximum !== undefined && number > field.maximum)
        return { error: formMessages.maximum(field.maximum) };
      if (field.exclusiveMinimum !== undefined && number <= field.exclusiveMinimum)
        return { error: formMessages.exclusiveMinimum(field.exclusiveMinimum) };
      if (field.exclusiveMaximum !== undefined && number >= field.exclusiveMaximum)
        return { error: formMessages.exclusiveMaximum(field.exclusiveMaximum) };
      return { value: number };
    }
    case 'string':
      return textOf(field, raw);
  }
}

function validateFields(
  fields: FormField[],
  draft: FormDraft,
  prefix: string,
  errors: FieldError[],
): FormData {
  const data: FormData = record();
  for (const field of fields) {
    const path = prefix + field.name;
    const raw = Object.hasOwn(draft, field.name) ? draft[field.name] : undefined;
    if (field.type === 'object') {
      // An optional group the user left empty is left out, whatever its own fields require.
      if (!field.required && !isEntered(raw)) continue;
      const before = errors.length;
      const value = validateFields(field.fields, isDraft(raw) ? raw : record(), `${path}.`, errors);
      if (errors.length === before) data[field.name] = value;
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
 * choices as offered, optional empty fields (and groups) left out. Never throws: a draft that is
 * not an object counts as an empty one. The data has no prototype, so every property name is sent.
 * @example
 * validateForm(form, { amount: '0', currency: 'EUR', flexible: true })
 * // → { ok: false, errors: [{ path: 'amount', message: 'Enter 1 or more.' }] }
 */
export function validateForm(form: Pick<FormSchema, 'fields'>, draft: FormDraft): FormCheck {
  const errors: FieldError[] = [];
  const value = validateFields(form.fields, isDraft(draft) ? draft : record(), '', errors);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}
