import { describe, expect, it } from 'vitest';
import { parsePrompt, type Prompt } from './prompt.ts';
import { answerMessages, validateAnswer } from './validateAnswer.ts';

const prompt = (suspendPayload: unknown): Prompt =>
  parsePrompt({ runId: 'r1', toolCallId: 'c1', toolName: 'ask_user', suspendPayload });
const text = prompt({ question: 'Name?' });
const single = prompt({ question: 'Colour?', options: [{ label: 'Red' }, { label: 'Blue' }] });
const multiple = prompt({
  question: 'Toppings?',
  options: [{ label: 'Cheese' }, { label: 'Ham' }, { label: 'Olives' }],
  selectionMode: 'multi_select',
});

describe('validateAnswer', () => {
  it.each([
    ['text, trimmed', text, '  Ada ', {}, 'Ada'],
    ['text at the length bound', text, 'x'.repeat(10), { maxLength: 10 }, 'x'.repeat(10)],
    ['an offered label', single, 'Blue', {}, 'Blue'],
    ['an offered label with spaces around it', single, ' Blue ', {}, 'Blue'],
    ['offered labels with spaces around them', multiple, [' Ham', 'Cheese '], {}, ['Cheese', 'Ham']],
    ['an "other" answer when allowed', single, ' Green ', { allowOther: true }, 'Green'],
    [
      'labels, in the offered order, once each',
      multiple,
      ['Olives', 'Cheese', 'Olives'],
      {},
      ['Cheese', 'Olives'],
    ],
    [
      'labels and one "other" when allowed',
      multiple,
      ['Anchovies', 'Ham'],
      { allowOther: true },
      ['Ham', 'Anchovies'],
    ],
  ] as const)('accepts %s', (_, p, value, options, expected) => {
    expect(validateAnswer(p, value, options)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['text that is not text', text, 42, {}, 'The answer must be text.', 'invalid'],
    ['empty text', text, '   ', {}, 'Please write an answer.', 'required'],
    [
      'text over the bound',
      text,
      'x'.repeat(11),
      { maxLength: 10 },
      'Please keep the answer under 10 characters.',
      'too-long',
    ],
    ['a label not offered', single, 'Green', {}, '"Green" is not one of the options.', 'invalid'],
    [
      'a label not offered, with spaces around it',
      single,
      ' Green ',
      {},
      '"Green" is not one of the options.',
      'invalid',
    ],
    [
      'an "other" answer over the bound',
      multiple,
      ['Ham', 'x'.repeat(11)],
      { allowOther: true, maxLength: 10 },
      'Please keep the answer under 10 characters.',
      'too-long',
    ],
    [
      'a list for a single choice',
      single,
      ['Red'],
      {},
      'A single choice is answered with one label, as text.',
      'invalid',
    ],
    [
      'a number for a single choice',
      single,
      42,
      {},
      'A single choice is answered with one label, as text.',
      'invalid',
    ],
    ['nothing at all', single, undefined, {}, 'Choose one option.', 'required'],
    ['null for text', text, null, {}, 'Please write an answer.', 'required'],
    ['nothing for a single choice', single, '', {}, 'Choose one option.', 'required'],
    [
      'a string for a multiple choice',
      multiple,
      'Ham',
      {},
      'A multiple choice is answered with a list of labels, as text.',
      'invalid',
    ],
    ['an empty list', multiple, [], {}, 'Choose at least one option.', 'required'],
    [
      'a non-string in the list',
      multiple,
      ['Ham', 3],
      {},
      'A multiple choice is answered with a list of labels, as text.',
      'invalid',
    ],
    ['a list of blanks', multiple, [' ', ''], {}, 'Choose at least one option.', 'required'],
    [
      'a label not offered in the list',
      multiple,
      ['Ham', 'Anchovies'],
      {},
      '"Anchovies" is not one of the options.',
      'invalid',
    ],
    [
      'two "other" answers',
      multiple,
      ['Anchovies', 'Capers'],
      { allowOther: true },
      'Only one "other" answer can be given.',
      'invalid',
    ],
    [
      'a malformed prompt',
      prompt({ question: '' }),
      'x',
      {},
      'This question cannot be answered: the question is empty.',
      'invalid',
    ],
  ] as const)('refuses %s', (_, p, value, options, message, reason) => {
    expect(validateAnswer(p, value, options)).toEqual({ ok: false, message, reason });
  });

  it('quotes at most 80 characters of a refused answer', () => {
    const huge = 'y'.repeat(1_048_576);
    expect(validateAnswer(single, huge)).toEqual({
      ok: false,
      reason: 'invalid',
      message: answerMessages.notAnOption(huge),
    });
    expect(answerMessages.notAnOption(huge)).toBe(`"${'y'.repeat(80)}…" is not one of the options.`);
  });

  it('checks a long multiple choice (a CI-sized check of the linear path)', () => {
    const labels = Array.from({ length: 20_000 }, (_, index) => `topping ${index}`);
    const many = prompt({
      question: 'Toppings?',
      options: labels.map((label) => ({ label })),
      selectionMode: 'multi_select',
    });
    expect(validateAnswer(many, [...labels].reverse())).toEqual({ ok: true, value: labels });
  });
});
