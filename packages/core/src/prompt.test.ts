import { describe, expect, it } from 'vitest';
import { isAskUserCall, parsePrompt, promptKey } from './prompt.ts';
import { referenceChunks, sseFixtures } from './test/fixtures.ts';

const call = (suspendPayload: unknown, toolName = 'ask_user') => ({ runId: 'r1', toolCallId: 'call_1', toolName, suspendPayload });

describe('parsePrompt', () => {
  const recorded = sseFixtures
    .flatMap(referenceChunks)
    .filter((c) => c.type === 'tool-call-suspended')
    .map((c) => ({ runId: c.runId as string, ...(c.payload as { toolCallId: string; toolName: string; suspendPayload: unknown }) }));

  it('reads every recorded question as a renderable prompt keyed by run and call', () => {
    expect(recorded.length).toBeGreaterThan(5);
    for (const c of recorded) {
      const prompt = parsePrompt(c);
      expect(prompt.kind).not.toBe('invalid');
      expect(prompt.key).toBe(promptKey(c.runId, c.toolCallId));
      expect(prompt).toMatchObject({ question: (c.suspendPayload as { question: string }).question });
    }
  });

  it.each([
    [{ question: 'Where?' }, { kind: 'text', question: 'Where?', options: [] }],
    [{ question: '  Where?  ', options: [] }, { kind: 'text', question: 'Where?', options: [] }],
    [{ question: 'Pick', options: [{ label: 'A', description: 'first' }, { label: 'B' }] }, { kind: 'single', options: [{ label: 'A', description: 'first' }, { label: 'B' }] }],
    [{ question: 'Pick', options: [{ label: 'A' }], selectionMode: 'multi_select' }, { kind: 'multiple', options: [{ label: 'A' }] }],
  ])('%j → %j', (payload, expected) => {
    expect(parsePrompt(call(payload))).toMatchObject({ ...expected, key: 'r1:call_1', runId: 'r1', toolCallId: 'call_1' });
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
    [{ question: 'Q', selectionMode: 'multi_select' }, 'selectionMode "multi_select" needs options, and none were given'],
    [{ question: 'Q', options: [{ label: 'A' }], selectionMode: 'any' }, 'selectionMode must be "single_select" or "multi_select"'],
  ])('%j is invalid: %s', (payload, reason) => {
    const prompt = parsePrompt(call(payload));
    expect(prompt).toMatchObject({ kind: 'invalid', reason, payload, key: 'r1:call_1' });
  });

  it('an invalid prompt keeps its question when the payload had a readable one', () => {
    expect(parsePrompt(call({ question: ' Q ', options: [{ label: 'A' }, { label: 'A' }] }))).toMatchObject({ kind: 'invalid', question: 'Q' });
    const unread = parsePrompt(call({ question: 'Q', options: 'A,B' }));
    expect(unread.kind).toBe('invalid');
    expect(unread.kind === 'invalid' && unread.question).toBeUndefined();
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
