import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunStore } from './createRunStore.ts';
import { historyEntries, loadHistory, loadThreadHistory, withHistory } from './history.ts';
import { listSuspendedRuns } from './listSuspendedRuns.ts';
import { parsePrompt, promptKey } from './prompt.ts';
import { initialRunSnapshot } from './reduceRun.ts';
import { createFetchTransport } from './transports/fetchTransport.ts';
import type { PromptEntry, RunSnapshot, RunStore, TranscriptEntry } from './types.ts';

const agentId = 'planner';
const describeEntry = (entry: TranscriptEntry) =>
  entry.type === 'prompt'
    ? { type: 'prompt', state: entry.state, question: entry.prompt.question, answer: entry.answer }
    : { type: entry.type, text: entry.text.slice(0, 24) };

describe('loadThreadHistory against a server with memory', () => {
  let server: MastraTestServer;
  beforeAll(async () => {
    server = await startMastraTestServer({
      agents: { planner: askUserAgent('planner', tripPlannerScript) },
      memory: true,
    });
  });
  afterAll(() => server?.close());

  const storeFor = (thread: string) =>
    createRunStore({
      transport: createFetchTransport({ baseUrl: server.url, agentId }),
      threadId: thread,
      resourceId: thread,
    });
  const historyOf = (thread: string, resourceId = thread) =>
    loadThreadHistory({ baseUrl: server.url, agentId, threadId: thread, resourceId });
  const answerOpen = async (store: RunStore, answer: string | string[]) =>
    store.submit(store.getSnapshot().openPrompts[0]!.key, answer);

  it('rebuilds a finished conversation: messages, each question with its answer, the plan', async () => {
    const store = storeFor('finished');
    await store.send('Plan a trip');
    await answerOpen(store, 'Lisbon');
    await answerOpen(store, 'Train');
    await answerOpen(store, ['Museums', 'Food tours']);
    expect(store.getSnapshot().status).toBe('done');

    const history = await historyOf('finished');
    expect(history.memory).toBe(true);
    expect(history.settled).toBe(true);
    expect(history.entries.map(describeEntry)).toEqual([
      { type: 'user', text: 'Plan a trip' },
      { type: 'prompt', state: 'answered', question: 'Where would you like to go?', answer: 'Lisbon' },
      { type: 'prompt', state: 'answered', question: 'How will you travel?', answer: 'Train' },
      {
        type: 'prompt',
        state: 'answered',
        question: 'What should the trip include?',
        answer: ['Museums', 'Food tours'],
      },
      { type: 'assistant', text: 'Here is your plan for Li' },
    ]);
  });

  it('keeps the waiting question open, keyed as restore keys it, in a new store', async () => {
    const first = storeFor('waiting');
    await first.send('Plan a trip');
    await answerOpen(first, 'Oslo');

    const second = storeFor('waiting');
    loadHistory(second, (await historyOf('waiting')).entries);
    const { runs } = await listSuspendedRuns(createFetchTransport({ baseUrl: server.url, agentId }), {
      threadId: 'waiting',
      resourceId: 'waiting',
    });
    second.restore(runs);
    const snapshot = second.getSnapshot();
    expect(snapshot.transcript.map(describeEntry)).toEqual([
      { type: 'user', text: 'Plan a trip' },
      { type: 'prompt', state: 'answered', question: 'Where would you like to go?', answer: 'Oslo' },
      { type: 'prompt', state: 'ready', question: 'How will you travel?', answer: undefined },
    ]);
    expect(snapshot.status).toBe('awaiting-input');
    // The one open prompt can be answered from the new store: the conversation goes on.
    await answerOpen(second, 'Car');
    expect(second.getSnapshot().openPrompts[0]?.question).toBe('What should the trip include?');
  });

  it('closes a prompt another client answered when the history says so, and shows the next one', async () => {
    const here = storeFor('two-tabs');
    await here.send('Plan a trip');
    const there = storeFor('two-tabs');
    loadHistory(there, (await historyOf('two-tabs')).entries);
    await answerOpen(there, 'Rome');

    loadHistory(here, (await historyOf('two-tabs')).entries);
    const prompts = here.getSnapshot().transcript.filter((e): e is PromptEntry => e.type === 'prompt');
    expect(prompts.map((p) => [p.prompt.question, p.state])).toEqual([
      ['Where would you like to go?', 'answered'],
      ['How will you travel?', 'ready'],
    ]);
    expect(here.getSnapshot().openPrompts).toHaveLength(1);
  });

  it('leaves nothing waiting once another client answered the last question', async () => {
    const here = storeFor('answered-there');
    await here.send('Plan a trip');
    expect(here.getSnapshot().status).toBe('awaiting-input');
    const there = storeFor('answered-there');
    loadHistory(there, (await historyOf('answered-there')).entries);
    await answerOpen(there, 'Rome');
    await answerOpen(there, 'Car');
    await answerOpen(there, ['Hiking']);
    expect(there.getSnapshot().status).toBe('done');

    loadHistory(here, (await historyOf('answered-there')).entries);
    const snapshot = here.getSnapshot();
    expect(snapshot.openPrompts).toEqual([]);
    expect(snapshot.status).toBe('idle');
    // The question this client saw keeps its key: its run's tool call still finds it.
    const first = snapshot.transcript.find((entry): entry is PromptEntry => entry.type === 'prompt');
    expect(first).toMatchObject({ state: 'answered', answer: 'Rome' });
    expect(first!.prompt.runId).not.toBe('history');
  });

  it('reads each message once when the thread grows between two pages', async () => {
    const store = storeFor('growing');
    await store.send('Plan a trip');
    await answerOpen(store, 'Lisbon');
    await answerOpen(store, 'Train');
    await answerOpen(store, ['Museums']);
    const before = await historyOf('growing');
    let reads = 0;
    // Pages of two messages; after the first page, the thread gets a new turn (a message and a question).
    const growingFetch: typeof fetch = async (input, init) => {
      const url = String(input).replace('perPage=200', 'perPage=2');
      const response = await fetch(url, init);
      if (url.includes('/messages?') && ++reads === 1) await store.send('Plan another trip');
      return response;
    };
    const history = await loadThreadHistory({
      baseUrl: server.url,
      agentId,
      threadId: 'growing',
      resourceId: 'growing',
      fetch: growingFetch,
    });
    expect(reads).toBeGreaterThan(2);
    const ids = history.entries.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(history.entries).toEqual(before.entries);
    // And read again, the new turn is there, once.
    const after = await historyOf('growing');
    expect(after.entries.slice(0, before.entries.length)).toEqual(before.entries);
    expect(after.entries.slice(before.entries.length).map(describeEntry)).toEqual([
      { type: 'user', text: 'Plan another trip' },
      { type: 'prompt', state: 'ready', question: 'Where would you like to go?', answer: undefined },
    ]);
  });

  it('reads a stored message it cannot make sense of as nothing, and the thread around it as it is', async () => {
    const store = storeFor('hostile');
    await store.send('Plan a trip');
    await answerOpen(store, 'Lisbon');
    const real = await historyOf('hostile');
    const hostile = [
      { id: 'h1', role: 'assistant', content: { parts: { 0: 'not a list' } } },
      { id: 'h2', role: 'assistant', content: { parts: 'text' } },
      { id: 'h3', role: 'user', content: null },
      {
        id: 'h4',
        role: 'assistant',
        content: { parts: [null, 'text', 7, { type: 5 }, { type: 'tool-invocation' }] },
      },
      {
        id: 'h5',
        role: 'assistant',
        content: { parts: [{ type: 'tool-invocation', toolInvocation: { state: 'call' } }] },
      },
      {
        id: 'h6',
        role: 'assistant',
        content: {
          parts: [{ type: 'tool-invocation', toolInvocation: null }],
          metadata: { suspendedTools: null },
        },
      },
      {
        id: 'h7',
        role: 'assistant',
        content: {
          metadata: { suspendedTools: { constructor: null } },
          parts: [
            {
              type: 'tool-invocation',
              toolInvocation: { state: 'call', toolCallId: 'constructor', toolName: 'other' },
            },
          ],
        },
      },
      { id: 7, role: 'user', content: { content: 'no id' } },
    ];
    // Hostile messages after each real one, served as the server's own answer.
    const mixingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).includes('/messages?')) return response;
      const body = (await response.json()) as { messages: unknown[] };
      const messages = body.messages.flatMap((message) => [message, ...hostile]);
      return Response.json({ ...body, messages });
    };
    const history = await loadThreadHistory({
      baseUrl: server.url,
      agentId,
      threadId: 'hostile',
      resourceId: 'hostile',
      fetch: mixingFetch,
    });
    expect(history).toEqual(real);
  });

  it('gives an empty history for a thread not begun, and refuses another resource’s thread', async () => {
    await expect(historyOf('never-begun')).resolves.toEqual({ memory: true, entries: [], settled: true });
    await expect(historyOf('finished', 'someone-else')).rejects.toMatchObject({
      error: { code: 'http', status: 403 },
    });
  });
});

