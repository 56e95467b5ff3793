import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeText } from './decodeChunks.ts';
import { promptKey } from './prompt.ts';
import { initialRunSnapshot, MAX_ISSUES, reduceRun, type RunAction } from './reduceRun.ts';
import { fixtureText, referenceChunks } from './test/fixtures.ts';
import type { DecodeEvent, ItemKind, MastraChunk, RunSnapshot, SuspendedRun } from './types.ts';
import { approvals, forms } from './itemKinds.ts';
import { parseSuspendedRuns } from './transports/parseSuspendedRuns.ts';

const events = (name: string): DecodeEvent[] => decodeText(fixtureText(name));
const chunkEvents = (chunks: MastraChunk[]): DecodeEvent[] =>
  chunks.map((chunk) => ({ kind: 'chunk', chunk }));

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Applies actions one by one to frozen snapshots: any mutation throws. */
const run = (actions: RunAction[], from: RunSnapshot = initialRunSnapshot, kinds: readonly ItemKind[] = []) =>
  actions.reduce((s, a) => reduceRun(deepFreeze(s), a, kinds), from);

const itemKinds = [approvals, forms];

const suspendedCall = (name: string) => {
  const chunk = referenceChunks(name).findLast((c) => c.type === 'tool-call-suspended') as {
    runId: string;
    payload: { toolCallId: string; suspendPayload: unknown };
  };
  return {
    runId: chunk.runId,
    toolCallId: chunk.payload.toolCallId,
    key: promptKey(chunk.runId, chunk.payload.toolCallId),
  };
};
const replyText = (name: string) =>
  referenceChunks(name)
    .filter((c) => c.type === 'text-delta')
    .map((c) => (c.payload as { text: string }).text)
    .join('');

const asked = (name: string) =>
  run([
    { type: 'send', id: 'm1', text: 'Plan a trip' },
    { type: 'events', events: events(name) },
    { type: 'stream-end' },
  ]);

