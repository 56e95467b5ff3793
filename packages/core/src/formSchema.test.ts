import { describe, expect, it } from 'vitest';
import { parseFormSchema, type FormField } from './formSchema.ts';

const fieldsOf = (properties: object, rest: object = {}): FormField[] => {
  const parsed = parseFormSchema({ type: 'object', properties, ...rest });
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.form.fields;
};
const fieldOf = (schema: object) => fieldsOf({ field: schema })[0]!;

describe('property names that Object.prototype has', () => {
  it('become fields like any other, from JSON text', () => {
    const parsed = parseFormSchema(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"number"}},"required":["__proto__","constructor"]}',
    );
    expect(parsed.ok && parsed.form.fields.map((field) => [field.name, field.type, field.required])).toEqual([
      ['__proto__', 'string', true],
      ['constructor', 'number', true],
    ]);
  });
});

describe('a keyword the form accepts is a keyword it enforces', () => {
  it('a required name with no property becomes a required unsupported field', () => {
    expect(fieldsOf({ city: { type: 'string' } }, { required: ['city', 'zip'] })).toEqual([
      { name: 'city', label: 'city', required: true, type: 'string' },
      {
        name: 'zip',
        label: 'zip',
        required: true,
        type: 'unsupported',
        reason: 'it is required, but the schema does not describe it',
      },
    ]);
  });

  it('type beside enum: only the values of that type are offered', () => {
    expect(fieldOf({ type: 'string', enum: ['a', 1] })).toMatchObject({ type: 'enum', options: ['a'] });
    expect(fieldOf({ type: 'integer', enum: [1, 1.5, 'x'] })).toMatchObject({ type: 'enum', options: [1] });
    expect(fieldOf({ type: 'number', enum: [1, 1.5, 'x'] })).toMatchObject({
      type: 'enum',
      options: [1, 1.5],
    });
    expect(fieldOf({ type: 'boolean', enum: ['a'] })).toMatchObject({ type: 'unsupported' });
    expect(fieldOf({ type: ['string', 'number'], enum: ['a'] })).toMatchObject({ type: 'unsupported' });
  });

  it("the type of a list's items beside their enum is enforced too", () => {
    expect(fieldOf({ type: 'array', items: { type: 'number', enum: ['a'] } })).toMatchObject({
      type: 'unsupported',
    });
    expect(fieldOf({ type: 'array', items: { type: 'string', enum: ['a'] } })).toMatchObject({
      type: 'multi-enum',
    });
  });

  it('enum values that read the same as text cannot both be offered', () => {
    expect(fieldOf({ enum: [1, '1'] })).toMatchObject({ type: 'unsupported' });
    expect(fieldOf({ enum: ['a', 'a'] })).toMatchObject({ type: 'enum', options: ['a'] });
  });

  it.each([
    [
      { type: 'array', items: { enum: ['a'] }, minItems: 1.5 },
      'its minItems is not a whole number of 0 or more',
    ],
    [
      { type: 'array', items: { enum: ['a'] }, maxItems: -1 },
      'its maxItems is not a whole number of 0 or more',
    ],
    [{ type: 'array', items: { enum: ['a'] }, uniqueItems: 'yes' }, 'its uniqueItems is not true or false'],
    [{ type: 'string', minLength: '3' }, 'its minLength is not a whole number of 0 or more'],
    [{ type: 'string', pattern: 3 }, 'its pattern is not text'],
    [{ type: 'number', minimum: '0' }, 'its minimum is not a number'],
    [{ type: 'number', minimum: 0, exclusiveMinimum: true }, 'its exclusiveMinimum is not a number'],
    [{ type: 'number', multipleOf: 0.1 }, 'the keyword "multipleOf" is not supported'],
    [{ type: 'object', properties: {}, required: 'a' }, 'its required is not a list of property names'],
    [{ type: 'string', pattern: '^(a)\\1$' }, 'its pattern uses backreferences, which the form cannot check'],
    [{ type: 'string', pattern: '^(?!x)' }, 'its pattern uses lookarounds, which the form cannot check'],
    [{ type: 'string', pattern: '(' }, 'its pattern is not a valid regular expression'],
  ])('%j is unsupported: %s', (schema, reason) => {
    expect(fieldOf(schema)).toMatchObject({ type: 'unsupported', reason });
  });

  it('the resume schema itself may use only the keywords of an object', () => {
    expect(parseFormSchema({ type: 'object', properties: {}, minProperties: 1 })).toEqual({
      ok: false,
      reason: 'the resume schema: the keyword "minProperties" is not supported',
    });
    expect(parseFormSchema({ type: 'object', properties: {}, required: [3] })).toEqual({
      ok: false,
      reason: 'the resume schema: its required is not a list of property names',
    });
  });

  it('keeps whole-number bounds such as minItems: 1.0 (an integer in JSON)', () => {
    expect(fieldOf({ type: 'array', items: { enum: ['a'] }, minItems: 1.0 })).toMatchObject({ minItems: 1 });
  });
});

describe('work grows linearly with the number of properties', () => {
  it('looks at each required name a bounded number of times', () => {
    const size = 2000;
    const names = Array.from({ length: size }, (_, index) => `p${index}`);
    let reads = 0;
    const required = new Proxy(names, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const properties = Object.fromEntries(names.map((name) => [name, { type: 'string' }]));
    const parsed = parseFormSchema({ type: 'object', properties, required });
    expect(parsed.ok && parsed.form.fields.every((field) => field.required)).toBe(true);
    expect(reads).toBeLessThanOrEqual(3 * size);
  });

  it('parses 100,000 required properties', () => {
    const names = Array.from({ length: 100_000 }, (_, index) => `p${index}`);
    const properties = Object.fromEntries(names.map((name) => [name, { type: 'string' }]));
    const parsed = parseFormSchema(JSON.stringify({ type: 'object', properties, required: names }));
    expect(parsed.ok && parsed.form.fields.length).toBe(100_000);
  });
});
