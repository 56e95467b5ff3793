import { quote } from './quote.ts';

// The JSON Schema keywords a generated form understands, and the checks on their values that a
// validator's meta-schema makes. A keyword the form accepts is a keyword it enforces: any other
// keyword, or an accepted one with a value no validator would take, makes the schema part
// unsupported, since guessing at it could send data the server refuses.

export type Json = { [key: string]: unknown };

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A keyword's value if the schema has it as its own property: a property schema named
 * `constructor` or `__proto__` must not read what `Object.prototype` has under that name.
 */
export const own = (schema: Json, key: string): unknown =>
  Object.hasOwn(schema, key) ? schema[key] : undefined;

export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

// Keywords that change nothing a form shows or checks.
const ANNOTATIONS = ['title', 'description', 'default', '$schema', '$id', 'examples', '$comment'];

/** The keywords each field type understands, annotations included. */
export const KEYWORDS = new Map(
  Object.entries({
    string: ['type', 'minLength', 'maxLength', 'pattern', 'format'],
    number: ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
    integer: ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
    boolean: ['type'],
    enum: ['type', 'enum', 'enumNames', 'oneOf'],
    'multi-enum': ['type', 'items', 'minItems', 'maxItems', 'uniqueItems'],
    object: ['type', 'properties', 'required', 'additionalProperties'],
  }).map(([type, keywords]) => [type, new Set([...keywords, ...ANNOTATIONS])]),
);

const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems'];
// A number, as since draft 6 (draft 4's boolean exclusiveMinimum is refused as not a number).
const NUMBERS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];

/** Why the value of one of the schema's keywords is not one a JSON Schema validator accepts. */
export function keywordProblem(schema: Json): string | undefined {
  for (const key of COUNTS) {
    const value = own(schema, key);
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0))
      return `its ${key} is not a whole number of 0 or more`;
  }
  for (const key of NUMBERS) {
    const value = own(schema, key);
    if (value !== undefined && !isNumber(value)) return `its ${key} is not a number`;
  }
  const unique = own(schema, 'uniqueItems');
  if (unique !== undefined && typeof unique !== 'boolean') return 'its uniqueItems is not true or false';
  const pattern = own(schema, 'pattern');
  if (pattern !== undefined && typeof pattern !== 'string') return 'its pattern is not text';
  const required = own(schema, 'required');
  if (
    required !== undefined &&
    !(Array.isArray(required) && required.every((name) => typeof name === 'string'))
  )
    return 'its required is not a list of property names';
  const additional = own(schema, 'additionalProperties');
  if (additional !== undefined && typeof additional !== 'boolean' && !isObject(additional))
    return 'its additionalProperties is not a schema';
  return undefined;
}

/** The first keyword of the schema not in `known`. */
export const unknownKeyword = (schema: Json, known: Set<string>): string | undefined =>
  Object.keys(schema).find((key) => !known.has(key));

const FITS_TYPE = new Map<string, (value: string | number) => boolean>([
  ['string', (value) => typeof value === 'string'],
  ['number', (value) => typeof value === 'number'],
  ['integer', (value) => Number.isInteger(value)],
]);

/**
 * The values an `enum` offers, less those its `type` (if any) refuses, as a validator checks both;
 * or why it offers none. Values that read the same as text (`1` and `"1"`) cannot both be offered
 * by a form whose controls give text.
 */
export function enumOptions(values: unknown[], type: unknown): (string | number)[] | string {
  if (!values.every((value) => typeof value === 'string' || isNumber(value)))
    return 'its enum offers values that are not text or numbers';
  let options = [...new Set(values as (string | number)[])];
  if (type !== undefined) {
    if (typeof type !== 'string') return Array.isArray(type) ? 'it allows several types' : 'it has no type';
    const fits = FITS_TYPE.get(type);
    options = fits ? options.filter(fits) : [];
  }
  if (options.length === 0)
    return values.length === 0
      ? 'its enum offers no value'
      : `none of its enum values is of type "${quote(String(type))}"`;
  if (new Set(options.map(String)).size < options.length)
    return 'its enum offers the same value both as text and as a number';
  return options;
}