describe('reduceRun on recorded streams', () => {
  it('free text: asks, takes the answer, then finishes with the reply', () => {
    const call = suspendedCall('text.stream.sse');
    const s1 = asked('text.stream.sse');
    expect(s1.status).toBe('awaiting-input');
    expect(s1.runId).toBe(call.runId);
    expect(s1.openPrompts).toEqual([
      {
        key: call.key,
        runId: call.runId,
        toolCallId: call.toolCallId,
        toolName: 'ask_user',
        kind: 'text',
        question: 'Where would you like to go?',
        options: [],
      },
    ]);
    expect(s1.transcript.map((e) => [e.type, e.id])).toEqual([
      ['user', 'm1'],
      ['prompt', call.key],
    ]);
    expect(s1.toolCalls).toMatchObject([{ key: call.key, state: 'suspended', toolName: 'ask_user' }]);

    const s2 = run([{ type: 'submit-start', key: call.key, answer: 'Lisbon' }], s1);
    expect(s2.status).toBe('resuming');
    expect(s2.transcript[1]).toMatchObject({ state: 'submitting', answer: 'Lisbon' });
    expect(s2.openPrompts).toHaveLength(1);

    const s3 = run(
      [
        { type: 'submit-accepted', key: call.key },
        { type: 'events', events: events('text.resume.sse') },
        { type: 'stream-end' },
      ],
      s2,
    );
    expect(s3.status).toBe('done');
    expect(s3.openPrompts).toEqual([]);
    expect(s3.text).toBe(replyText('text.resume.sse'));
    expect(s3.text).toContain('Lisbon');
    expect(s3.transcript.map((e) => e.type)).toEqual(['user', 'prompt', 'assistant']);
    expect(s3.transcript[1]).toMatchObject({ state: 'answered', answer: 'Lisbon' });
    expect(s3.transcript[2]).toMatchObject({ runId: call.runId, text: s3.text });
    expect(s3.toolCalls[0]).toMatchObject({
      state: 'done',
      result: { content: 'User answered: Lisbon', isError: false },
    });
  });

  it.each([
    ['single.stream.sse', 'single', 'How will you travel?', ['Train', 'Plane', 'Car']],
    [
      'multiple.stream.sse',
      'multiple',
      'What should the trip include?',
      ['Museums', 'Hiking', 'Food tours', 'Beaches'],
    ],
    ['unicode.stream.sse', 'single', 'Où voulez-vous aller ? 🌍', ['Málaga ☀️', 'Kraków 🏰', '東京 🗼']],
  ])('%s gives a %s prompt', (name, kind, question, labels) => {
    const [prompt] = asked(name).openPrompts;
    expect(prompt).toMatchObject({ kind, question, key: suspendedCall(name).key });
    expect(prompt && 'options' in prompt ? prompt.options.map((o) => o.label) : []).toEqual(labels);
  });

  it('keeps option descriptions', () => {
    const [prompt] = asked('single.stream.sse').openPrompts;
    expect(prompt && 'options' in prompt ? prompt.options[0] : undefined).toEqual({
      label: 'Train',
      description: 'Slower, scenic, low carbon',
    });
  });

  it('non-ASCII replies arrive whole', () => {
    const call = suspendedCall('unicode.stream.sse');
    const s = run(
      [
        { type: 'submit-start', key: call.key, answer: 'Kraków 🏰' },
        { type: 'submit-accepted', key: call.key },
        { type: 'events', events: events('unicode.resume.sse') },
        { type: 'stream-end' },
      ],
      asked('unicode.stream.sse'),
    );
    expect(s.text).toBe(replyText('unicode.resume.sse'));
    expect(s.text).toContain('Kraków 🏰');
    expect(s.status).toBe('done');
  });

  it('two ask_user calls in one step: the second prompt appears once the first is answered', () => {
    const first = suspendedCall('two-asks.stream.sse');
    const s1 = asked('two-asks.stream.sse');
    expect(s1.openPrompts.map((p) => p.key)).toEqual([first.key]);
    expect(s1.toolCalls.map((c) => c.state)).toEqual(['suspended', 'running']);

    const second = suspendedCall('two-asks.resume-1.sse');
    expect(second.runId).toBe(first.runId);
    const s2 = run(
      [
        { type: 'submit-start', key: first.key, answer: 'Ada' },
        { type: 'submit-accepted', key: first.key },
        { type: 'events', events: events('two-asks.resume-1.sse') },
        { type: 'stream-end' },
      ],
      s1,
    );
    expect(s2.status).toBe('awaiting-input');
    expect(s2.openPrompts).toMatchObject([{ key: second.key, kind: 'single', question: 'Window or aisle?' }]);

    const s3 = run(
      [
        { type: 'submit-start', key: second.key, answer: 'Window' },
        { type: 'submit-accepted', key: second.key },
        { type: 'events', events: events('two-asks.resume-2.sse') },
        { type: 'stream-end' },
      ],
      s2,
    );
    expect(s3.status).toBe('done');
    expect(s3.text).toBe(replyText('two-asks.resume-2.sse'));
    expect(s3.text).toContain('Ada');
    expect(
      s3.transcript.filter((e) => e.type === 'prompt').map((e) => e.type === 'prompt' && e.state),
    ).toEqual(['answered', 'answered']);
  });

  it('a new question that reuses an answered tool call id gets a key of its own', () => {
    // A model that numbers tool calls by position (the scripted one after a server restart) asks
    // its next question as call_1 again, in the same run: replaying the recorded suspension
    // after its answer is exactly what the resumed stream then carries.
    const call = suspendedCall('text.stream.sse');
    const answered = run(
      [
        { type: 'submit-start', key: call.key, answer: 'Lisbon' },
        { type: 'submit-accepted', key: call.key },
      ],
      asked('text.stream.sse'),
    );
    const again = run(
      [{ type: 'events', events: events('text.stream.sse').slice(-1) }, { type: 'stream-end' }],
      answered,
    );
    expect(again.status).toBe('awaiting-input');
    expect(again.openPrompts).toHaveLength(1);
    expect(again.openPrompts[0]).toMatchObject({ runId: call.runId, toolCallId: call.toolCallId });
    expect(again.openPrompts[0]?.key).not.toBe(call.key);
    const prompts = again.transcript.filter((e) => e.type === 'prompt');
    expect(prompts.map((e) => e.type === 'prompt' && e.state)).toEqual(['answered', 'ready']);
    // The same suspension seen twice while still pending, or restored from the list, is not a new question.
    const twice = run([{ type: 'events', events: events('text.stream.sse').slice(-1) }], again);
    expect(twice.openPrompts).toHaveLength(1);
  });

  it('a long reply is one assistant entry with every delta', () => {
    const s = asked('long-reply.stream.sse');
    expect(s.status).toBe('done');
    expect(s.transcript).toHaveLength(2);
    expect(s.text).toBe(replyText('long-reply.stream.sse'));
    expect(s.text.length).toBeGreaterThan(10_000);
  });

  it('a stream that ends before finish or a question ended early', () => {
    const chunks = referenceChunks('text.resume.sse') as unknown as MastraChunk[];
    const cut = chunks.slice(
      0,
      chunks.findIndex((c) => c.type === 'finish'),
    );
    const s = run([
      { type: 'send', id: 'm1', text: 'hi' },
      { type: 'events', events: chunkEvents(cut) },
      { type: 'stream-end' },
    ]);
    expect(s.status).toBe('error');
    expect(s.error).toEqual({ code: 'ended-early', message: 'The stream ended before the run finished.' });
    expect(s.text).toBe(replyText('text.resume.sse'));
  });
});

