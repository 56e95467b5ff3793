import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseFormSchema, type FormField } from './formSchema.ts';
import { validateForm, type FormDraft, type FormDraftValue } from './validateForm.ts';

// Property: every zod schema built from what the form claims to support becomes, through the JSON
// Schema Mastra sends (z.toJSONSchema), a form with no unsupported field; and whatever draft the
// form accepts, the server's zod schema accepts too. Drafts are drawn near the bounds, so both
// accepted and refused drafts are common.

const word = fc.stringMatching(/^[a-z]{1,6}$/);
const choices = fc.uniqueArray(word, { minLength: 1, maxLength: 4 });

type Leaf = { schema: z.ZodType; draft: fc.Arbitrary<FormDraftValue> };

const text = fc.oneof(fc.constantFrom('', ' ', 'a', 'ab1', 'Zürich', '🙂🙂'), fc.string({ maxLength: 12 }));

const leaf: fc.Arbitrary<Leaf> = fc.oneof(
  fc
    .record({
      min: fc.option(fc.nat(4)),
      max: fc.option(fc.integer({ min: 4, max: 10 })),
      digits: fc.boolean(),
    })
    .map(({ min, max, digits }) => {
      let schema = z.string();
      if (min !== null) schema = schema.min(min);
      if (max !== null) schema = schema.max(max);
      if (digits) schema = schema.regex(/^[0-9]*$/);
      return { schema, draft: fc.oneof(text, fc.stringMatching(/^[0-9]{0,6}$/)) };
    }),
  fc
    .record({
      min: fc.option(fc.integer({ min: -5, max: 5 })),
      integer: fc.boolean(),
      positive: fc.boolean(),
    })
    .map(({ min, integer, positive }) => {
      let schema = integer ? z.number().int() : z.number();
      if (min !== null) schema = schema.min(min).max(min + 10);
      // exclusiveMinimum: 0 in the JSON Schema.
      if (positive) schema = schema.positive();
      const draft = fc.oneof(
        fc.integer({ min: -20, max: 20 }).map(String),
        fc.double({ min: -20, max: 20, noNaN: true }).map(String),
        fc.constantFrom('', 'x', '1e1', ' 3 ', 'Infinity'),
      );
      return { schema, draft };
    }),
  fc.constant<Leaf>({ schema: z.boolean(), draft: fc.boolean() }),
  choices.map((options) => ({
    schema: z.enum(options as [string, ...string[]]),
    draft: fc.oneof(fc.constantFrom(...options), fc.constant(''), word),
  })),
  fc.record({ options: choices, min: fc.option(fc.nat(2)) }).map(({ options, min }) => {
    let schema = z.array(z.enum(options as [string, ...string[]]));
    if (min !== null) schema = schema.min(min);
    return { schema, draft: fc.subarray(options) };
  }),
);

const optional = (entry: Leaf, isOptional: boolean): Leaf =>
  isOptional ? { schema: entry.schema.optional(), draft: entry.draft } : entry;

const properties = (inner: fc.Arbitrary<Leaf>) =>
  fc.dictionary(word, fc.tuple(inner, fc.boolean()), { minKeys: 1, maxKeys: 4 }).map((entries) => {
    const shape: Record<string, z.ZodType> = {};
    const drafts: Record<string, fc.Arbitrary<FormDraftValue>> = {};
    for (const [name, [entry, isOptional]] of Object.entries(entries)) {
      const field = optional(entry, isOptional);
      shape[name] = field.schema;
      drafts[name] = field.draft;
    }
    return { schema: z.object(shape), draft: fc.record(drafts) as fc.Arbitrary<FormDraftValue> };
  });

// One level of groups: a top-level property may be an object of leaves.
const schemaAndDraft = properties(
  fc.oneof({ weight: 4, arbitrary: leaf }, { weight: 1, arbitrary: properties(leaf) }),
);

const unsupported = (fields: FormField[]): FormField[] =>
  fields.flatMap((field) =>
    field.type === 'unsupported' ? [field] : field.type === 'object' ? unsupported(field.fields) : [],
  );

describe('forms generated from zod schemas (via JSON Schema)', () => {
  it('render every field, and send only data the zod schema accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        schemaAndDraft.chain(({ schema, draft }) => fc.tuple(fc.constant(schema), draft)),
        ([schema, draft]) => {
          const parsed = parseFormSchema(JSON.stringify(z.toJSONSchema(schema)));
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          expect(unsupported(parsed.form.fields)).toEqual([]);
          const check = validateForm(parsed.form, draft as FormDraft);
          if (!check.ok) return;
          accepted++;
          expect(schema.safeParse(check.value).error).toBeUndefined();
        },
      ),
      { numRuns: 400 },
    );
    // Not vacuous: many drafts pass the form and reach the zod check.
    expect(accepted).toBeGreaterThan(40);
  });
});
