import { describe, expect, it } from 'vitest';
import { parseFormSchema, type FormField, type FormSchema, type MultiEnumField } from './formSchema.ts';
import { formMessages, initialFormDraft, validateForm, type FormDraft } from './validateForm.ts';

const formOf = (schema: object): FormSchema => {
  const parsed = parseFormSchema(JSON.stringify(schema));
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.form;
};

/** A list whose element reads are counted: how many times an algorithm looks at it. */
function counted<T>(items: T[]): { list: T[]; reads: () => number } {
  let reads = 0;
  const list = new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { list, reads: () => reads };
}

describe('property names that Object.prototype has', () => {
  // JSON text, as the server sends it: in an object literal `__proto__:` would set the prototype.
  const form = formOf(
    JSON.parse(`{"type":"object","required":["__proto__"],"properties":{
      "__proto__":{"type":"string"},
      "constructor":{"type":"string"},
      "toString":{"type":"object","properties":{"valueOf":{"type":"string"}}}}}`) as object,
  );

  it('sends a required "__proto__" as an own property of the JSON', () => {
    const check = validateForm(form, JSON.parse('{"__proto__":"Ada","constructor":"Lovelace"}') as FormDraft);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(Object.hasOwn(check.value, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(check.value))).toEqual(
      JSON.parse('{"__proto__":"Ada","constructor":"Lovelace"}'),
    );
    expect(JSON.stringify(check.value)).toBe('{"__proto__":"Ada","constructor":"Lovelace"}');
  });

  it('refuses a missing required "__proto__" rather than sending {}', () => {
    expect(validateForm(form, {})).toEqual({
      ok: false,
      errors: [{ path: '__proto__', message: formMessages.required }],
    });
  });

  it('starts from a draft that has each of them as its own property', () => {
    const draft = initialFormDraft(form);
    expect(Object.keys(draft)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(draft.toString)).toBe(null);
  });

  it('keeps a group named "__proto__" a property, never the data\'s prototype', () => {
    const grouped = formOf(
      JSON.parse(
        '{"type":"object","required":["__proto__"],"properties":{"__proto__":{"type":"object","properties":{"polluted":{"type":"string"}}}}}',
      ) as object,
    );
    const check = validateForm(grouped, JSON.parse('{"__proto__":{"polluted":"yes"}}') as FormDraft);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(Object.getPrototypeOf(check.value)).toBe(null);
    expect((check.value as { polluted?: string }).polluted).toBeUndefined();
    expect(JSON.stringify(check.value)).toBe('{"__proto__":{"polluted":"yes"}}');
  });

  it('does not read an inherited "constructor" as the draft of a field of that name', () => {
    const required = formOf({
      type: 'object',
      properties: { constructor: { type: 'string' } },
      required: ['constructor'],
    });
    expect(validateForm(required, {}).ok).toBe(false);
  });
});

describe('keywords the form accepts are enforced', () => {
  const list = (extra: object) =>
    formOf({
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, ...extra } },
      required: ['tags'],
    });

  it('uniqueItems: the same choice twice is refused', () => {
    expect(validateForm(list({ uniqueItems: true }), { tags: ['a', 'a'] })).toEqual({
      ok: false,
      errors: [{ path: 'tags', message: formMessages.uniqueItems }],
    });
    expect(validateForm(list({ uniqueItems: true }), { tags: ['a', 'b'] }).ok).toBe(true);
    expect(validateForm(list({}), { tags: ['a', 'a'] })).toEqual({ ok: true, value: { tags: ['a', 'a'] } });
  });

  it('a choice the list does not offer is refused, not dropped', () => {
    expect(validateForm(list({}), { tags: ['a', 'z'] })).toEqual({
      ok: false,
      errors: [{ path: 'tags', message: formMessages.notAmongOptions }],
    });
  });

  it('a required name with no property makes the form refuse every draft', () => {
    const form = formOf({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city', 'zip'],
    });
    expect(validateForm(form, { city: 'Lisbon' })).toEqual({
      ok: false,
      errors: [{ path: 'zip', message: formMessages.unsupported }],
    });
  });

  it('minLength and maxLength count code points, as JSON Schema does', () => {
    const form = (bounds: object) =>
      formOf({ type: 'object', properties: { name: { type: 'string', ...bounds } }, required: ['name'] });
    expect(validateForm(form({ maxLength: 1 }), { name: '🙂' }).ok).toBe(true);
    expect(validateForm(form({ minLength: 2 }), { name: '🙂' }).ok).toBe(false);
    expect(validateForm(form({ minLength: 2, maxLength: 2 }), { name: '🙂🙂' }).ok).toBe(true);
  });

  it('an optional group left empty is left out, even if its own fields are required', () => {
    const form = formOf({
      type: 'object',
      properties: {
        address: {
          type: 'object',
          properties: { city: { type: 'string' }, pets: { type: 'boolean' } },
          required: ['city'],
        },
      },
    });
    expect(validateForm(form, initialFormDraft(form))).toEqual({ ok: true, value: {} });
    expect(validateForm(form, { address: { city: '', pets: true } })).toEqual({
      ok: false,
      errors: [{ path: 'address.city', message: formMessages.required }],
    });
  });

  it('a pattern that would take the platform exponential time is checked at once', () => {
    const form = formOf({ type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } });
    expect(validateForm(form, { code: `${'a'.repeat(40)}!` })).toEqual({
      ok: false,
      errors: [{ path: 'code', message: formMessages.pattern }],
    });
    expect(validateForm(form, { code: 'a'.repeat(40) }).ok).toBe(true);
  });

  it('ordinary patterns still work, unanchored as in JSON Schema', () => {
    const form = (pattern: string) =>
      formOf({ type: 'object', properties: { code: { type: 'string', pattern } } });
    expect(validateForm(form('^[A-Z]{3}-\\d{2}$'), { code: 'ABC-12' }).ok).toBe(true);
    expect(validateForm(form('^[A-Z]{3}-\\d{2}$'), { code: 'ABC-123' }).ok).toBe(false);
    expect(validateForm(form('\\d'), { code: 'room 7' }).ok).toBe(true);
    expect(validateForm(form('^\\p{Lu}'), { code: 'Zürich' }).ok).toBe(true);
  });
});