describe('identity and immutability', () => {
  const s1 = asked('text.stream.sse');
  const resumed = referenceChunks('text.resume.sse') as unknown as MastraChunk[];
  const of = (type: string) => resumed.find((c) => c.type === type)!;

  it.each(['step-start', 'step-finish', 'text-start', 'text-end'])(
    'a %s chunk changes nothing: same object',
    (type) => {
      expect(reduceRun(s1, { type: 'events', events: chunkEvents([of(type)]) })).toBe(s1);
    },
  );

  it('unknown chunk types are kept harmlessly: same object', () => {
    const unknown = { type: 'reasoning-delta', runId: s1.runId, payload: { text: 'thinking' } };
    expect(reduceRun(s1, { type: 'events', events: chunkEvents([unknown, of('step-start')]) })).toBe(s1);
  });

  it('a start chunk for the current run, an empty batch, a second stream-end change nothing', () => {
    const start = referenceChunks('text.stream.sse')[0] as unknown as MastraChunk;
    expect(reduceRun(s1, { type: 'events', events: chunkEvents([start]) })).toBe(s1);
    expect(reduceRun(s1, { type: 'events', events: [] })).toBe(s1);
    expect(reduceRun(s1, { type: 'stream-end' })).toBe(s1);
  });

  it('a text delta changes only what it must', () => {
    const s2 = reduceRun(s1, { type: 'events', events: chunkEvents([of('text-delta')]) });
    expect(s2).not.toBe(s1);
    expect(s2.openPrompts).toBe(s1.openPrompts);
    expect(s2.toolCalls).toBe(s1.toolCalls);
    expect(s1.text).toBe('');
  });

  it('reset returns the initial snapshot', () => {
    expect(reduceRun(s1, { type: 'reset' })).toBe(initialRunSnapshot);
    expect(reduceRun(initialRunSnapshot, { type: 'reset' })).toBe(initialRunSnapshot);
  });
});

