import { Ajv, type ErrorObject } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFormSchema, type FormField } from './formSchema.ts';
import { validateForm, type FormDraft, type FormDraftValue } from './validateForm.ts';

// Differential: for generated schemas of the subset the form supports, and generated data, the
// form's verdict equals Ajv's, field by field. Data is drawn as JSON values of each field's type,
// then turned into the draft its controls would hold (numbers as text, choices as labels). Where
// a control cannot tell two data apart, only the form's reading is drawn: a blank text, an
// unticked list or an untouched optional group is "not given", and a checkbox is always given.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Leaf = { schema: { [key: string]: Json }; value: fc.Arbitrary<Json> };

/** A record with no prototype: `constructor` is a name like any other. */
const record = (entries: [string, Json][]) => {
  const result = Object.create(null) as { [key: string]: Json };
  for (const [key, value] of entries) result[key] = value;
  return result;
};

// Names that Object.prototype has too. Not `__proto__`: Ajv skips a property schema of that name
// on purpose (validateForm.test.ts covers it).
const NAMES = ['a', 'b', 'city', 'constructor', 'toString'];
const TEXT = fc
  .array(fc.constantFrom('a', 'b', 'c', '1', '🙂', ' ', 'é'), { minLength: 1, maxLength: 5 })
  .map((chars) => chars.join(''))
  .filter((text) => text.trim() !== '');
const PATTERNS = ['^[a-c]*$', 'b', '^(a|b)+$', '\\d', '^\\p{L}', '^(a+)+$', '🙂$'];
const NUMBERS = [-3, -1, 0, 0.5, 1, 1.5, 2, 3, 10];
const ENUM_VALUES: Json[] = ['a', 'b', '1', 'é', 1, 2, 2.5];
const LABELS = ['a', 'b', 'c', 'd'];

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const defined = (entries: [string, Json | undefined][]) =>
  Object.fromEntries(entries.filter((entry): entry is [string, Json] => entry[1] !== undefined));

const leaf: fc.Arbitrary<Leaf> = fc.oneof(
  fc
    .record({ min: maybe(fc.nat(4)), max: maybe(fc.nat(5)), pattern: maybe(fc.constantFrom(...PATTERNS)) })
    .map(({ min, max, pattern }) => ({
      schema: defined([
        ['type', 'string'],
        ['minLength', min],
        ['maxLength', max],
        ['pattern', pattern],
      ]),
      value: TEXT,
    })),
  fc
    .record({
      type: fc.constantFrom('number', 'integer'),
      min: maybe(fc.constantFrom(...NUMBERS)),
      max: maybe(fc.constantFrom(...NUMBERS)),
      above: maybe(fc.constantFrom(...NUMBERS)),
      below: maybe(fc.constantFrom(...NUMBERS)),
    })
    .map(({ type, min, max, above, below }) => ({
      schema: defined([
        ['type', type],
        ['minimum', min],
        ['maximum', max],
        ['exclusiveMinimum', above],
        ['exclusiveMaximum', below],
      ]),
      value: fc.constantFrom(...NUMBERS),
    })),
  fc.constant<Leaf>({ schema: { type: 'boolean' }, value: fc.boolean() }),
  fc
    .record({
      values: fc.uniqueArray(fc.constantFrom(...ENUM_VALUES), { minLength: 1, maxLength: 4 }),
      type: maybe(fc.constantFrom('string', 'number', 'integer')),
    })
    .map(({ values, type }) => ({
      schema: defined([
        ['type', type],
        ['enum', values],
      ]),
      value: fc.constantFrom(...ENUM_VALUES),
    })),
  fc
    .record({
      options: fc.uniqueArray(fc.constantFrom(...LABELS), { minLength: 1, maxLength: 3 }),
      typed: fc.boolean(),
      min: maybe(fc.nat(3)),
      max: maybe(fc.nat(3)),
      unique: maybe(fc.boolean()),
    })
    .map(({ options, typed, min, max, unique }) => ({
      schema: defined([
        ['type', 'array'],
        ['items', typed ? { type: 'string', enum: options } : { enum: options }],
        ['minItems', min],
        ['maxItems', max],
        ['uniqueItems', unique],
      ]),
      value: fc.array(fc.constantFrom(...LABELS), { maxLength: 4 }),
    })),
);

