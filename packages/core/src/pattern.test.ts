import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePattern, MAX_PATTERN_STATES } from './pattern.ts';

const testOf = (source: string) => {
  const compiled = compilePattern(source);
  if (!compiled.ok) throw new Error(compiled.reason);
  return compiled.test;
};

describe('compilePattern', () => {
  it('gives the verdict for a pattern the platform would backtrack on for ages', () => {
    const test = testOf('^(a+)+$');
    expect(test(`${'a'.repeat(40)}!`)).toBe(false);
    expect(test('a'.repeat(40))).toBe(true);
    expect(testOf('^(a|aa)*b$')(`${'a'.repeat(5000)}`)).toBe(false);
    expect(testOf('(x+x+)+y')('x'.repeat(5000))).toBe(false);
  });

  it.each([
    ['^[0-9]{3}-[0-9]{4}$', '555-1234', true],
    ['^[0-9]{3}-[0-9]{4}$', '555-12345', false],
    ['b', 'abc', true],
    ['^b', 'abc', false],
    ['c$', 'abc', true],
    ['^\\p{L}+$', 'Zürich', true],
    ['^.$', '🙂', true],
    ['^.$', '\n', false],
    ['^\\uD83D\\uDE42$', '🙂', true],
    ['^\\u{1F642}$', '🙂', true],
    ['^(?<word>ab|c)*$', 'abcab', true],
    ['^(?:a|b)+?c$', 'ababc', true],
    ['^[^\\]]*$', 'a]', false],
    ['^\\d+(\\.\\d{1,2})?$', '12.50', true],
    ['^$', '', true],
    ['[]', 'a', false],
    ['^\\w+@\\w+\\.\\w+$', 'ada@example.org', true],
  ])('%s on %j is %s, as RegExp says', (source, text, expected) => {
    expect(new RegExp(source, 'u').test(text)).toBe(expected);
    expect(testOf(source)(text)).toBe(expected);
  });

  it.each([
    ['^(a)\\1$', 'its pattern uses backreferences, which the form cannot check'],
    ['^(?<a>x)\\k<a>$', 'its pattern uses backreferences, which the form cannot check'],
    ['^(?=a)', 'its pattern uses lookarounds, which the form cannot check'],
    ['(?<!a)b', 'its pattern uses lookarounds, which the form cannot check'],
    ['\\bword\\b', 'its pattern uses word boundaries, which the form cannot check'],
    [`a{${MAX_PATTERN_STATES}}`, 'its pattern is too large to check'],
    ['((((){1999}){1999}){1999}){1999}', 'its pattern is too large to check'],
    ['(', 'its pattern is not a valid regular expression'],
    ['\\-', 'its pattern is not a valid regular expression'],
  ])('refuses %s: %s', (source, reason) => {
    expect(compilePattern(source)).toEqual({ ok: false, reason });
  });

  it('refuses groups nested deeper than it recurses, rather than overflowing the stack', () => {
    expect(compilePattern(`${'('.repeat(5000)}a${')'.repeat(5000)}`)).toEqual({
      ok: false,
      reason: 'its pattern uses groups nested over 100 deep, which the form cannot check',
    });
    expect(compilePattern(`${'('.repeat(100)}a${')'.repeat(100)}`).ok).toBe(true);
  });
});

// Differential: small generated patterns of the supported subset, matched against short texts
// over the same alphabet, give the platform's verdict. Short texts keep the platform's own
// backtracking quick.
const atom = fc.constantFrom(
  'a',
  'b',
  '.',
  '[ab]',
  '[^a]',
  '\\d',
  '\\w',
  '\\s',
  '1',
  ' ',
  'é',
  '🙂',
  '\\u{1F642}',
);
const quantifier = fc.constantFrom('', '', '*', '+', '?', '{2}', '{1,2}', '{0,}', '*?');
const pattern: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(atom, quantifier).map(([item, times]) => item + times),
    fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((items) => items.join('')),
    fc.tuple(tie('node'), tie('node')).map(([left, right]) => `(?:${left}|${right})`),
    fc.tuple(tie('node'), quantifier).map(([inner, times]) => `(${inner})${times}`),
  ),
})).node;
const anchored = fc
  .tuple(fc.boolean(), pattern, fc.boolean())
  .map(([start, body, end]) => `${start ? '^' : ''}${body}${end ? '$' : ''}`);
const text = fc
  .array(fc.constantFrom('a', 'b', '1', ' ', 'é', '🙂', '\n', 'Z'), { maxLength: 8 })
  .map((chars) => chars.join(''));

describe('compilePattern against RegExp', () => {
  it('gives the same verdict on generated patterns and texts', () => {
    fc.assert(
      fc.property(anchored, fc.array(text, { minLength: 1, maxLength: 5 }), (source, texts) => {
        const test = testOf(source);
        const native = new RegExp(source, 'u');
        for (const sample of texts)
          expect(test(sample), `${source} on ${JSON.stringify(sample)}`).toBe(native.test(sample));
      }),
      { numRuns: 500 },
    );
  });
});