describe('answers', () => {
  const call = suspendedCall('text.stream.sse');
  const submitting = run(
    [{ type: 'submit-start', key: call.key, answer: 'Lisbon' }],
    asked('text.stream.sse'),
  );

  it('a failed answer leaves the prompt open as failed, with the error and the answer for a retry', () => {
    const error = { code: 'http', status: 502, message: 'Bad gateway' } as const;
    const s = run([{ type: 'submit-failed', key: call.key, error }], submitting);
    expect(s.status).toBe('awaiting-input');
    expect(s.error).toEqual(error);
    expect(s.openPrompts.map((p) => p.key)).toEqual([call.key]);
    expect(s.transcript[1]).toEqual({
      type: 'prompt',
      id: call.key,
      prompt: s.openPrompts[0],
      state: 'failed',
      answer: 'Lisbon',
      error,
    });
  });

  it.each(['expired', 'answered-elsewhere'] as const)(
    'a refused answer (%s) closes the prompt in that state; the run is not in error',
    (code) => {
      const refusal = { code, status: 500, message: 'refused' };
      const s = run([{ type: 'submit-refused', key: call.key, refusal }], submitting);
      expect(s.status).toBe('idle');
      expect(s.error).toBeUndefined();
      expect(s.openPrompts).toEqual([]);
      expect(s.transcript[1]).toMatchObject({ state: code, answer: undefined, error: undefined });
    },
  );

  it('a cancelled answer goes back to ready', () => {
    const s = run([{ type: 'cancelled' }], submitting);
    expect(s.status).toBe('awaiting-input');
    expect(s.transcript[1]).toMatchObject({ state: 'ready', answer: undefined });
  });

  it('answering an unknown key changes nothing', () => {
    const s1 = asked('text.stream.sse');
    expect(reduceRun(s1, { type: 'submit-start', key: 'nope:call_0', answer: 'x' })).toBe(s1);
  });
});

describe('restore', () => {
  const { runs } = parseSuspendedRuns(
    JSON.parse(readFileSync(new URL('./fixtures/suspended-runs.json', import.meta.url), 'utf8')),
  );

  it('rebuilds the pending prompt from a recorded suspended-runs answer', () => {
    const s = run([{ type: 'restore', runs }]);
    const listed = runs[0]!;
    expect(s.status).toBe('awaiting-input');
    expect(s.openPrompts).toMatchObject([
      {
        key: promptKey(listed.runId, listed.toolCalls[0]!.toolCallId),
        kind: 'text',
        question: 'Where would you like to go?',
      },
    ]);
    expect(s.transcript).toHaveLength(1);
  });

  it('restoring prompts already known changes nothing', () => {
    const s = run([{ type: 'restore', runs }]);
    expect(reduceRun(s, { type: 'restore', runs })).toBe(s);
    const fromStream = asked('suspended.stream.sse');
    expect(reduceRun(fromStream, { type: 'restore', runs })).toBe(fromStream);
  });

  it("restores approvals and other tools' suspensions as items, not prompts", () => {
    const other: SuspendedRun = {
      runId: 'r9',
      toolCalls: [
        { toolCallId: 'c1', toolName: 'deploy', suspendPayload: { reason: 'confirm' } },
        { toolCallId: 'c2', toolName: 'ask_user', requiresApproval: true, suspendPayload: undefined },
      ],
    };
    // Without item kinds, the reducer knows only ask_user prompts.
    expect(reduceRun(initialRunSnapshot, { type: 'restore', runs: [other] })).toBe(initialRunSnapshot);
    const s = reduceRun(initialRunSnapshot, { type: 'restore', runs: [other] }, itemKinds);
    expect(s.openPrompts).toEqual([]);
    // The list carries no resume schema: without forms.withResumeSchemas, the form cannot be shown.
    expect(s.openItems).toMatchObject([
      { kind: 'malformed', of: 'form', toolName: 'deploy' },
      { kind: 'approval', toolName: 'ask_user' },
    ]);
    expect(s.status).toBe('awaiting-input');
  });
});

