// Every kind of waiting (an ask_user question, an approval, a form) is one entry with one
// lifecycle: the same submit, failure, retry and refusals, against a real Mastra server (behind a
// proxy that can break a resume).
import { z } from 'zod';
import { ask, reply, startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, budgetSchema, conciergeAgent } from '@ask-user-kit/testing/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunStore } from './createRunStore.ts';
import { RequestError } from './errors.ts';
import { approvals, forms } from './itemKinds.ts';
import { listSuspendedRuns } from './listSuspendedRuns.ts';
import { initialRunSnapshot, reduceRun } from './reduceRun.ts';
import { startProxy, type ProxyRule } from './test/proxy.ts';
import { createFetchTransport } from './transports/fetchTransport.ts';
import type { ItemCall, ItemKind, RunStore, SuspensionItem, WaitingEntry } from './types.ts';

const itemKinds = [approvals, forms.withResumeSchemas({ confirm_budget: z.toJSONSchema(budgetSchema) })];

let server: MastraTestServer;
let proxy: Awaited<ReturnType<typeof startProxy>>;
const pass: ProxyRule = { kind: 'pass' };
let answerRule: ProxyRule = pass;
let conversations = 0;

beforeAll(async () => {
  server = await startMastraTestServer({
    agents: {
      text: askUserAgent('text', [ask.text('Name?'), reply(({ answers }) => `Hello, ${answers[0]}!`)]),
      concierge: conciergeAgent(),
    },
  });
  // Answers go to /resume-stream, or to /approve-tool-call and /decline-tool-call for approvals.
  proxy = await startProxy(server.url, (_method, path) =>
    /\/(resume-stream|approve-tool-call|decline-tool-call)$/.test(path) ? answerRule : pass,
  );
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

/** How a conversation gets to each kind of waiting, and a valid answer to it. */
const kinds = {
  question: { agentId: 'text', message: 'Hi', before: [] as unknown[], answer: 'Ada' as unknown },
  approval: {
    agentId: 'concierge',
    message: 'Book my trip to Lisbon.',
    before: [],
    answer: { type: 'approve' },
  },
  form: {
    agentId: 'concierge',
    message: 'Book my trip to Lisbon.',
    before: [{ type: 'approve' }],
    answer: { amount: '300', currency: 'EUR', flexible: true },
  },
};

type Kind = keyof typeof kinds;

/** The store's one open entry (a prompt or an item). */
const openKey = (store: RunStore) => {
  const { openPrompts, openItems } = store.getSnapshot();
  const [open] = [...openPrompts, ...openItems];
  return open!.key;
};

const entryOf = (store: RunStore, key: string): WaitingEntry | undefined => {
  const { transcript, items } = store.getSnapshot();
  return (
    (transcript.find((entry) => entry.type === 'prompt' && entry.id === key) as WaitingEntry | undefined) ??
    items.find((entry) => entry.id === key)
  );
};

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('expected a rejection'),
    (error: unknown) => error as RequestError,
  );

/** A conversation through the proxy, waiting on an entry of `kind`. */
async function waitingOn(kind: Kind) {
  answerRule = pass;
  const { agentId, message, before } = kinds[kind];
  const ids = { threadId: `waiting-${++conversations}`, resourceId: `waiting-user-${conversations}` };
  const transport = createFetchTransport({ baseUrl: proxy.url, agentId });
  const store = createRunStore({ transport, ...ids, items: itemKinds });
  await store.send(message);
  for (const answer of before) await store.submit(openKey(store), answer);
  const key = openKey(store);
  expect(entryOf(store, key)).toMatchObject({
    type: kind === 'question' ? 'prompt' : 'item',
    state: 'ready',
  });
  return { store, key, ids, agentId };
}

describe.each(Object.keys(kinds) as Kind[])('waiting on the %s kind', (kind) => {
  const { answer } = kinds[kind];

  it('that fails keeps its answer for retry, and retry sends it', async () => {
    const { store, key } = await waitingOn(kind);
    answerRule = { kind: 'answer', status: 503, body: { error: 'Service unavailable' } };
    const error = await failureOf(store.submit(key, answer));
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ code: 'http', promptKey: key });
    const failed = entryOf(store, key);
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'http', status: 503 } });
    expect(failed?.answer).toBeDefined();
    // A failed entry can still be answered: the run waits on it.
    expect(store.getSnapshot().status).toBe('awaiting-input');

    answerRule = pass;
    await store.retry(key);
    expect(entryOf(store, key)).toMatchObject({ state: 'answered', error: undefined });
    expect(store.getSnapshot().status).not.toBe('error');
  });

  it('answered by another client first (409 from the guard) is answered-elsewhere, and not sent again', async () => {
    const { store, key } = await waitingOn(kind);
    answerRule = {
      kind: 'answer',
      status: 409,
      body: { error: 'Already answered.', code: 'already-answered' },
    };
    const error = await failureOf(store.submit(key, answer));
    expect(error).toMatchObject({ code: 'answered-elsewhere', promptKey: key });
    expect(entryOf(store, key)).toMatchObject({ state: 'answered-elsewhere', answer: undefined });
    expect(store.getSnapshot()).toMatchObject({
      status: 'idle',
      error: undefined,
      openPrompts: [],
      openItems: [],
    });
    answerRule = pass;
    expect(await failureOf(store.submit(key, answer))).toMatchObject({ code: 'answered-elsewhere' });
    expect(await failureOf(store.retry(key))).toMatchObject({ code: 'answered-elsewhere' });
  });

  it('the server no longer waits on (answered through another store) is expired', async () => {
    const { store, key, ids, agentId } = await waitingOn(kind);
    const direct = createFetchTransport({ baseUrl: server.url, agentId });
    const other = createRunStore({ transport: direct, ...ids, items: itemKinds });
    other.restore((await listSuspendedRuns(direct, ids)).runs);
    await other.submit(key, answer);
    expect(entryOf(other, key)).toMatchObject({ state: 'answered' });

    const error = await failureOf(store.submit(key, answer));
    expect(error).toMatchObject({ code: 'expired', promptKey: key });
    expect(entryOf(store, key)).toMatchObject({ state: 'expired' });
    expect(store.getSnapshot().openPrompts.length + store.getSnapshot().openItems.length).toBe(0);
  });

  it('refuses an invalid answer with no request, and stays ready', async () => {
    const { store, key } = await waitingOn(kind);
    answerRule = { kind: 'answer', status: 500, body: { error: 'must not be reached' } };
    const error = await failureOf(store.submit(key, { nonsense: true }));
    expect(error).toMatchObject({ code: 'invalid-answer', promptKey: key });
    expect(entryOf(store, key)).toMatchObject({ state: 'ready' });
    expect(await failureOf(store.retry(key))).toMatchObject({ code: 'invalid-answer' });
  });
});

