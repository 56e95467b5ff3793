import { printGrowth, RUNS, TARGET_RATIO, type GrowthOperation } from '../lib/growth.ts';

// The form parser and validator the forms kind runs, from their sources (neither is public).
type Items = typeof import('../../packages/core/src/formSchema.ts') &
  typeof import('../../packages/core/src/validateForm.ts');

const formOf = (items: Items, schema: object) => {
  const parsed = items.parseFormSchema(JSON.stringify(schema));
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.form;
};

const names = (size: number) => Array.from({ length: size }, (_, index) => `p${index}`);

type Operation = GrowthOperation<Items>;

const operations = (quick: boolean): Operation[] => {
  const scale = quick ? 0.25 : 1;
  return [
    {
      name: 'parseFormSchema: n required properties (JSON text)',
      n: 25_000 * scale,
      prepare: (items, size) => {
        const properties = Object.fromEntries(names(size).map((name) => [name, { type: 'string' }]));
        const text = JSON.stringify({ type: 'object', properties, required: names(size) });
        return () => items.parseFormSchema(text);
      },
    },
    {
      // What allocating that much costs on this machine: a linear operation of the platform.
      name: 'baseline: JSON.parse of the same schema text',
      n: 25_000 * scale,
      prepare: (_, size) => {
        const properties = Object.fromEntries(names(size).map((name) => [name, { type: 'string' }]));
        const text = JSON.stringify({ type: 'object', properties, required: names(size) });
        return () => JSON.parse(text) as unknown;
      },
    },
    {
      name: 'validateForm: n of n choices ticked (uniqueItems)',
      n: 25_000 * scale,
      prepare: (items, size) => {
        const options = names(size);
        const form = formOf(items, {
          type: 'object',
          properties: { tags: { type: 'array', items: { enum: options }, uniqueItems: true } },
          required: ['tags'],
        });
        return () => items.validateForm(form, { tags: [...options].reverse() });
      },
    },
    {
      name: 'validateForm: pattern ^(a+)+$ on n "a"s and a "!"',
      n: 25_000 * scale,
      prepare: (items, size) => {
        const form = formOf(items, {
          type: 'object',
          properties: { code: { type: 'string', pattern: '^(a+)+$' } },
        });
        const code = `${'a'.repeat(size)}!`;
        return () => items.validateForm(form, { code });
      },
    },
  ];
};

/** Resume forms: parsing a schema and validating a draft, timed at n and 4n; a linear cost stays near 4×. */
export async function formsSection(options: { quick?: boolean } = {}): Promise<void> {
  console.log('\n## Resume forms: n and 4n\n');
  const items = await Promise.all([
    import('../../packages/core/src/formSchema.ts'),
    import('../../packages/core/src/validateForm.ts'),
  ]).then(
    ([schema, validate]): Items => ({ ...schema, ...validate }),
    () => undefined,
  );
  if (!items) {
    console.log('Skipped: @ask-user-kit/core/items has no entry yet.');
    return;
  }
  console.log(
    `Each operation runs on a generated schema or draft of size n and 4n; the median of ${RUNS} runs (after a ` +
      `warm-up) counts. A linear cost gives a ratio near 4; the target is ≤ ${TARGET_RATIO}; a quadratic one gives 16. ` +
      'The pattern runs in a linear-time matcher: the platform backtracking on it would not finish. The baseline ' +
      'row is the platform parsing the same JSON: where it is over 4 too, the garbage collector is.\n',
  );
  printGrowth(items, operations(options.quick ?? false));
}
