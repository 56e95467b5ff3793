import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { budgetSchema, conciergeAgent } from '@ask-user-kit/testing/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunStore } from './createRunStore.ts';
import { RequestError } from './errors.ts';
import { approvals, forms } from './itemKinds.ts';
import { parseItem } from './items.ts';
import { listSuspendedRuns } from './listSuspendedRuns.ts';
import { recordingTransport } from './test/recordingTransport.ts';
import { createAgentTransport } from './transports/agentTransport.ts';
import { createFetchTransport } from './transports/fetchTransport.ts';
import type { AgentTransport } from './index.ts';
import type { FormItem } from './types.ts';

/** The in-process agent `createAgentTransport` takes. */
type InProcessAgent = Parameters<typeof createAgentTransport>[0];

const budgetJsonSchema = z.toJSONSchema(budgetSchema);
const items = [approvals, forms.withResumeSchemas({ confirm_budget: budgetJsonSchema })];
let server: MastraTestServer;
let resources = 0;

beforeAll(async () => {
  server = await startMastraTestServer({ agents: { concierge: conciergeAgent() } });
});
afterAll(() => server?.close());

const transports: [string, () => { transport: AgentTransport; requests: string[] }][] = [
  ['fetch', () => recordingTransport(server.url, 'concierge')],
  [
    'in-process agent',
    () => ({
      transport: createAgentTransport(server.mastra.getAgent('concierge') as unknown as InProcessAgent),
      requests: [],
    }),
  ],
];

describe.each(transports)('approvals and forms over the %s transport', (_, make) => {
  const start = async () => {
    const { transport, requests } = make();
    const resourceId = `items-${++resources}`;
    const store = createRunStore({ transport, resourceId, items });
    await store.send('Book my trip to Lisbon.');
    return { store, transport, requests, resourceId };
  };

  it('approve, then a generated form answered with valid data, completes the conversation', async () => {
    const { store } = await start();
    const [approval] = store.getSnapshot().openItems;
    expect(store.getSnapshot().status).toBe('awaiting-input');
    expect(approval).toMatchObject({
      kind: 'approval',
      toolName: 'book_trip',
      args: { destination: 'Lisbon', nights: 3, total: 840 },
    });
    await store.submit(approval!.key, { type: 'approve' });
    const [form] = store.getSnapshot().openItems as FormItem[];
    expect(form?.kind).toBe('form');
    expect(form!.form.fields.map((field) => [field.name, field.type, field.required])).toEqual([
      ['amount', 'number', true],
      ['currency', 'enum', true],
      ['flexible', 'boolean', true],
      ['notes', 'string', false],
    ]);
    await store.submit(form!.key, {
      amount: '300',
      currency: 'JPY',
      flexible: false,
      notes: '',
    });
    const done = store.getSnapshot();
    expect(done.status).toBe('done');
    expect(done.openItems).toEqual([]);
    expect(done.text).toContain('within 300 JPY, strictly');
    expect(done.items.map((entry) => entry.state)).toEqual(['answered', 'answered']);
  });

  it('decline with a reason: the model says it did not book', async () => {
    const { store } = await start();
    await store.submit(store.getSnapshot().openItems[0]!.key, { type: 'decline', reason: 'Too expensive' });
    expect(store.getSnapshot().status).toBe('done');
    expect(store.getSnapshot().text).toMatch(/did not book Lisbon .*Too expensive/);
  });

  it('refuses invalid form data with no request, and answers a double submit once', async () => {
    const { store, requests } = await start();
    await store.submit(store.getSnapshot().openItems[0]!.key, { type: 'approve' });
    const key = store.getSnapshot().openItems[0]!.key;
    const sent = requests.length;
    const refusal = await store
      .submit(key, { amount: '0', currency: 'EUR', flexible: true })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RequestError);
    expect((refusal as RequestError).code).toBe('invalid-answer');
    expect(requests.length).toBe(sent);
    const draft = { amount: '12', currency: 'EUR', flexible: true };
    const first = store.submit(key, draft);
    expect(store.submit(key, draft)).toBe(first);
    await first;
    if (requests.length > 0) expect(requests.slice(sent)).toEqual(['/resume-stream']);
    expect(store.getSnapshot().text).toContain('within 12 EUR');
  });

  it('restores an approval and a form after a reload', async () => {
    const { store, transport, resourceId } = await start();
    const reloaded = () => createRunStore({ transport, resourceId, items });
    const first = reloaded();
    first.restore((await listSuspendedRuns(transport, { resourceId })).runs);
    expect(first.getSnapshot().openItems).toMatchObject([
      { kind: 'approval', toolName: 'book_trip', args: { destination: 'Lisbon' } },
    ]);
    expect(first.getSnapshot().status).toBe('awaiting-input');
    await first.submit(first.getSnapshot().openItems[0]!.key, { type: 'approve' });
    expect(store.getSnapshot().openItems[0]?.kind).toBe('approval');

    const second = reloaded();
    second.restore((await listSuspendedRuns(transport, { resourceId })).runs);
    const [form] = second.getSnapshot().openItems;
    expect(form).toMatchObject({ kind: 'form', toolName: 'confirm_budget' });
    await second.submit(form!.key, { amount: '50', currency: 'USD', flexible: true });
    expect(second.getSnapshot().text).toContain('within 50 USD, with a little leeway');
  });
});

