import { describe, expect, it } from 'vitest';
import { createRunStore } from './createRunStore.ts';
import { decodeChunks } from './decodeChunks.ts';
import { RequestError, TransportError } from './errors.ts';
import { initialRunSnapshot } from './reduceRun.ts';
import {
  fixtureBytes,
  referenceChunks,
  replayTransport,
  splitBytes,
  streamOfReads,
} from './test/fixtures.ts';
import type { AgentTransport, DecodeEvent, RunStore } from './types.ts';

const replyText = (name: string) =>
  referenceChunks(name)
    .filter((c) => c.type === 'text-delta')
    .map((c) => (c.payload as { text: string }).text)
    .join('');

/** Recorded responses, each delivered as ONE network read. */
function oneReadTransport(streams: string[], resumes: string[]) {
  const requests = { stream: 0, resume: 0 };
  const transport: AgentTransport = {
    async stream() {
      return decodeChunks(streamOfReads([fixtureBytes(streams[requests.stream++]!)]));
    },
    async resume() {
      return decodeChunks(streamOfReads([fixtureBytes(resumes[requests.resume++]!)]));
    },
    listSuspended: async () => ({ runs: [], issues: [] }),
  };
  return { transport, requests };
}

function countNotifications(store: RunStore) {
  const seen: unknown[] = [];
  store.subscribe(() => seen.push(store.getSnapshot()));
  return seen;
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('expected a rejection'),
    (e: unknown) => e as RequestError,
  );

/** A stream that delivers the recorded reads only when told to, so a test can act in between. */
function gatedStream(name: string, cuts: number[]) {
  const reads = splitBytes(fixtureBytes(name), cuts);
  let release!: () => void;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const read = reads.shift();
      if (!read) return controller.close();
      await new Promise<void>((resolve) => (release = resolve));
      if (!cancelled) controller.enqueue(read);
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, next: () => release() };
}

