import { describe, expect, it } from 'vitest';
import { parsePrompt, type Prompt } from './prompt.ts';
import { validateAnswer } from './validateAnswer.ts';

const prompt = (suspendPayload: unknown): Prompt => parsePrompt({ runId: 'r1', toolCallId: 'c1', toolName: 'ask_user', suspendPayload });
const text = prompt({ question: 'Name?' });
const single = prompt({ question: 'Colour?', options: [{ label: 'Red' }, { label: 'Blue' }] });
const multiple = prompt({ question: 'Toppings?', options: [{ label: 'Cheese' }, { label: 'Ham' }, { label: 'Olives' }], selectionMode: 'multi_select' });

describe('validateAnswer', () => {
  it.each([
    ['text, trimmed', text, '  Ada ', {}, 'Ada'],
    ['text at the length bound', text, 'x'.repeat(10), { maxLength: 10 }, 'x'.repeat(10)],
    ['an offered label', single, 'Blue', {}, 'Blue'],
    ['an offered label with spaces around it', single, ' Blue ', {}, 'Blue'],
    ['offered labels with spaces around them', multiple, [' Ham', 'Cheese '], {}, ['Cheese', 'Ham']],
    ['an "other" answer when allowed', single, ' Green ', { allowOther: true }, 'Green'],
    ['labels, in the offered order, once each', multiple, ['Olives', 'Cheese', 'Olives'], {}, ['Cheese', 'Olives']],
    ['labels and one "other" when allowed', multiple, ['Anchovies', 'Ham'], { allowOther: true }, ['Ham', 'Anchovies']],
  ] as const)('accepts %s', (_, p, value, options, expected) => {
    expect(validateAnswer(p, value, options)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['text that is not text', text, 42, {}, 'The answer must be text.', 'invalid'],
    ['empty text', text, '   ', {}, 'Please write an answer.', 'required'],
    ['text over the bound', text, 'x'.repeat(11), { maxLength: 10 }, 'Please keep the answer under 10 characters.', 'too-long'],
    ['a label not offered', single, 'Green', {}, '"Green" is not one of the options.', 'invalid'],
    ['a label not offered, with spaces around it', single, ' Green ', {}, '"Green" is not one of the options.', 'invalid'],
    ['an "other" answer over the bound', multiple, ['Ham', 'x'.repeat(11)], { allowOther: true, maxLength: 10 }, 'Please keep the answer under 10 characters.', 'too-long'],
    ['a list for a single choice', single, ['Red'], {}, 'Choose one option.', 'required'],
    ['nothing for a single choice', single, '', {}, 'Choose one option.', 'required'],
    ['a string for a multiple choice', multiple, 'Ham', {}, 'Choose at least one option.', 'required'],
    ['an empty list', multiple, [], {}, 'Choose at least one option.', 'required'],
    ['a non-string in the list', multiple, ['Ham', 3], {}, 'Choose at least one option.', 'required'],
    ['a label not offered in the list', multiple, ['Ham', 'Anchovies'], {}, '"Anchovies" is not one of the options.', 'invalid'],
    ['two "other" answers', multiple, ['Anchovies', 'Capers'], { allowOther: true }, 'Only one "other" answer can be given.', 'invalid'],
    ['an invalid prompt', prompt({ question: '' }), 'x', {}, 'This question cannot be answered: the question is empty.', 'invalid'],
  ] as const)('refuses %s', (_, p, value, options, message, reason) => {
    expect(validateAnswer(p, value, options)).toEqual({ ok: false, message, reason });
  });
});