describe('number fields', () => {
  const form = formOf({ type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] });
  it.each(['0x10', '0b11', '0o7', 'Infinity', '1_000', '1e400', '12abc'])(
    'refuses %j as not a number',
    (text) => {
      expect(validateForm(form, { amount: text })).toEqual({
        ok: false,
        errors: [{ path: 'amount', message: formMessages.notANumber }],
      });
    },
  );
  it('an integer field takes 1.0 (an integer in JSON) and refuses 1.5', () => {
    const whole = formOf({ type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] });
    expect(validateForm(whole, { count: '1.0' })).toEqual({ ok: true, value: { count: 1 } });
    expect(validateForm(whole, { count: '1.5' })).toEqual({
      ok: false,
      errors: [{ path: 'count', message: formMessages.notAnInteger }],
    });
  });

  it('exclusiveMinimum and exclusiveMaximum leave the bound itself out', () => {
    const bounded = formOf({
      type: 'object',
      properties: { amount: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 } },
      required: ['amount'],
    });
    expect(validateForm(bounded, { amount: '0' })).toEqual({
      ok: false,
      errors: [{ path: 'amount', message: formMessages.exclusiveMinimum(0) }],
    });
    expect(validateForm(bounded, { amount: '10' })).toEqual({
      ok: false,
      errors: [{ path: 'amount', message: formMessages.exclusiveMaximum(10) }],
    });
    expect(validateForm(bounded, { amount: '0.01' }).ok).toBe(true);
  });

  it.each([
    ['1e3', 1000],
    [' -2.5 ', -2.5],
    ['.5', 0.5],
    ['+7', 7],
    ['1E+2', 100],
  ])('reads %j as %d', (text, value) => {
    expect(validateForm(form, { amount: text })).toEqual({ ok: true, value: { amount: value } });
  });
});

describe('validateForm never throws', () => {
  const form = formOf({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
  it.each([null, undefined, 'text', 3, ['name']])('a draft of %j counts as empty', (draft) => {
    expect(validateForm(form, draft as unknown as FormDraft)).toEqual({
      ok: false,
      errors: [{ path: 'name', message: formMessages.required }],
    });
  });
});

describe('work grows linearly with the number of choices', () => {
  const field = (options: string[]): MultiEnumField => ({
    type: 'multi-enum',
    name: 'tags',
    label: 'tags',
    required: true,
    options,
    uniqueItems: true,
  });

  it('looks at each option and each choice a bounded number of times', () => {
    const size = 2000;
    const labels = Array.from({ length: size }, (_, index) => `option ${index}`);
    const options = counted(labels);
    const chosen = counted([...labels]);
    const check = validateForm({ fields: [field(options.list)] }, { tags: chosen.list });
    expect(check.ok).toBe(true);
    expect(options.reads()).toBeLessThanOrEqual(2 * size);
    expect(chosen.reads()).toBeLessThanOrEqual(4 * size);
  });

  it('validates 100,000 ticked choices', () => {
    const labels = Array.from({ length: 100_000 }, (_, index) => `option ${index}`);
    const fields: FormField[] = [field(labels)];
    const check = validateForm({ fields }, { tags: [...labels] });
    expect(check.ok && (check.value.tags as string[]).length).toBe(100_000);
  });
});
