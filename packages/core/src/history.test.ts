import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunStore } from './createRunStore.ts';
import { historyEntries, loadHistory, loadThreadHistory } from './history.ts';
import { listSuspendedRuns } from './listSuspendedRuns.ts';
import { createFetchTransport } from './transports/fetchTransport.ts';
import type { PromptEntry, RunStore, TranscriptEntry } from './types.ts';

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