/** An object schema over `inner`, and data for it in which each property may be missing. */
const object = (inner: fc.Arbitrary<Leaf>): fc.Arbitrary<Leaf> =>
  fc
    .uniqueArray(fc.tuple(fc.constantFrom(...NAMES), inner, fc.boolean()), {
      minLength: 1,
      maxLength: 4,
      selector: ([name]) => name,
    })
    .chain((entries) =>
      fc.boolean().map((closed) => {
        const schema = defined([
          ['type', 'object'],
          ['properties', record(entries.map(([name, property]) => [name, property.schema]))],
          ['required', entries.filter(([, , required]) => required).map(([name]) => name)],
          ['additionalProperties', closed ? false : undefined],
        ]);
        const value = fc
          .tuple(...entries.map(([, property]) => maybe(property.value)))
          .map((values) =>
            record(
              entries
                .map(([name], index) => [name, values[index]] as [string, Json | undefined])
                .filter((entry): entry is [string, Json] => entry[1] !== undefined),
            ),
          );
        return { schema, value };
      }),
    );

const schemaAndData = object(
  fc.oneof({ weight: 4, arbitrary: leaf }, { weight: 1, arbitrary: object(leaf) }),
);

/** The draft the form's controls hold for `data`, or undefined where they cannot hold it. */
function draftOf(fields: readonly FormField[], data: { [key: string]: Json }): FormDraft | undefined {
  const draft = Object.create(null) as FormDraft;
  for (const field of fields) {
    const given = Object.hasOwn(data, field.name);
    const value = data[field.name];
    // A checkbox is always ticked or not; a required list's boxes give a list, a required
    // group's fields an object.
    const always =
      field.type === 'boolean' ||
      (field.required && (field.type === 'multi-enum' || field.type === 'object'));
    if (!given && always) return undefined;
    if (!given) continue;
    if (field.type === 'object') {
      const nested = draftOf(field.fields, value as { [key: string]: Json });
      if (!nested) return undefined;
      // An optional group with nothing entered is not given.
      const entered = Object.values(nested).some(
        (entry) => entry !== false && !(Array.isArray(entry) && entry.length === 0),
      );
      if (!field.required && !entered) return undefined;
      draft[field.name] = nested;
    } else if (field.type === 'multi-enum') {
      // An optional list with nothing ticked is not given.
      if (!field.required && (value as Json[]).length === 0) return undefined;
      draft[field.name] = value as string[];
    } else if (field.type === 'enum') {
      // A choice is shown as its text: a value reading as an option's text must be that option.
      if (field.options.some((option) => String(option) === String(value) && option !== value))
        return undefined;
      draft[field.name] = String(value);
    } else draft[field.name] = typeof value === 'boolean' ? value : String(value as FormDraftValue);
  }
  return draft;
}

const ajv = new Ajv({ allErrors: true, strict: false, ownProperties: true });

/** The form field an Ajv error is about: `a.b` for `/a/b`, the list for one of its items. */
function fieldPath(error: ErrorObject): string {
  const segments = error.instancePath.split('/').slice(1);
  if (error.keyword === 'required')
    segments.push((error.params as { missingProperty: string }).missingProperty);
  while (segments.length > 0 && /^\d+$/.test(segments.at(-1)!)) segments.pop();
  return segments.map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~')).join('.');
}

const hasUnsupported = (fields: readonly FormField[]): boolean =>
  fields.some(
    (field) => field.type === 'unsupported' || (field.type === 'object' && hasUnsupported(field.fields)),
  );

describe('validateForm against Ajv', () => {
  it('gives the same verdict on the same fields, and sends the data given', () => {
    const tally = { valid: 0, invalid: 0 };
    fc.assert(
      fc.property(
        schemaAndData.chain(({ schema, value }) => fc.tuple(fc.constant(JSON.stringify(schema)), value)),
        ([text, data]) => {
          const parsed = parseFormSchema(text);
          expect(parsed.ok).toBe(true);
          if (!parsed.ok || hasUnsupported(parsed.form.fields)) return;
          const draft = draftOf(parsed.form.fields, data as { [key: string]: Json });
          if (!draft) return;
          const validate = ajv.compile(JSON.parse(text) as object);
          const valid = validate(data);
          const expected = new Set((validate.errors ?? []).map(fieldPath));
          const check = validateForm(parsed.form, draft);
          const context = `${text}\n${JSON.stringify(data)}`;
          if (check.ok) {
            expect(valid, context).toBe(true);
            expect(check.value, context).toEqual(data);
            tally.valid++;
          } else {
            expect(valid, context).toBe(false);
            expect(new Set(check.errors.map((error) => error.path)), context).toEqual(expected);
            tally.invalid++;
          }
        },
      ),
      { numRuns: Number(process.env.RUNS ?? 800) },
    );
    // RUNS=30000 for a longer search (and the tally).
    if (process.env.RUNS) console.log(tally);
    // Not vacuous: both verdicts are common.
    expect(tally.valid).toBeGreaterThan(40);
    expect(tally.invalid).toBeGreaterThan(200);
  });
});