describe('createRunStore', () => {
  it('one read with a burst of chunks notifies once', async () => {
    const { transport } = oneReadTransport(['text.stream.sse'], ['text.resume.sse']);
    const store = createRunStore({ transport });
    const seen = countNotifications(store);
    await store.send('Plan a trip');
    // The user message, then the whole recorded stream in one batch (stream-end changes nothing).
    expect(seen).toHaveLength(2);
    expect(store.getSnapshot().status).toBe('awaiting-input');

    await store.submit(store.getSnapshot().openPrompts[0]!.key, 'Lisbon');
    // Answer sent, answer taken, then the 15-chunk resumed stream in one batch.
    expect(seen).toHaveLength(5);
    expect(store.getSnapshot()).toMatchObject({ status: 'done', text: replyText('text.resume.sse') });
  });

  it('getSnapshot is stable between changes; unsubscribe stops notifications', async () => {
    const { transport } = replayTransport({ stream: ['text.stream.sse', 'suspended.stream.sse'] });
    const store = createRunStore({ transport });
    expect(store.getSnapshot()).toBe(initialRunSnapshot);
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    await store.send('Plan a trip');
    expect(store.getSnapshot()).toBe(store.getSnapshot());
    const before = calls;
    expect(before).toBeGreaterThan(0);
    unsubscribe();
    await store.send('Plan another');
    expect(calls).toBe(before);
    expect(store.getSnapshot().openPrompts).toHaveLength(2);
  });

  it('refuses bad input with a RequestError and sends nothing', async () => {
    const { transport, requests } = replayTransport({ stream: ['text.stream.sse'] });
    const store = createRunStore({ transport });
    for (const text of ['   ', undefined as unknown as string]) {
      const error = await failureOf(store.send(text));
      expect(error).toBeInstanceOf(RequestError);
      expect(error).toMatchObject({
        code: 'empty-message',
        error: { code: 'empty-message', message: 'send() needs a non-empty message.' },
      });
    }
    expect(requests).toEqual([]);
    expect(store.getSnapshot()).toBe(initialRunSnapshot);

    const unknown = await failureOf(store.submit('run:call_1', 'x'));
    expect(unknown.error).toEqual({
      code: 'expired',
      message: 'No question with key "run:call_1" is waiting for an answer.',
    });
    expect(unknown.promptKey).toBe('run:call_1');
  });

  it('an invalid answer is refused before any request, and changes nothing', async () => {
    const { transport, requests } = replayTransport({
      stream: ['multiple.stream.sse'],
      resume: ['multiple.resume.sse'],
    });
    const store = createRunStore({ transport });
    await store.send('Plan a trip');
    const before = store.getSnapshot();
    const key = before.openPrompts[0]!.key;
    for (const [value, message] of [
      [[], 'Choose at least one option.'],
      ['Museums', 'A multiple choice is answered with a list of labels, as text.'],
      [['Museums', 'Opera'], '"Opera" is not one of the options.'],
    ] as const) {
      const error = await failureOf(store.submit(key, value));
      expect(error).toBeInstanceOf(RequestError);
      expect(error.promptKey).toBe(key);
      expect(error.error).toEqual({ code: 'invalid-answer', message });
    }
    expect(store.getSnapshot()).toBe(before);
    expect(requests.filter((r) => r.kind === 'resume')).toEqual([]);
  });

  it('answering twice at once sends one request; answering again later is refused locally', async () => {
    const { transport, requests } = replayTransport({
      stream: ['text.stream.sse'],
      resume: ['text.resume.sse'],
    });
    const store = createRunStore({ transport, threadId: 't-1', resourceId: 'u-1' });
    await store.send('Plan a trip');
    const prompt = store.getSnapshot().openPrompts[0]!;
    const first = store.submit(prompt.key, 'Lisbon');
    expect(store.submit(prompt.key, 'Porto')).toBe(first);
    await first;
    expect(requests.filter((r) => r.kind === 'resume').map((r) => r.request)).toEqual([
      {
        runId: prompt.runId,
        toolCallId: prompt.toolCallId,
        resumeData: 'Lisbon',
        threadId: 't-1',
        resourceId: 'u-1',
        signal: expect.any(AbortSignal),
      },
    ]);
    const again = await failureOf(store.submit(prompt.key, 'Porto'));
    expect(again.error).toEqual({
      code: 'expired',
      message: 'This question was already answered or has expired.',
    });
    expect(requests.filter((r) => r.kind === 'resume')).toHaveLength(1);
  });

  it('a failed answer leaves the prompt failed with a typed error, and retry() sends it again', async () => {
    const replay = replayTransport({ stream: ['single.stream.sse'], resume: ['single.resume.sse'] });
    let failNext = true;
    const transport: AgentTransport = {
      ...replay.transport,
      resume: (request) => {
        if (!failNext) return replay.transport.resume(request);
        failNext = false;
        return Promise.reject(new TransportError({ code: 'http', status: 502, message: 'Bad gateway' }));
      },
    };
    const store = createRunStore({ transport });
    await store.send('Plan a trip');
    const key = store.getSnapshot().openPrompts[0]!.key;
    const error = await failureOf(store.submit(key, ' Bike ', { allowOther: true }));
    expect(error.error).toEqual({ code: 'http', status: 502, message: 'Bad gateway' });
    expect(store.getSnapshot()).toMatchObject({ status: 'awaiting-input', error: error.error });
    expect(store.getSnapshot().transcript.at(-1)).toMatchObject({
      state: 'failed',
      answer: 'Bike',
      error: error.error,
    });

    // The same answer again, with the options of the last submit ("Bike" is not an offered label).
    await store.retry(key);
    expect(
      replay.requests
        .filter((r) => r.kind === 'resume')
        .map((r) => (r.request as { resumeData: unknown }).resumeData),
    ).toEqual(['Bike']);
    expect(store.getSnapshot()).toMatchObject({
      status: 'done',
      error: undefined,
      text: replyText('single.resume.sse'),
    });
    expect(store.getSnapshot().transcript.find((e) => e.type === 'prompt')).toMatchObject({
      state: 'answered',
      answer: 'Bike',
    });
  });

  it('cancel() while an answer is on its way rejects it as aborted and keeps the prompt', async () => {
    const replay = replayTransport({ stream: ['text.stream.sse'] });
    const transport: AgentTransport = {
      ...replay.transport,
      resume: ({ signal }) =>
        new Promise((_, reject) =>
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
        ),
    };
    const store = createRunStore({ transport });
    await store.send('Plan a trip');
    const key = store.getSnapshot().openPrompts[0]!.key;
    const answering = failureOf(store.submit(key, 'Lisbon'));
    expect(store.getSnapshot().status).toBe('resuming');
    store.cancel();
    expect((await answering).error.code).toBe('aborted');
    expect(store.getSnapshot().status).toBe('awaiting-input');
    expect(store.getSnapshot().transcript.at(-1)).toMatchObject({ state: 'ready', answer: undefined });
  });

  it('reset() during a stream drops its late events', async () => {
    const gate = gatedStream('long-reply.stream.sse', [20_000, 40_000]);
    const transport: AgentTransport = {
      stream: async () => decodeChunks(gate.stream) as AsyncIterable<DecodeEvent[]>,
      resume: () => Promise.reject(new Error('unused')),
      listSuspended: async () => ({ runs: [], issues: [] }),
    };
    const store = createRunStore({ transport });
    const sending = store.send('Plan a long trip');
    await Promise.resolve();
    const seen = countNotifications(store);
    gate.next();
    await new Promise<void>((resolve) => store.subscribe(resolve));
    expect(store.getSnapshot().text.length).toBeGreaterThan(0);
    store.reset();
    gate.next();
    await sending;
    expect(store.getSnapshot()).toBe(initialRunSnapshot);
    expect(seen.at(-1)).toBe(initialRunSnapshot);
  });

  it('restore() adds pending prompts once, and they can be answered', async () => {
    const { transport, requests } = replayTransport({
      stream: ['text.stream.sse'],
      resume: ['text.resume.sse'],
    });
    const first = createRunStore({ transport });
    await first.send('Plan a trip');
    const prompt = first.getSnapshot().openPrompts[0]!;
    const runs = [
      {
        runId: prompt.runId,
        toolCalls: [
          {
            toolCallId: prompt.toolCallId,
            toolName: prompt.toolName,
            suspendPayload: { question: 'Where would you like to go?' },
          },
        ],
      },
    ];

    const reloaded = createRunStore({ transport });
    const seen = countNotifications(reloaded);
    reloaded.restore(runs);
    reloaded.restore(runs);
    expect(seen).toHaveLength(1);
    expect(reloaded.getSnapshot().openPrompts).toEqual([prompt]);
    await reloaded.submit(prompt.key, 'Lisbon');
    expect(reloaded.getSnapshot()).toMatchObject({ status: 'done', text: replyText('text.resume.sse') });
    expect(requests.map((r) => r.kind)).toEqual(['stream', 'resume']);
  });
});