describe('loadThreadHistory against a server without memory', () => {
  let server: MastraTestServer;
  beforeAll(async () => {
    server = await startMastraTestServer({ agents: { planner: askUserAgent('planner', tripPlannerScript) } });
  });
  afterAll(() => server?.close());

  it('says the server keeps no history', async () => {
    const history = await loadThreadHistory({ baseUrl: server.url, agentId, threadId: 't', resourceId: 't' });
    expect(history).toEqual({ memory: false, entries: [], settled: true });
  });
});

describe('historyEntries', () => {
  it('skips what it cannot read and never throws', () => {
    expect(
      historyEntries([null, 3, 'text', { role: 'user' }, { id: 'x', role: 'system', content: {} }]),
    ).toEqual([]);
  });
});

describe('withHistory', () => {
  /** A conversation of `count` questions, each answered: as this client saw it, and as memory keeps it. */
  function answeredQuestions(count: number) {
    const known: TranscriptEntry[] = [];
    const history: TranscriptEntry[] = [];
    for (let i = 0; i < count; i++) {
      const call = {
        toolCallId: `call_${i}`,
        toolName: 'ask_user',
        suspendPayload: { question: `Question ${i}?` },
      };
      const live = promptKey(`run-${i}`, call.toolCallId);
      const stored = promptKey(`history:message-${i}`, call.toolCallId);
      known.push({
        type: 'prompt',
        id: live,
        prompt: parsePrompt({ ...call, runId: `run-${i}` }),
        state: 'answered',
        answer: `${i}`,
      });
      history.push({ type: 'user', id: `user-${i}`, text: `Message ${i}` });
      history.push({
        type: 'prompt',
        id: stored,
        prompt: parsePrompt({ ...call, runId: 'history' }, stored),
        state: 'answered',
        answer: `${i}`,
      });
    }
    return { known, history };
  }

  /** How many fields of the snapshot's entries `withHistory` reads for a conversation of `count` questions. */
  function readsFor(count: number): number {
    const { known, history } = answeredQuestions(count);
    let reads = 0;
    const counted = known.map(
      (entry) => new Proxy(entry, { get: (target, field) => (reads++, Reflect.get(target, field)) }),
    );
    const snapshot: RunSnapshot = { ...initialRunSnapshot, status: 'done', transcript: counted };
    const next = withHistory(snapshot, history);
    const readByWithHistory = reads;
    // Each question keeps the entry this client had for it.
    expect(next.transcript.filter((entry) => entry.type === 'prompt')).toEqual(known);
    return readByWithHistory;
  }

  it('reads each entry of the snapshot a bounded number of times, however long the conversation', () => {
    const small = readsFor(100);
    const large = readsFor(400);
    // Linear: four times the questions, about four times the reads (pairing each question by
    // searching the others would read sixteen times as many).
    expect(large / small).toBeLessThan(5);
    expect(large / 400).toBeLessThan(10);
  });

  it('pairs a question asked twice under one call id with each of its askings once', () => {
    const call = { toolCallId: 'call_1', toolName: 'ask_user', suspendPayload: { question: 'Again?' } };
    const asked = (runId: string, answer: string): PromptEntry => ({
      type: 'prompt',
      id: promptKey(runId, 'call_1'),
      prompt: parsePrompt({ ...call, runId }),
      state: 'answered',
      answer,
    });
    const stored = (message: string, answer: string): PromptEntry => {
      const key = promptKey(`history:${message}`, 'call_1');
      return {
        type: 'prompt',
        id: key,
        prompt: parsePrompt({ ...call, runId: 'history' }, key),
        state: 'answered',
        answer,
      };
    };
    const mine = [asked('run-1', 'yes'), asked('run-2', 'no')];
    const snapshot: RunSnapshot = { ...initialRunSnapshot, status: 'done', transcript: mine };
    const next = withHistory(snapshot, [stored('m1', 'yes'), stored('m2', 'no')]);
    expect(next.transcript).toEqual(mine);
  });
});
