import { describe, expect, it } from 'vitest';
import { chatPrompts, promptFromPart, type ChatMessageLike } from './chatPrompts.ts';
import recorded from './chatMessages.json' with { type: 'json' };

// Messages recorded from a real server by scripts/recordChatParts.ts (see the JSON's header).
const conversations = recorded.conversations as Record<string, ChatMessageLike[]>;
const conversation = (name: string) => conversations[name]!;
const summary = (name: string) =>
  chatPrompts(conversation(name)).map(({ prompt, state, answer }) => ({
    kind: prompt.kind,
    question: 'question' in prompt ? prompt.question : undefined,
    state,
    answer,
  }));

describe('chatPrompts over recorded useChat messages', () => {
  it('finds the pending free-text question of a new conversation', () => {
    expect(summary('trip.asked-text')).toEqual([
      { kind: 'text', question: 'Where would you like to go?', state: 'ready', answer: undefined },
    ]);
    const [first] = chatPrompts(conversation('trip.asked-text'));
    const part = conversation('trip.asked-text')[1]!.parts.at(-1) as { data: { runId: string } };
    expect(first!.prompt).toMatchObject({
      runId: part.data.runId,
      toolCallId: 'call_1',
      toolName: 'ask_user',
    });
    expect(first!.messageId).toBe(conversation('trip.asked-text')[1]!.id);
  });

  it('shows each prompt answered once the resume gave its tool an output, with the answer named', () => {
    expect(summary('trip.asked-multiple')).toEqual([
      { kind: 'text', question: 'Where would you like to go?', state: 'answered', answer: 'Lisbon' },
      { kind: 'single', question: 'How will you travel?', state: 'answered', answer: 'Train' },
      { kind: 'multiple', question: 'What should the trip include?', state: 'ready', answer: undefined },
    ]);
    expect(summary('trip.done').map((entry) => [entry.state, entry.answer])).toEqual([
      ['answered', 'Lisbon'],
      ['answered', 'Train'],
      ['answered', ['Museums', 'Food tours']],
    ]);
  });

  it('gives a payload that cannot be rendered the same malformed prompt as parsePrompt', () => {
    const [entry] = chatPrompts(conversation('malformed.asked'));
    expect(entry).toMatchObject({
      state: 'malformed',
      prompt: { kind: 'malformed', reason: 'the label "Same" is offered twice', question: 'Pick one' },
    });
  });

  it('finds only the first of two ask_user calls in one step until it is answered', () => {
    expect(summary('two-asks.asked-first')).toEqual([
      { kind: 'text', question: 'First question?', state: 'ready', answer: undefined },
    ]);
    // The first call's output only arrives when the run ends, but the run moved on to the second.
    expect(summary('two-asks.asked-second')).toEqual([
      { kind: 'text', question: 'First question?', state: 'answered', answer: undefined },
      { kind: 'text', question: 'Second question?', state: 'ready', answer: undefined },
    ]);
  });

  it('keys prompts by run and tool call, without collisions', () => {
    const keys = chatPrompts(conversation('trip.done')).map((entry) => entry.prompt.key);
    expect(new Set(keys).size).toBe(3);
  });
});

describe('promptFromPart', () => {
  it('ignores parts that are not suspensions and suspensions of other tools', () => {
    expect(promptFromPart({ type: 'text', text: 'hi' })).toBeUndefined();
    expect(promptFromPart(null)).toBeUndefined();
    expect(
      promptFromPart({
        type: 'data-tool-call-suspended',
        data: { runId: 'r', toolCallId: 'c', toolName: 'deploy', suspendPayload: { env: 'prod' } },
      }),
    ).toBeUndefined();
  });

  it('makes a suspension without ids a malformed prompt instead of throwing', () => {
    expect(
      promptFromPart({
        type: 'data-tool-call-suspended',
        data: { toolName: 'ask_user', suspendPayload: { question: 'Q?' } },
      }),
    ).toMatchObject({ kind: 'malformed', reason: 'the suspension names no run or tool call' });
    expect(promptFromPart({ type: 'data-tool-call-suspended', data: 'garbage' })).toBeUndefined();
  });
});