describe('other chunks', () => {
  it('another suspended tool is a form item and waits for input, without a prompt', () => {
    const chunk = structuredClone(
      referenceChunks('text.stream.sse').find((c) => c.type === 'tool-call-suspended')!,
    ) as unknown as MastraChunk & {
      payload: Record<string, unknown>;
    };
    chunk.payload.toolName = 'deploy';
    chunk.payload.suspendPayload = { reason: 'Deploy to production?' };
    chunk.payload.resumeSchema = JSON.stringify({ type: 'object', properties: { ok: { type: 'boolean' } } });
    const actions: RunAction[] = [
      { type: 'send', id: 'm1', text: 'ship it' },
      { type: 'events', events: chunkEvents([chunk]) },
      { type: 'stream-end' },
    ];
    const plain = run(actions);
    expect(plain).toMatchObject({ status: 'awaiting-input', openPrompts: [], openItems: [] });
    const s = run(actions, initialRunSnapshot, itemKinds);
    expect(s.openPrompts).toEqual([]);
    expect(s.openItems).toMatchObject([{ kind: 'form', toolName: 'deploy' }]);
    expect(s.status).toBe('awaiting-input');
    expect(s.toolCalls).toMatchObject([{ toolName: 'deploy', state: 'suspended' }]);
  });

  it('a malformed known chunk becomes an issue and the rest still applies', () => {
    const chunks = structuredClone(referenceChunks('text.resume.sse')) as unknown as (MastraChunk & {
      payload: { text?: unknown };
    })[];
    const firstDelta = chunks.find((c) => c.type === 'text-delta')!;
    const lost = firstDelta.payload.text as string;
    firstDelta.payload.text = 42;
    const s = run([
      { type: 'send', id: 'm1', text: 'hi' },
      { type: 'events', events: chunkEvents(chunks) },
      { type: 'stream-end' },
    ]);
    expect(s.issues).toMatchObject([{ message: 'Skipped a "text-delta" chunk: payload.text must be text.' }]);
    expect(s.text).toBe(replyText('text.resume.sse').slice(lost.length));
    expect(s.status).toBe('done');
  });

  it(`keeps the last ${MAX_ISSUES} issues`, () => {
    const bad: DecodeEvent[] = Array.from({ length: MAX_ISSUES + 5 }, (_, i) => ({
      kind: 'decode-error',
      issue: { message: `bad ${i}`, excerpt: '' },
    }));
    const s = reduceRun(initialRunSnapshot, { type: 'events', events: bad });
    expect(s.issues).toHaveLength(MAX_ISSUES);
    expect(s.issues[0]?.message).toBe('bad 5');
    expect(s.issues.at(-1)?.message).toBe(`bad ${MAX_ISSUES + 4}`);
  });
});

