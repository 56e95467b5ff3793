import { describe, expect, it } from 'vitest';
import { mastraChatPrompts, promptsOfMessage, type MastraMessageLike } from './mastraPrompts.ts';
import recorded from './mastraMessages.json' with { type: 'json' };

// Messages recorded from a real server by scripts/recordMastraReactMessages.ts (see the JSON's header).
const conversations = recorded.conversations as unknown as Record<string, MastraMessageLike[]>;
const conversation = (name: string) => conversations[name]!;
const summary = (name: string, remembered?: Parameters<typeof mastraChatPrompts>[1]) =>
  mastraChatPrompts(conversation(name), remembered).map(({ prompt, state, answer }) => ({
    kind: prompt.kind,
    question: 'question' in prompt ? prompt.question : undefined,
    state,
    answer,
  }));

describe('mastraChatPrompts over recorded @mastra/react useChat messages', () => {
  it('finds the pending free-text question of a new conversation, with its run and message', () => {
    expect(summary('trip.asked-text')).toEqual([
      { kind: 'text', question: 'Where would you like to go?', state: 'ready', answer: undefined },
    ]);
    const [first] = mastraChatPrompts(conversation('trip.asked-text'));
    const message = conversation('trip.asked-text')[1]!;
    const metadata = message.content.metadata as { runId: string };
    expect(first!.prompt).toMatchObject({
      runId: metadata.runId,
      toolCallId: 'call_1',
      toolName: 'ask_user',
    });
    expect(first!.messageId).toBe(message.id);
  });

  it('shows each prompt answered once its tool part has the output, with the answer named', () => {
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

  it('keeps each run its own: two runs of one chat wait at once, each with its run id', () => {
    const both = mastraChatPrompts(conversation('two-runs.both-asked'));
    expect(both.map((entry) => entry.state)).toEqual(['ready', 'ready']);
    expect(new Set(both.map((entry) => entry.prompt.runId)).size).toBe(2);
    const after = mastraChatPrompts(conversation('two-runs.first-answered'));
    expect(after.map((entry) => [entry.prompt.runId, entry.state])).toEqual([
      [both[0]!.prompt.runId, 'answered'],
      [both[1]!.prompt.runId, 'ready'],
      [both[0]!.prompt.runId, 'ready'],
    ]);
  });

  it('gives a payload that cannot be rendered the same malformed prompt as parsePrompt', () => {
    const [entry] = mastraChatPrompts(conversation('malformed.asked'));
    expect(entry).toMatchObject({
      state: 'malformed',
      prompt: { kind: 'malformed', reason: 'the label "Same" is offered twice', question: 'Pick one' },
    });
  });

  it('keeps a remembered prompt that a second suspension of the same tool replaced in suspendedTools', () => {
    // suspendedTools is keyed by tool name: the second question replaced the first in the message.
    const second = conversation('two-asks.asked-second');
    expect(promptsOfMessage(second[1]!).map((prompt) => prompt.toolCallId)).toEqual(['call_9']);
    expect(summary('two-asks.asked-second')).toEqual([
      { kind: 'text', question: 'Second question?', state: 'ready', answer: undefined },
    ]);
    // Remembered from the render that saw the first: it stays, answered (its run moved on).
    const [first] = mastraChatPrompts(conversation('two-asks.asked-first'));
    const remembered = new Map([[first!.prompt.key, first!]]);
    expect(summary('two-asks.asked-second', remembered)).toEqual([
      { kind: 'text', question: 'First question?', state: 'answered', answer: undefined },
      { kind: 'text', question: 'Second question?', state: 'ready', answer: undefined },
    ]);
    expect(summary('two-asks.done', remembered).map((entry) => [entry.state, entry.answer])).toEqual([
      ['answered', 'One'],
      ['answered', 'Two'],
    ]);
  });

  it('ignores other tools and entries it cannot read, without throwing', () => {
    const message = (suspendedTools: unknown): MastraMessageLike => ({
      id: 'm',
      role: 'assistant',
      content: { parts: [], metadata: { runId: 'r', suspendedTools } },
    });
    expect(
      promptsOfMessage(
        message({ deploy: { toolCallId: 'c', toolName: 'deploy', suspendPayload: { env: 'prod' } } }),
      ),
    ).toEqual([]);
    expect(promptsOfMessage(message('garbage'))).toEqual([]);
    expect(promptsOfMessage(message({ ask_user: null }))).toEqual([]);
    expect(
      promptsOfMessage(
        message({ ask_user: { toolCallId: 'c', toolName: 'ask_user', suspendPayload: { question: 'Q?' } } }),
      ),
    ).toMatchObject([{ runId: 'r', toolCallId: 'c', kind: 'text' }]);
  });
});
