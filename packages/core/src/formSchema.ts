import { compilePattern } from './pattern.ts';
import { quote } from './quote.ts';
import {
  isNumber,
  isObject,
  keywordProblem,
  KEYWORDS,
  own,
  unknownKeyword,
  type Json,
} from './schemaKeywords.ts';
import { listOptions, singleChoices } from './schemaChoices.ts';

/** What every form field has: its property name, what to call it, and whether it must be given. */
interface FieldBase {
  /** The property name in the resume data. */
  name: string;
  /** The schema's `title`, else the property name. */
  label: string;
  description?: string;
  required: boolean;
}

/** A text field (`type: "string"`). */
export interface StringField extends FieldBase {
  type: 'string';
  default?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** What the text must be: an e-mail address, a URI, a date (`2026-12-05`) or a date and time (RFC 3339). */
  format?: TextFormat;
}

/** The `format`s a text field enforces. */
export type TextFormat = 'email' | 'uri' | 'date' | 'date-time';

/** A number field (`type: "number"` or `"integer"`). */
export interface NumberField extends FieldBase {
  type: 'number' | 'integer';
  default?: number;
  minimum?: number;
  maximum?: number;
  /** The number must be greater than this. */
  exclusiveMinimum?: number;
  /** The number must be less than this. */
  exclusiveMaximum?: number;
}

/** A checkbox (`type: "boolean"`). */
export interface BooleanField extends FieldBase {
  type: 'boolean';
  default?: boolean;
}

/** One choice among `options` (`enum`). */
export interface EnumField extends FieldBase {
  type: 'enum';
  options: (string | number)[];
  /** What to show for each option, in the same order (`oneOf` titles, `enumNames`); else the option itself. */
  optionLabels?: string[];
  default?: string | number;
}

/** Several choices among `options` (`type: "array"` whose `items` is an `enum`). */
export interface MultiEnumField extends FieldBase {
  type: 'multi-enum';
  options: string[];
  /** What to show for each option, in the same order (`anyOf` titles); else the option itself. */
  optionLabels?: string[];
  default?: string[];
  minItems?: number;
  maxItems?: number;
  /** `uniqueItems: true`: each option at most once. */
  uniqueItems?: boolean;
}

/** A group of fields (`type: "object"`, one level deep). */
export interface ObjectField extends FieldBase {
  type: 'object';
  fields: FormField[];
}

/** A field the form cannot render, with the reason; a required one makes the form unanswerable. */
export interface UnsupportedField extends FieldBase {
  type: 'unsupported';
  reason: string;
}

/** A field of a generated form: switch on `type`. */
export type FormField =
  StringField | NumberField | BooleanField | EnumField | MultiEnumField | ObjectField | UnsupportedField;

/** A form generated from a tool's `resumeSchema` (a JSON Schema object). */
export interface FormSchema {
  title?: string;
  description?: string;
  fields: FormField[];
}

/** What `parseFormSchema` gives: the form, or why there can be none. */
export type FormSchemaParse = { ok: true; form: FormSchema } | { ok: false; reason: string };

const unsupported = (base: FieldBase, reason: string): UnsupportedField => ({
  ...base,
  type: 'unsupported',
  reason,
});

/** The field type a property schema describes, or why none. */
function typeOf(schema: Json): FormField['type'] | string {
  if (own(schema, 'enum') !== undefined || own(schema, 'oneOf') !== undefined) return 'enum';
  const type = own(schema, 'type');
  if (type === 'array') return 'multi-enum';
  if (typeof type !== 'string') return Array.isArray(type) ? 'it allows several types' : 'it has no type';
  if (!KEYWORDS.has(type) || type === 'enum' || type === 'multi-enum')
    return `type "${quote(type)}" is not supported`;
  return type as FormField['type'];
}

const FORMATS = new Set(['email', 'uri', 'date', 'date-time']);

