import { parsePrompt, type AnswerValue } from '@ask-user-kit/core';
import { describe, expect, it } from 'vitest';
import { entryOf, type FoundPrompt, type Submission } from './useStackAnswers.ts';

// A prompt as parsePrompt makes it from the payload askUserTool suspends with.
const prompt = parsePrompt({
  runId: 'run-1',
  toolCallId: 'call-1',
  toolName: 'ask_user',
  suspendPayload: { question: 'Where would you like to go?' },
});
const found = (state: FoundPrompt['state'], answer?: AnswerValue): FoundPrompt => ({ prompt, state, answer });

describe('entryOf: what a chat stack holds, then what this tab sent', () => {
  it.each<[string, FoundPrompt, Submission | undefined, { state: string; answer?: AnswerValue }]>([
    ['an open question', found('ready'), undefined, { state: 'ready' }],
    [
      'one being sent',
      found('ready'),
      { phase: 'sending', answer: 'Lisbon' },
      { state: 'submitting', answer: 'Lisbon' },
    ],
    [
      'one taken',
      found('ready'),
      { phase: 'taken', answer: 'Lisbon' },
      { state: 'answered', answer: 'Lisbon' },
    ],
    [
      'one whose output came: the answer as sent',
      found('answered', 'lisbon'),
      { phase: 'taken', answer: 'Lisbon' },
      { state: 'answered', answer: 'Lisbon' },
    ],
    [
      'one answered before this tab looked',
      found('answered', 'Porto'),
      undefined,
      { state: 'answered', answer: 'Porto' },
    ],
    [
      'one another tab answered first, before its output came',
      found('ready'),
      { phase: 'answered-elsewhere', answer: 'Lisbon' },
      { state: 'answered-elsewhere', answer: 'Lisbon' },
    ],
    [
      "one another tab answered first, once that tab's output came",
      found('answered', 'Porto'),
      { phase: 'answered-elsewhere', answer: 'Lisbon' },
      { state: 'answered-elsewhere', answer: 'Lisbon' },
    ],
    [
      'one whose answer failed: kept for Retry',
      found('ready'),
      { phase: 'failed', answer: 'Lisbon', error: { code: 'network', message: 'Offline' } },
      { state: 'failed', answer: 'Lisbon' },
    ],
    ['one that expired', found('expired'), undefined, { state: 'expired' }],
  ])('%s', (_, stack, submission, expected) => {
    expect(entryOf(stack, submission)).toMatchObject({ type: 'prompt', id: prompt.key, ...expected });
  });
});