describe('item kinds', () => {
  const events = [
    {
      kind: 'chunk' as const,
      chunk: {
        type: 'tool-call-approval',
        runId: 'r',
        payload: { toolCallId: 'c', toolName: 'book_trip', args: {} },
      },
    },
  ];

  it('are each consulted, whichever comes first', () => {
    const s = reduceRun(initialRunSnapshot, { type: 'events', events }, [forms, approvals]);
    expect(s.openItems).toMatchObject([{ kind: 'approval', toolName: 'book_trip' }]);
    expect(s.status).toBe('awaiting-input');
  });

  it('can be added without touching the store: a parser, a validator and a resume builder', async () => {
    const sent: string[] = [];
    // Approvals answered "ok", as a kind of the app's own.
    const okApprovals: ItemKind = {
      name: 'approval',
      parse: (call: ItemCall, key: string): SuspensionItem | undefined => {
        if (!call.requiresApproval) return undefined;
        const { runId, toolCallId, toolName } = call;
        return { key, runId, toolCallId, toolName, kind: 'approval', args: undefined };
      },
      validate: (_item, draft) =>
        draft === 'ok' ? { ok: true, value: { type: 'approve' } } : { ok: false, message: 'Say ok.' },
      resume: ({ runId, toolCallId }) => {
        sent.push(toolCallId);
        return { runId, toolCallId, resumeData: undefined, approval: 'approve' };
      },
    };
    const transport = createFetchTransport({ baseUrl: server.url, agentId: 'concierge' });
    const store = createRunStore({
      transport,
      resourceId: `own-kind-${++conversations}`,
      items: [itemKinds[1]!, okApprovals],
    });
    await store.send('Book my trip to Lisbon.');
    const [item] = store.getSnapshot().openItems;
    expect(item).toMatchObject({ kind: 'approval', toolName: 'book_trip' });
    const refusal = await failureOf(store.submit(item!.key, { type: 'approve' }));
    expect(refusal).toMatchObject({ code: 'invalid-answer', message: 'Say ok.' });
    await store.submit(item!.key, 'ok');
    expect(sent).toEqual([item!.toolCallId]);
    expect(store.getSnapshot().items[0]).toMatchObject({ state: 'answered', answer: { type: 'approve' } });
    // The run went on to the next waiting entry, a form of the other kind.
    expect(store.getSnapshot().openItems).toMatchObject([{ kind: 'form', toolName: 'confirm_budget' }]);
  });
});
