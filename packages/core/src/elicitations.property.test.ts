import { specTypeSchemas } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elicitations } from './elicitations.ts';
import type { ElicitationItem } from './types.ts';
import type { FormDraft, FormDraftValue } from './validateForm.ts';

// Every schema of MCP's restricted elicitation subset (2025-11-25), as the MCP SDK itself checks
// requests, is one the form supports in full; and every answer the form lets through is one the
// SDK's own validation accepts: the result's shape (ElicitResult) and its content against the
// requested schema (AjvJsonSchemaValidator, with formats, as the SDK validates).

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Property = { schema: { [key: string]: Json }; draft: fc.Arbitrary<FormDraftValue> };

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const defined = (entries: [string, Json | undefined][]) =>
  Object.fromEntries(entries.filter((entry): entry is [string, Json] => entry[1] !== undefined));

const TEXTS = [
  '',
  ' ',
  'a',
  'Ada',
  'ada@example.com',
  'ada@localhost',
  'not an address',
  'a@b.c',
  'x@y.io',
  'https://example.com/a?b=c',
  'http://example.com/a b',
  'mailto:ada@example.com',
  'urn:isbn:123',
  'https://exämple.com',
  '2026-12-24',
  '2026-02-30',
  '2024-02-29',
  '2026-13-01',
  '24/12/2026',
  '2026-12-24T18:30',
  '2026-12-24T25:00',
  '2026-12-24T18:30:00Z',
  '2026-12-24T18:30:00+01:00',
  '2026-12-24T18:30:00',
  '🙂🙂',
  'ééééé',
  'a'.repeat(12),
];
const NUMBERS = ['', '0', '1', '-1', '2.5', '3', '10', '1e1', '0x10', 'abc', ' 4 ', '8', '9'];
const OPTIONS = ['a', 'b', 'c', 'é', 'long option'];

const text: fc.Arbitrary<Property> = fc
  .record({
    min: maybe(fc.nat(6)),
    max: maybe(fc.nat(30)),
    format: maybe(fc.constantFrom('email', 'uri', 'date', 'date-time')),
    title: maybe(fc.constantFrom('Name', 'When')),
  })
  .map(({ min, max, format, title }) => ({
    schema: defined([
      ['type', 'string'],
      ['title', title],
      ['minLength', min],
      ['maxLength', max],
      ['format', format],
    ]),
    draft: fc.constantFrom(...TEXTS),
  }));

const number: fc.Arbitrary<Property> = fc
  .record({
    type: fc.constantFrom('number', 'integer'),
    min: maybe(fc.constantFrom(-1, 0, 1, 2.5)),
    max: maybe(fc.constantFrom(0, 3, 8, 10)),
    fallback: maybe(fc.constantFrom(1, 2)),
  })
  .map(({ type, min, max, fallback }) => ({
    schema: defined([
      ['type', type],
      ['minimum', min],
      ['maximum', max],
      ['default', fallback],
    ]),
    draft: fc.constantFrom(...NUMBERS),
  }));

const boolean: fc.Arbitrary<Property> = maybe(fc.boolean()).map((fallback) => ({
  schema: defined([
    ['type', 'boolean'],
    ['default', fallback],
  ]),
  draft: fc.boolean(),
}));

const choices = fc.uniqueArray(fc.constantFrom(...OPTIONS), { minLength: 1, maxLength: 4 });
const titled = (values: string[]) => values.map((value) => ({ const: value, title: value.toUpperCase() }));

const single: fc.Arbitrary<Property> = fc
  .record({ values: choices, style: fc.constantFrom('enum', 'enumNames', 'oneOf') })
  .map(({ values, style }) => ({
    schema:
      style === 'oneOf'
        ? { type: 'string', oneOf: titled(values) }
        : defined([
            ['type', 'string'],
            ['enum', values],
            ['enumNames', style === 'enumNames' ? values.map((value) => value.toUpperCase()) : undefined],
          ]),
    draft: fc.constantFrom('', 'zzz', ...OPTIONS),
  }));

const multiple: fc.Arbitrary<Property> = fc
  .record({ values: choices, titledItems: fc.boolean(), min: maybe(fc.nat(2)), max: maybe(fc.nat(3)) })
  .map(({ values, titledItems, min, max }) => ({
    schema: defined([
      ['type', 'array'],
      ['items', titledItems ? { anyOf: titled(values) } : { type: 'string', enum: values }],
      ['minItems', min],
      ['maxItems', max],
    ]),
    draft: fc.subarray([...OPTIONS, 'zzz']),
  }));

const NAMES = ['name', 'email', 'when', 'guests', 'ok', 'pick', 'tags'];

const requested = fc
  .uniqueArray(
    fc.tuple(fc.constantFrom(...NAMES), fc.oneof(text, number, boolean, single, multiple), fc.boolean()),
    {
      minLength: 1,
      maxLength: 5,
      selector: ([name]) => name,
    },
  )
  .chain((entries) => {
    const requestedSchema = {
      type: 'object',
      properties: Object.fromEntries(entries.map(([name, property]) => [name, property.schema])),
      required: entries.filter(([, , required]) => required).map(([name]) => name),
    };
    const draft = fc
      .tuple(...entries.map(([, property]) => property.draft))
      .map(
        (values) => Object.fromEntries(entries.map(([name], index) => [name, values[index]!])) as FormDraft,
      );
    return fc.tuple(fc.constant(requestedSchema), draft);
  });

const item = (requestedSchema: unknown) =>
  elicitations.parse(
    {
      runId: 'run-1',
      toolCallId: 'call-1',
      toolName: 'bookings_book_table',
      requiresApproval: false,
      suspendPayload: {
        elicitation: { server: 'bookings', mode: 'form', message: 'Details?', requestedSchema },
      },
    },
    'key-1',
  );

const sdkValidator = new AjvJsonSchemaValidator();

describe('MCP-restricted schemas, against the MCP SDK', () => {
  it('every one the SDK takes is a form with no unsupported field, and every answer it sends the SDK accepts', () => {
    const tally = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(requested, ([requestedSchema, draft]) => {
        const request = specTypeSchemas.ElicitRequestFormParams['~standard'].validate({
          mode: 'form',
          message: 'Details?',
          requestedSchema,
        });
        expect(request, JSON.stringify(requestedSchema)).not.toHaveProperty('issues');
        const parsed = item(requestedSchema) as ElicitationItem;
        expect(parsed.kind, JSON.stringify(parsed)).toBe('elicitation');
        if (parsed.mode !== 'form') throw new Error('expected a form');
        expect(parsed.form.fields.filter((field) => field.type === 'unsupported')).toEqual([]);
        const check = elicitations.validate(parsed, { action: 'accept', content: draft });
        if (!check.ok) {
          tally.refused += 1;
          return;
        }
        tally.accepted += 1;
        const result = elicitations.resume(parsed, check.value).resumeData;
        expect(specTypeSchemas.ElicitResult['~standard'].validate(result)).not.toHaveProperty('issues');
        const content = (result as { content: unknown }).content;
        const verdict = sdkValidator.getValidator(requestedSchema as never)(content);
        expect(verdict.valid, `${JSON.stringify(content)}: ${verdict.errorMessage}`).toBe(true);
      }),
      { numRuns: 600 },
    );
    // Neither side of the property may be empty.
    expect(tally.accepted).toBeGreaterThan(50);
    expect(tally.refused).toBeGreaterThan(50);
  });
});