describe('statuses, keys and limits', () => {
  const recorded = (name: string, type: string) =>
    structuredClone(referenceChunks(name).find((c) => c.type === type)!) as unknown as MastraChunk & {
      runId: string;
      payload: Record<string, unknown>;
    };
  const suspension = (
    runId: string,
    toolCallId: string,
    suspendPayload: unknown = { question: 'Where to?' },
  ) => {
    const chunk = recorded('text.stream.sse', 'tool-call-suspended');
    return { ...chunk, runId, payload: { ...chunk.payload, toolCallId, suspendPayload } };
  };
  const streamed = (chunks: MastraChunk[], from: RunSnapshot = initialRunSnapshot) =>
    run(
      [
        { type: 'send', id: `m${from.transcript.length}`, text: 'hi' },
        { type: 'events', events: chunkEvents(chunks) },
        { type: 'stream-end' },
      ],
      from,
    );

  it('a malformed question does not hold the run: done, and expired by the next message', () => {
    const s1 = streamed([suspension('r1', 'call_1', { question: '   ' })]);
    expect(s1.status).toBe('done');
    expect(s1.openPrompts).toMatchObject([{ kind: 'malformed', reason: 'the question is empty' }]);
    expect(s1.transcript.at(-1)).toMatchObject({ state: 'malformed' });

    const s2 = streamed(referenceChunks('text.resume.sse') as unknown as MastraChunk[], s1);
    expect(s2.status).toBe('done');
    expect(s2.openPrompts).toEqual([]);
    expect(s2.transcript.find((e) => e.type === 'prompt')).toMatchObject({ state: 'expired' });
  });

  it('a malformed question beside an answerable one: awaiting-input for the answerable one', () => {
    const s = streamed([suspension('r1', 'call_1', { question: '   ' }), suspension('r2', 'call_1')]);
    expect(s.status).toBe('awaiting-input');
    expect(s.openPrompts.map((p) => p.kind)).toEqual(['malformed', 'text']);
  });

  it('("a:b", "c") and ("a", "b:c") are two questions: answering one leaves the other open', () => {
    const s1 = streamed([suspension('a:b', 'c'), suspension('a', 'b:c')]);
    expect(s1.openPrompts).toHaveLength(2);
    const [first, second] = s1.openPrompts;
    expect(first!.key).not.toBe(second!.key);
    const s2 = run(
      [
        { type: 'submit-start', key: first!.key, answer: 'Lisbon' },
        { type: 'submit-accepted', key: first!.key },
      ],
      s1,
    );
    expect(s2.openPrompts).toEqual([second]);
  });

  it('a call named "call_5#2" and the second asking of call_5 have different keys', () => {
    const s1 = streamed([suspension('r1', 'call_5')]);
    const asked = s1.openPrompts[0]!.key;
    const s2 = run(
      [
        { type: 'submit-start', key: asked, answer: 'x' },
        { type: 'submit-accepted', key: asked },
      ],
      s1,
    );
    const s3 = run(
      [{ type: 'events', events: chunkEvents([suspension('r1', 'call_5'), suspension('r1', 'call_5#2')]) }],
      s2,
    );
    const keys = s3.transcript.filter((e) => e.type === 'prompt').map((e) => e.id);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    expect(s3.openPrompts.map((p) => p.toolCallId)).toEqual(['call_5', 'call_5#2']);
  });

  it('another tool that suspended, got its result, and then a stream without finish: ended early', () => {
    const other = {
      ...suspension('r1', 'call_9', { reason: 'Deploy?' }),
      payload: {
        ...suspension('r1', 'call_9').payload,
        toolName: 'deploy',
        suspendPayload: { reason: 'Deploy?' },
        resumeSchema: '{"type":"object","properties":{}}',
      },
    };
    const result = recorded('text.resume.sse', 'tool-result');
    const done = {
      ...result,
      runId: 'r1',
      payload: { ...result.payload, toolCallId: 'call_9', toolName: 'deploy' },
    };
    const waiting = streamed([other]);
    expect(waiting.status).toBe('awaiting-input');
    const s = streamed([other, done]);
    expect(s.status).toBe('error');
    expect(s.error).toEqual({ code: 'ended-early', message: 'The stream ended before the run finished.' });
    // In two reads as well.
    const twoReads = run([
      { type: 'send', id: 'm1', text: 'hi' },
      { type: 'events', events: chunkEvents([other]) },
      { type: 'events', events: chunkEvents([done]) },
      { type: 'stream-end' },
    ]);
    expect(twoReads.status).toBe('error');
  });

  it.each([
    ['blank', '   ', 'The agent reported an error.'],
    ['empty', '', 'The agent reported an error.'],
    ['1 MB', 'z'.repeat(1_048_576), `${'z'.repeat(80)}…`],
  ])('an error chunk with a %s message gives a readable one', (_, message, expected) => {
    const s = streamed([{ type: 'error', runId: 'r1', payload: { error: { message } } }]);
    expect(s.error).toEqual({ code: 'stream', message: expected });
  });

  it('a chunk type of 1 MB is quoted, not copied, in the issue', () => {
    const s = run([
      { type: 'events', events: chunkEvents([{ type: 'text-delta'.padEnd(1_000_000, 'x'), payload: null }]) },
    ]);
    expect(s.issues).toEqual([]);
    const bad = run([
      {
        type: 'events',
        events: chunkEvents([
          { type: 'text-delta', runId: 'r'.repeat(1_000_000) as unknown as string, payload: { text: 1 } },
        ]),
      },
    ]);
    expect(bad.issues[0]!.message.length).toBeLessThan(200);
  });

  it('many questions in one stream are each open once, with unique keys (a CI-sized check of the linear path)', () => {
    const chunks = Array.from({ length: 2_000 }, (_, i) => suspension('r1', `call_${i}`));
    const s = streamed([...chunks, ...chunks]);
    expect(s.openPrompts).toHaveLength(2_000);
    expect(new Set(s.openPrompts.map((p) => p.key)).size).toBe(2_000);
    expect(s.status).toBe('awaiting-input');
  });
});
