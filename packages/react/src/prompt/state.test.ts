// @vitest-environment node
import type { Prompt } from '@ask-user-kit/core';
import { describe, expect, it } from 'vitest';
import { emptyDraft } from '../draft.ts';
import type { PromptState } from '@ask-user-kit/core';
import { promptEntry } from '../test/promptEntry.ts';
import { defaultLabels } from '../labels.ts';
import { malformedPrompt, multiplePrompt, singlePrompt, textPrompt } from '../test/prompts.ts';
import type { AskUserPromptRun } from '../types.ts';
import {
  announcementOf,
  checkDraft,
  chosenCount,
  promptMessage,
  promptStatus,
  READY,
  safePrompt,
  sameAnswer,
  stateAfterFailure,
} from './state.ts';

const runOf = (
  prompt: Prompt,
  transcript: AskUserPromptRun['transcript'],
  open = true,
): AskUserPromptRun => ({
  submit: () => Promise.resolve(),
  retry: () => Promise.resolve(),
  transcript,
  openPrompts: open ? [prompt] : [],
});

describe('promptStatus', () => {
  it('is malformed for a payload that cannot be rendered, whatever else is given', () => {
    const prompt = malformedPrompt();
    expect(promptStatus({ prompt, answer: 'x', run: undefined, local: READY })).toEqual({
      state: 'malformed',
    });
  });

  it('is answered with the answer prop', () => {
    const prompt = textPrompt();
    const local = { state: 'failed' as const };
    expect(promptStatus({ prompt, answer: 'Lisbon', run: undefined, local })).toEqual({
      state: 'answered',
      answer: 'Lisbon',
    });
  });

  it("takes a run's transcript entry as it is, and never the local state", () => {
    const prompt = singlePrompt();
    const error = { code: 'http' as const, status: 500, message: 'Boom' };
    const local = { state: 'answered' as const, answer: 'Car' };
    const states: PromptState[] = [
      'ready',
      'submitting',
      'failed',
      'answered',
      'answered-elsewhere',
      'expired',
    ];
    for (const state of states) {
      const fields = state === 'failed' ? { error } : { answer: 'Train' };
      const status = promptStatus({
        prompt,
        answer: undefined,
        run: runOf(prompt, [promptEntry(prompt, state, fields)]),
        local,
      });
      expect(status.state).toBe(state);
    }
  });

  it('is ready when the run lists the prompt without an entry, and expired when it no longer knows it', () => {
    const prompt = textPrompt();
    expect(promptStatus({ prompt, answer: undefined, run: runOf(prompt, []), local: READY }).state).toBe(
      'ready',
    );
    expect(
      promptStatus({ prompt, answer: undefined, run: runOf(prompt, [], false), local: READY }).state,
    ).toBe('expired');
  });

  it('is the local state without a run', () => {
    const prompt = textPrompt();
    const local = { state: 'submitting' as const, answer: 'Lisbon' };
    expect(promptStatus({ prompt, answer: undefined, run: undefined, local })).toBe(local);
  });

  it('finds each prompt’s entry by key: the prompts of a long conversation read no other entry', () => {
    // Every entry counts its property reads once armed: a scan of the transcript would read them all.
    const reads = { armed: false, count: 0 };
    const watched = <T extends object>(entry: T): T =>
      new Proxy(entry, {
        get(target, property, receiver) {
          if (reads.armed) reads.count++;
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
    const prompts = Array.from({ length: 100 }, textPrompt);
    const transcript: AskUserPromptRun['transcript'] = prompts.flatMap((prompt, index) => [
      watched({ type: 'user' as const, id: `u${index}`, text: `Message ${index}` }),
      watched(promptEntry(prompt, index % 2 === 0 ? 'answered' : 'ready', { answer: 'Lisbon' })),
    ]);
    const run = { ...runOf(prompts[0]!, transcript), openPrompts: prompts };
    const statusOf = (prompt: Prompt) => promptStatus({ prompt, answer: undefined, run, local: READY });
    statusOf(prompts[0]!);

    reads.armed = true;
    const states = prompts.map((prompt) => statusOf(prompt).state);
    reads.armed = false;
    // Each prompt reads its own entry's state, answer and error, and nothing else.
    expect(reads.count).toBe(prompts.length * 4);
    expect(states.slice(0, 3)).toEqual(['answered', 'ready', 'answered']);
  });
});

describe('stateAfterFailure', () => {
  it.each([
    ['expired', 'expired'],
    ['answered-elsewhere', 'answered-elsewhere'],
    ['http', 'failed'],
    ['network', 'failed'],
    ['busy', 'failed'],
    ['aborted', 'failed'],
  ] as const)('%s leaves the prompt %s', (code, state) => {
    expect(stateAfterFailure({ code, message: '' })).toBe(state);
  });
});

describe('checkDraft', () => {
  const options = { allowOther: true };

  it('gives the trimmed answer of a free-text draft', () => {
    expect(checkDraft(textPrompt(), { ...emptyDraft, text: '  Lisbon ' }, {}, defaultLabels)).toEqual({
      ok: true,
      answer: 'Lisbon',
    });
  });

  it.each([
    ['free text', textPrompt(), defaultLabels.answerRequired, 'text'],
    ['single choice', singlePrompt(), defaultLabels.choiceRequired, 'options'],
    ['multiple choice', multiplePrompt(), defaultLabels.choicesRequired, 'options'],
  ] as const)('refuses an empty %s with its own message, on its field', (_, prompt, message, field) => {
    expect(checkDraft(prompt, emptyDraft, {}, defaultLabels)).toEqual({
      ok: false,
      invalid: { message, field },
    });
  });

  it('refuses "Other…" chosen and left empty, even with labels ticked', () => {
    const draft = { text: ' ', selected: ['Museums'], other: true };
    expect(checkDraft(multiplePrompt(), draft, options, defaultLabels)).toEqual({
      ok: false,
      invalid: { message: defaultLabels.otherRequired, field: 'other' },
    });
  });

  it('refuses a long answer on the field that holds it', () => {
    const long = { ...emptyDraft, text: 'Lisbon' };
    const message = defaultLabels.tooLong(3);
    expect(checkDraft(textPrompt(), long, { maxLength: 3 }, defaultLabels)).toEqual({
      ok: false,
      invalid: { message, field: 'text' },
    });
    const other = { ...long, other: true };
    expect(checkDraft(singlePrompt(), other, { ...options, maxLength: 3 }, defaultLabels)).toEqual({
      ok: false,
      invalid: { message, field: 'other' },
    });
  });

  it('leaves "Other…" out when it is not allowed', () => {
    const draft = { text: 'Bicycle', selected: ['Car'], other: true };
    expect(checkDraft(singlePrompt(), draft, {}, defaultLabels)).toEqual({ ok: true, answer: 'Car' });
  });
});

describe('chosenCount', () => {
  it('counts the labels chosen and the "Other…" text once there is some', () => {
    const prompt = multiplePrompt();
    expect(chosenCount(prompt, { text: '', selected: ['Hiking'], other: true }, true)).toBe(1);
    expect(chosenCount(prompt, { text: 'Caves', selected: ['Hiking'], other: true }, true)).toBe(2);
    expect(chosenCount(prompt, { text: 'Caves', selected: ['Hiking'], other: true }, false)).toBe(1);
  });
});

describe('promptMessage', () => {
  const prompt = textPrompt();
  const message = (state: PromptState, error?: { code: 'busy' | 'aborted' | 'http'; message: string }) =>
    promptMessage({
      prompt,
      status: { state, error },
      invalid: undefined,
      notice: undefined,
      labels: defaultLabels,
    });

  it('says what is wrong in each state, and nothing when all is well', () => {
    expect(message('ready')).toBeUndefined();
    expect(message('submitting')).toBeUndefined();
    expect(message('answered')).toBeUndefined();
    expect(message('expired')).toBe(defaultLabels.expired);
    expect(message('answered-elsewhere')).toBe(defaultLabels.answeredElsewhere);
    expect(message('failed', { code: 'http', message: 'Boom' })).toBe(defaultLabels.failed('Boom'));
    expect(message('failed', { code: 'busy', message: 'x' })).toBe(defaultLabels.busy);
    expect(message('failed', { code: 'aborted', message: 'x' })).toBe(defaultLabels.aborted);
  });

  it('shows an invalid answer before a notice, and only while ready', () => {
    const invalid = { message: 'Please write an answer.', field: 'text' as const };
    const source = { prompt, invalid, notice: defaultLabels.busy, labels: defaultLabels };
    expect(promptMessage({ ...source, status: READY })).toBe(invalid.message);
    expect(promptMessage({ ...source, invalid: undefined, status: READY })).toBe(defaultLabels.busy);
  });

  it('says a malformed prompt cannot be shown, not why (that is for developers, under Details)', () => {
    const prompt = malformedPrompt();
    const source = {
      prompt,
      status: { state: 'malformed' as const },
      invalid: undefined,
      notice: undefined,
      labels: defaultLabels,
    };
    expect(promptMessage(source)).toBe('This question cannot be shown.');
  });
});

describe('announcementOf', () => {
  const base = { question: 'Where?', message: 'Something went wrong.', labels: defaultLabels };

  it('says nothing before mount, and nothing for the state the prompt mounted in, but a question', () => {
    expect(announcementOf({ ...base, state: 'ready', mountedState: undefined })).toBe('');
    expect(announcementOf({ ...base, state: 'ready', mountedState: 'ready' })).toBe(
      defaultLabels.newQuestion('Where?'),
    );
    expect(announcementOf({ ...base, state: 'answered', mountedState: 'answered' })).toBe('');
    expect(announcementOf({ ...base, state: 'ready', mountedState: 'failed' })).toBe('');
  });

  it('announces what happens to the answer after mount', () => {
    expect(announcementOf({ ...base, state: 'submitting', mountedState: 'ready' })).toBe(
      defaultLabels.sending,
    );
    expect(announcementOf({ ...base, state: 'answered', mountedState: 'ready' })).toBe(defaultLabels.sent);
    expect(announcementOf({ ...base, state: 'answered-elsewhere', mountedState: 'ready' })).toBe(
      base.message,
    );
    expect(announcementOf({ ...base, state: 'failed', mountedState: 'ready' })).toBe(base.message);
  });
});

describe('safePrompt', () => {
  it('keeps a parsed prompt, and makes anything else a malformed prompt that keeps only the key', () => {
    const prompt = singlePrompt();
    expect(safePrompt(prompt)).toBe(prompt);
    const broken = safePrompt({ key: 'k', kind: 'single', question: 'Q?' } as unknown as Prompt);
    expect(broken).toMatchObject({ key: 'k', reason: 'it is not a parsed prompt' });
    expect(safePrompt(undefined as unknown as Prompt)).toMatchObject({ key: 'unknown' });
  });
});

describe('sameAnswer', () => {
  it('compares text, and labels in order', () => {
    expect(sameAnswer('a', 'a')).toBe(true);
    expect(sameAnswer(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameAnswer(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameAnswer('a', ['a'])).toBe(false);
    expect(sameAnswer(undefined, undefined)).toBe(false);
  });
});
