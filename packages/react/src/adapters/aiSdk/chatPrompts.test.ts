import { describe, expect, it } from 'vitest';
import {
  chatPrompts,
  promptFromPart,
  storedPromptFromPart,
  storedPromptKey,
  type ChatMessageLike,
} from './chatPrompts.ts';
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
    const part = conversation('trip.asked-text')[1]!.parts.at(-1) as {
      data: { runId: string; toolCallId: string };
    };
    expect(first!.prompt).toMatchObject({
      runId: part.data.runId,
      toolCallId: part.data.toolCallId,
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

// A page reloaded after the first answer reads the thread back through chatHistoryRoute: the
// answered question is the tool's part alone, the waiting one as chatRoute sent it live.
describe('chatPrompts over a conversation read back from memory', () => {
  const trip = [
    { kind: 'text', question: 'Where would you like to go?', state: 'answered', answer: 'Lisbon' },
    { kind: 'single', question: 'How will you travel?', state: 'answered', answer: 'Train' },
    {
      kind: 'multiple',
      question: 'What should the trip include?',
      state: 'answered',
      answer: ['Museums', 'Food tours'],
    },
  ];

  it('shows the question answered before the reload answered, and the waiting one ready', () => {
    expect(summary('reloaded.asked-single')).toEqual([
      trip[0],
      { kind: 'single', question: 'How will you travel?', state: 'ready', answer: undefined },
    ]);
  });

  it('keys an answered question by its message, the waiting one by its run, as live', () => {
    const messages = conversation('reloaded.asked-single');
    const [answered, waiting] = chatPrompts(messages);
    const toolCallId = (messages[1]!.parts[0] as { toolCallId: string }).toolCallId;
    expect(answered!.prompt).toMatchObject({ runId: '', toolCallId, toolName: 'ask_user' });
    expect(answered!.prompt.key).toBe(storedPromptKey(messages[1]!.id, toolCallId));
    expect(answered!.messageId).toBe(messages[1]!.id);
    const suspended = messages[2]!.parts.at(-1) as { data: { runId: string } };
    expect(waiting!.prompt.runId).toBe(suspended.data.runId);
    expect(waiting!.prompt.key).not.toMatch(/^stored:/);
  });

  it('follows the answers given after the reload to the end', () => {
    expect(summary('reloaded.asked-multiple')).toEqual([
      trip[0],
      trip[1],
      { kind: 'multiple', question: 'What should the trip include?', state: 'ready', answer: undefined },
    ]);
    expect(summary('reloaded.done')).toEqual(trip);
  });

  it('reads a finished conversation back with every question answered, each once', () => {
    expect(summary('reloaded.done-history')).toEqual(trip);
    const keys = chatPrompts(conversation('reloaded.done-history')).map((entry) => entry.prompt.key);
    expect(new Set(keys).size).toBe(3);
  });
});

describe('storedPromptFromPart', () => {
  const [, answered, waiting] = conversation('reloaded.asked-single');
  const answeredPart = answered!.parts[0] as Record<string, unknown>;

  it('finds an answered ask_user tool part, and no prompt in a waiting or live-answered one', () => {
    expect(storedPromptFromPart(answeredPart, answered!)).toMatchObject({ kind: 'text' });
    for (const part of waiting!.parts) expect(storedPromptFromPart(part, waiting!)).toBeUndefined();
    // Live, the answered tool part keeps its suspended part beside it: that one is the prompt.
    const live = conversation('reloaded.done').at(-1)!;
    for (const part of live.parts) expect(storedPromptFromPart(part, live)).toBeUndefined();
  });

  it("ignores other tools' parts and parts that are not tools", () => {
    const other = { ...answeredPart, type: 'tool-deploy', input: { env: 'prod' } };
    expect(storedPromptFromPart(other, { ...answered!, parts: [other] })).toBeUndefined();
    expect(storedPromptFromPart({ type: 'text', text: 'hi' }, answered!)).toBeUndefined();
    expect(storedPromptFromPart(null, answered!)).toBeUndefined();
  });

  it('shows a tool that failed after its answer as expired', () => {
    const failed = { ...answeredPart, state: 'output-error', output: undefined, errorText: 'boom' };
    const [entry] = chatPrompts([{ ...answered!, parts: [failed] }]);
    expect(entry).toMatchObject({ state: 'expired', prompt: { kind: 'text' } });
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
