import { describe, expect, it } from 'vitest';
import { isAskUserCall, parsePrompt, promptKey } from './prompt.ts';
import { referenceChunks, sseFixtures } from './test/fixtures.ts';

const call = (suspendPayload: unknown, toolName = 'ask_user') => ({
  runId: 'r1',
  toolCallId: 'call_1',
  toolName,
  suspendPayload,
});

describe('parsePrompt', () => {
  const recorded = sseFixtures
    .flatMap(referenceChunks)
    .filter((c) => c.type === 'tool-call-suspended')
    .map((c) => ({
      runId: c.runId as string,
      ...(c.payload as { toolCallId: string; toolName: string; suspendPayload: unknown }),
    }));

  it('reads every recorded question as a renderable prompt keyed by run and call', () => {
    expect(recorded.length).toBeGreaterThan(5);
    for (const c of recorded) {
      const prompt = parsePrompt(c);
      expect(prompt.kind).not.toBe('malformed');
      expect(prompt.key).toBe(promptKey(c.runId, c.toolCallId));
      expect(prompt).toMatchObject({ question: (c.suspendPayload as { question: string }).question });
    }
  });

  it.each([
    [{ question: 'Where?' }, { kind: 'text', question: 'Where?', options: [] }],
    [
      { question: '  Where?  ', options: [] },
      { kind: 'text', question: 'Where?', options: [] },
    ],
    [
      { question: 'Pick', options: [{ label: 'A', description: 'first' }, { label: 'B' }] },
      { kind: 'single', options: [{ label: 'A', description: 'first' }, { label: 'B' }] },
    ],
    [
      { question: 'Pick', options: [{ label: 'A' }], selectionMode: 'multi_select' },
      { kind: 'multiple', options: [{ label: 'A' }] },
    ],
  ])('%j → %j', (payload, expected) => {
    expect(parsePrompt(call(payload))).toMatchObject({
      ...expected,
      key: promptKey('r1', 'call_1'),
      runId: 'r1',
      toolCallId: 'call_1',
    });
  });

  it.each([
    [null, 'the payload is not an object'],
    ['Where?', 'the payload is not an object'],
    [{}, 'the question is missing or not text'],
    [{ question: 42 }, 'the question is missing or not text'],
    [{ question: '   ' }, 'the question is empty'],
    [{ question: 'Q', options: 'A,B' }, 'options must be a list'],
    [{ question: 'Q', options: [{ label: 1 }] }, 'each option needs a text label (at options.0.label)'],
    [{ question: 'Q', options: ['A'] }, 'each option must be an object with a label (at options.0)'],
    [{ question: 'Q', options: [{ label: ' ' }] }, 'option 1 has an empty label'],
    [{ question: 'Q', options: [{ label: 'A' }, { label: 'A' }] }, 'the label "A" is offered twice'],
    [
      { question: 'Q', selectionMode: 'multi_select' },
      'selectionMode "multi_select" needs options, and none were given',
    ],
    [
      { question: 'Q', options: [{ label: 'A' }], selectionMode: 'any' },
      'selectionMode must be "single_select" or "multi_select"',
    ],
  ])('%j is malformed: %s', (payload, reason) => {
    const prompt = parsePrompt(call(payload));
    expect(prompt).toMatchObject({ kind: 'malformed', reason, payload, key: promptKey('r1', 'call_1') });
  });

  it('a malformed prompt keeps its question when the payload had a readable one', () => {
    expect(parsePrompt(call({ question: ' Q ', options: [{ label: 'A' }, { label: 'A' }] }))).toMatchObject({
      kind: 'malformed',
      question: 'Q',
    });
    const unread = parsePrompt(call({ question: 'Q', options: 'A,B' }));
    expect(unread.kind).toBe('malformed');
    expect(unread.kind === 'malformed' && unread.question).toBeUndefined();
  });
});

describe('promptKey', () => {
  it('never gives two (runId, toolCallId) pairs one key', () => {
    expect(promptKey('a:b', 'c')).not.toBe(promptKey('a', 'b:c'));
    expect(promptKey('', 'x:y')).not.toBe(promptKey('x', 'y'));
    expect(promptKey('1:a', 'b')).not.toBe(promptKey('a', 'b'));
  });
});

describe('parsePrompt limits', () => {
  it('quotes at most 80 characters of a label in its reason', () => {
    const label = 'x'.repeat(1_000);
    const prompt = parsePrompt(call({ question: 'Q', options: [{ label }, { label }] }));
    expect(prompt).toMatchObject({
      kind: 'malformed',
      reason: `the label "${'x'.repeat(80)}…" is offered twice`,
    });
  });

  it('reads many options (a CI-sized check of the linear path)', () => {
    const options = Array.from({ length: 20_000 }, (_, index) => ({ label: `option ${index}` }));
    expect(parsePrompt(call({ question: 'Q', options }))).toMatchObject({ kind: 'single', options });
    const twice = [...options, { label: 'option 7' }];
    expect(parsePrompt(call({ question: 'Q', options: twice }))).toMatchObject({
      reason: 'the label "option 7" is offered twice',
    });
  });
});

describe('isAskUserCall', () => {
  it('recognises a question by its payload, whatever the tool is called', () => {
    expect(isAskUserCall(call({ question: 'Q?' }, 'askUserTool'))).toBe(true);
    expect(isAskUserCall(call({ question: 'Q?' }, 'clarify'))).toBe(true);
  });
  it('recognises the tool by name even with a broken payload, and nothing else', () => {
    expect(isAskUserCall(call(undefined, 'ask_user'))).toBe(true);
    expect(isAskUserCall(call(undefined, 'ask-user'))).toBe(true);
    expect(isAskUserCall(call({ reason: 'Deploy?' }, 'deploy'))).toBe(false);
    expect(isAskUserCall(call(['question'], 'deploy'))).toBe(false);
  });
});
