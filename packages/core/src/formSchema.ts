import { quote } from './quote.ts';

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
}

/** A number field (`type: "number"` or `"integer"`). */
export interface NumberField extends FieldBase {
  type: 'number' | 'integer';
  default?: number;
  minimum?: number;
  maximum?: number;
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
  default?: string | number;
}

/** Several choices among `options` (`type: "array"` whose `items` is an `enum`). */
export interface MultiEnumField extends FieldBase {
  type: 'multi-enum';
  options: string[];
  default?: string[];
  minItems?: number;
  maxItems?: number;
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

type Json = { [key: string]: unknown };

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Keywords that change nothing a form shows or checks.
const ANNOTATIONS = ['title', 'description', 'default', '$schema', '$id', 'examples', '$comment'];
// Keywords each field type understands; any other keyword makes the field unsupported, since
// guessing at it could send data the server refuses.
const KEYWORDS: Record<string, string[]> = {
  string: ['type', 'minLength', 'maxLength', 'pattern'],
  number: ['type', 'minimum', 'maximum'],
  integer: ['type', 'minimum', 'maximum'],
  boolean: ['type'],
  enum: ['type', 'enum'],
  'multi-enum': ['type', 'items', 'minItems', 'maxItems', 'uniqueItems'],
  object: ['type', 'properties', 'required', 'additionalProperties'],
};

const unsupported = (base: FieldBase, reason: string): UnsupportedField => ({
  ...base,
  type: 'unsupported',
  reason,
});

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The field type a property schema describes, or why none. */
function typeOf(schema: Json): FormField['type'] | string {
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as unknown[];
    if (values.length === 0) return 'its enum offers no value';
    if (!values.every((value) => typeof value === 'string' || isNumber(value)))
      return 'its enum offers values that are not text or numbers';
    return 'enum';
  }
  const { type } = schema;
  if (type === 'array') {
    const items = schema.items;
    const choices = isObject(items) && Array.isArray(items.enum) ? (items.enum as unknown[]) : undefined;
    const plain = isObject(items) && Object.keys(items).every((key) => key === 'type' || key === 'enum');
    if (!choices || !plain || !choices.every((value) => typeof value === 'string'))
      return 'a list is supported only as a list of text choices (items with an enum of text)';
    return 'multi-enum';
  }
  if (typeof type !== 'string') return Array.isArray(type) ? 'it allows several types' : 'it has no type';
  if (!Object.hasOwn(KEYWORDS, type) || type === 'enum' || type === 'multi-enum')
    return `type "${quote(String(type))}" is not supported`;
  return type as FormField['type'];
}

/** Builds one field; `depth` 1 is a top-level property, 2 a property of a group. */
function fieldOf(name: string, schema: unknown, required: boolean, depth: number): FormField {
  const base: FieldBase = { name, label: name, required };
  if (!isObject(schema)) return unsupported(base, 'its schema is not an object');
  if (typeof schema.title === 'string' && schema.title.trim()) base.label = schema.title;
  if (typeof schema.description === 'string') base.description = schema.description;
  const type = typeOf(schema);
  if (!Object.hasOwn(KEYWORDS, type)) return unsupported(base, type);
  const known = new Set([...KEYWORDS[type]!, ...ANNOTATIONS]);
  const other = Object.keys(schema).find((key) => !known.has(key));
  if (other) return unsupported(base, `the keyword "${quote(other)}" is not supported`);
  const fallback = schema.default;
  switch (type as FormField['type']) {
    case 'string': {
      const field: StringField = { ...base, type: 'string' };
      if (typeof fallback === 'string') field.default = fallback;
      if (isNumber(schema.minLength)) field.minLength = schema.minLength;
      if (isNumber(schema.maxLength)) field.maxLength = schema.maxLength;
      if (typeof schema.pattern === 'string') {
        if (!isPattern(schema.pattern))
          return unsupported(base, 'its pattern is not a valid regular expression');
        field.pattern = schema.pattern;
      }
      return field;
    }
    case 'number':
    case 'integer': {
      const field: NumberField = { ...base, type: type as 'number' | 'integer' };
      if (isNumber(fallback)) field.default = fallback;
      if (isNumber(schema.minimum)) field.minimum = schema.minimum;
      if (isNumber(schema.maximum)) field.maximum = schema.maximum;
      return field;
    }
    case 'boolean': {
      const field: BooleanField = { ...base, type: 'boolean' };
      if (typeof fallback === 'boolean') field.default = fallback;
      return field;
    }
    case 'enum': {
      const options = schema.enum as (string | number)[];
      const field: EnumField = { ...base, type: 'enum', options };
      if (options.includes(fallback as string)) field.default = fallback as string | number;
      return field;
    }
    case 'multi-enum': {
      const options = (schema.items as Json).enum as string[];
      const field: MultiEnumField = { ...base, type: 'multi-enum', options };
      if (Array.isArray(fallback) && fallback.every((value) => options.includes(value as string)))
        field.default = fallback as string[];
      if (isNumber(schema.minItems)) field.minItems = schema.minItems;
      if (isNumber(schema.maxItems)) field.maxItems = schema.maxItems;
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

function isPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** The fields of an object schema, or what is wrong with it. */
function fieldsOf(schema: Json, depth: number): FormField[] | string {
  if (!isObject(schema.properties)) return 'it has no properties';
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  return Object.entries(schema.properties).map(([name, property]) =>
    fieldOf(name, property, required.includes(name), depth),
  );
}

/**
 * Generates a form from a tool's `resumeSchema`: a JSON Schema object, or its JSON text as Mastra
 * sends it. Never throws: a schema that is not an object with properties is refused with a
 * reason; a property the form cannot render becomes an `unsupported` field with its reason.
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
  if (value.type !== 'object') return { ok: false, reason: 'the resume schema does not describe an object' };
  const fields = fieldsOf(value, 1);
  if (typeof fields === 'string') return { ok: false, reason: `the resume schema: ${fields}` };
  const form: FormSchema = { fields };
  if (typeof value.title === 'string') form.title = value.title;
  if (typeof value.description === 'string') form.description = value.description;
  return { ok: true, form };
}