/** Builds one field; `depth` 1 is a top-level property, 2 a property of a group. */
function fieldOf(name: string, schema: unknown, required: boolean, depth: number): FormField {
  const base: FieldBase = { name, label: name, required };
  if (!isObject(schema)) return unsupported(base, 'its schema is not an object');
  const title = own(schema, 'title');
  const description = own(schema, 'description');
  if (typeof title === 'string' && title.trim()) base.label = title;
  if (typeof description === 'string') base.description = description;
  const type = typeOf(schema);
  const known = KEYWORDS.get(type);
  if (!known) return unsupported(base, type);
  const other = unknownKeyword(schema, known);
  if (other) return unsupported(base, `the keyword "${quote(other)}" is not supported`);
  const problem = keywordProblem(schema);
  if (problem) return unsupported(base, problem);
  const fallback = own(schema, 'default');
  const count = (key: string) => own(schema, key) as number | undefined;
  switch (type as FormField['type']) {
    case 'string': {
      const field: StringField = { ...base, type: 'string' };
      if (typeof fallback === 'string') field.default = fallback;
      if (count('minLength') !== undefined) field.minLength = count('minLength');
      if (count('maxLength') !== undefined) field.maxLength = count('maxLength');
      const format = own(schema, 'format');
      if (format !== undefined) {
        if (typeof format !== 'string' || !FORMATS.has(format))
          return unsupported(base, `the format "${quote(String(format))}" is not supported`);
        field.format = format as TextFormat;
      }
      const pattern = own(schema, 'pattern');
      if (typeof pattern === 'string') {
        const compiled = compilePattern(pattern);
        if (!compiled.ok) return unsupported(base, compiled.reason);
        field.pattern = pattern;
      }
      return field;
    }
    case 'number':
    case 'integer': {
      const field: NumberField = { ...base, type: type as 'number' | 'integer' };
      if (isNumber(fallback)) field.default = fallback;
      if (count('minimum') !== undefined) field.minimum = count('minimum');
      if (count('maximum') !== undefined) field.maximum = count('maximum');
      if (count('exclusiveMinimum') !== undefined) field.exclusiveMinimum = count('exclusiveMinimum');
      if (count('exclusiveMaximum') !== undefined) field.exclusiveMaximum = count('exclusiveMaximum');
      return field;
    }
    case 'boolean': {
      const field: BooleanField = { ...base, type: 'boolean' };
      if (typeof fallback === 'boolean') field.default = fallback;
      return field;
    }
    case 'enum': {
      const choices = singleChoices(schema);
      if (typeof choices === 'string') return unsupported(base, choices);
      const field: EnumField = { ...base, type: 'enum', ...choices };
      if (choices.options.includes(fallback as string)) field.default = fallback as string | number;
      return field;
    }
    case 'multi-enum': {
      const choices = listOptions(own(schema, 'items'));
      if (typeof choices === 'string') return unsupported(base, choices);
      const field: MultiEnumField = { ...base, type: 'multi-enum', ...choices };
      const offered = new Set(choices.options);
      if (Array.isArray(fallback) && fallback.every((value) => offered.has(value as string)))
        field.default = fallback as string[];
      if (count('minItems') !== undefined) field.minItems = count('minItems');
      if (count('maxItems') !== undefined) field.maxItems = count('maxItems');
      if (own(schema, 'uniqueItems') === true) field.uniqueItems = true;
      return field;
    }
    case 'object': {
      if (depth > 1) return unsupported(base, 'groups are supported one level deep only');
      const fields = fieldsOf(schema, depth + 1);
      if (typeof fields === 'string') return unsupported(base, fields);
      return { ...base, type: 'object', fields };
    }
    default:
      return unsupported(base, 'it has no type');
  }
}

const UNDESCRIBED = 'it is required, but the schema does not describe it';

/**
 * The fields of an object schema, or what is wrong with it. A required name with no property
 * becomes a required unsupported field: no data the form could send has it.
 */
function fieldsOf(schema: Json, depth: number): FormField[] | string {
  const properties = own(schema, 'properties');
  if (!isObject(properties)) return 'it has no properties';
  const required = new Set((own(schema, 'required') as string[] | undefined) ?? []);
  const fields = Object.entries(properties).map(([name, property]) =>
    fieldOf(name, property, required.has(name), depth),
  );
  for (const name of required) {
    if (!Object.hasOwn(properties, name))
      fields.push(unsupported({ name, label: name, required: true }, UNDESCRIBED));
  }
  return fields;
}

/**
 * Generates a form from a tool's `resumeSchema`: a JSON Schema object, or its JSON text as Mastra
 * sends it. Never throws: a schema that is not an object with properties, or that uses a keyword
 * the form cannot enforce, is refused with a reason; a property the form cannot render becomes an
 * `unsupported` field with its reason.
 * @example
 * parseFormSchema('{"type":"object","properties":{"amount":{"type":"number","minimum":1}},"required":["amount"]}')
 * // → { ok: true, form: { fields: [{ type: 'number', name: 'amount', label: 'amount', required: true, minimum: 1 }] } }
 */
export function parseFormSchema(schema: unknown): FormSchemaParse {
  let value = schema;
  if (typeof schema === 'string') {
    try {
      value = JSON.parse(schema);
    } catch {
      return { ok: false, reason: 'the resume schema is not valid JSON' };
    }
  }
  if (!isObject(value)) return { ok: false, reason: 'the resume schema is not an object' };
  if (own(value, 'type') !== 'object')
    return { ok: false, reason: 'the resume schema does not describe an object' };
  const other = unknownKeyword(value, KEYWORDS.get('object')!);
  if (other)
    return { ok: false, reason: `the resume schema: the keyword "${quote(other)}" is not supported` };
  const problem = keywordProblem(value);
  if (problem) return { ok: false, reason: `the resume schema: ${problem}` };
  const fields = fieldsOf(value, 1);
  if (typeof fields === 'string') return { ok: false, reason: `the resume schema: ${fields}` };
  const form: FormSchema = { fields };
  const title = own(value, 'title');
  const description = own(value, 'description');
  if (typeof title === 'string') form.title = title;
  if (typeof description === 'string') form.description = description;
  return { ok: true, form };
}