describe('a server restart with each kind pending', () => {
  it('brings back the approval, then the form, from a server started again on the same storage', async () => {
    const storage = `file:${path.join(mkdtempSync(path.join(tmpdir(), 'ask-items-')), 'mastra.db')}`;
    const resourceId = `restart-${++resources}`;
    const storeOn = (url: string) =>
      createRunStore({
        transport: createFetchTransport({ baseUrl: url, agentId: 'concierge' }),
        resourceId,
        items,
      });
    const restoredOn = async (url: string) => {
      const store = storeOn(url);
      const transport = createFetchTransport({ baseUrl: url, agentId: 'concierge' });
      store.restore((await listSuspendedRuns(transport, { resourceId })).runs);
      return store;
    };
    const start = () => startMastraTestServer({ agents: { concierge: conciergeAgent() }, storage });

    let running = await start();
    await storeOn(running.url).send('Book my trip to Lisbon.');
    await running.close();

    running = await start();
    const afterFirst = await restoredOn(running.url);
    expect(afterFirst.getSnapshot().openItems).toMatchObject([{ kind: 'approval', toolName: 'book_trip' }]);
    await afterFirst.submit(afterFirst.getSnapshot().openItems[0]!.key, { type: 'approve' });
    expect(afterFirst.getSnapshot().openItems).toMatchObject([{ kind: 'form', toolName: 'confirm_budget' }]);
    await running.close();

    running = await start();
    try {
      const afterSecond = await restoredOn(running.url);
      const [form] = afterSecond.getSnapshot().openItems;
      expect(form).toMatchObject({ kind: 'form', toolName: 'confirm_budget' });
      await afterSecond.submit(form!.key, { amount: '75', currency: 'EUR', flexible: false });
      expect(afterSecond.getSnapshot().text).toContain('within 75 EUR, strictly');
    } finally {
      await running.close();
    }
  });
});

describe('a store without item kinds', () => {
  it('knows only prompts: an approval leaves it awaiting input with no item, and no item answers', async () => {
    const transport = createAgentTransport(server.mastra.getAgent('concierge') as unknown as InProcessAgent);
    const store = createRunStore({ transport, resourceId: `items-${++resources}` });
    await store.send('Book my trip to Lisbon.');
    expect(store.getSnapshot()).toMatchObject({ status: 'awaiting-input', items: [], openItems: [] });
  });
});

describe('parseItem', () => {
  const call = { runId: 'r', toolCallId: 'c', toolName: 'confirm_budget', requiresApproval: false };
  it('a malformed resume schema is a malformed item with a reason, never a crash', () => {
    expect(parseItem({ ...call, resumeSchema: '{nope' })).toMatchObject({
      kind: 'malformed',
      of: 'form',
      reason: 'the resume schema is not valid JSON',
    });
    expect(parseItem({ ...call, resumeSchema: '"text"' })).toMatchObject({ kind: 'malformed' });
    expect(parseItem({ ...call })).toMatchObject({
      kind: 'malformed',
      reason: expect.stringMatching(/withResumeSchemas/),
    });
    expect(parseItem({ ...call, requiresApproval: true, args: [1] })).toMatchObject({
      kind: 'malformed',
      of: 'approval',
    });
  });
});
