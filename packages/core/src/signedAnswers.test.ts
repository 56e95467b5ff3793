import { answerGuard, libsqlClaimStore } from '@ask-user-kit/server';
import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, conciergeAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_SIGNATURE_MESSAGE } from './errors.ts';
import {
  createFetchTransport,
  createRunStore,
  listSuspendedRuns,
  RequestError,
  type PromptEntry,
  type RunStore,
} from './index.ts';
import { approvals } from './itemKinds.ts';

const SECRET = 'the test server signs with this secret';

let server: MastraTestServer;
let claims: ReturnType<typeof libsqlClaimStore>;
beforeAll(async () => {
  claims = libsqlClaimStore({ url: ':memory:' });
  server = await startMastraTestServer({
    agents: { planner: askUserAgent('planner', tripPlannerScript), concierge: conciergeAgent() },
    middleware: [answerGuard({ claims, signingSecret: SECRET })],
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  claims?.close();
});

let conversations = 0;
function conversation(agentId = 'planner') {
  conversations += 1;
  const ids = { threadId: `thread-${conversations}-${Date.now()}`, resourceId: `user-${conversations}` };
  const transport = createFetchTransport({ baseUrl: server.url, agentId });
  return { ids, transport, store: createRunStore({ transport, ...ids, items: [approvals] }) };
}

const answered = (text: string) => expect.stringContaining(text);
const stateOf = (store: RunStore, key: string) =>
  store
    .getSnapshot()
    .transcript.find((entry): entry is PromptEntry => entry.type === 'prompt' && entry.id === key)?.state;

describe('signed answers against a guard with a signing secret', { timeout: 30_000 }, () => {
  it('answers a question with the signature its stream carried', async () => {
    const { store } = conversation();
    await store.send('Plan a trip');
    const entry = store.getSnapshot().transcript.find((candidate) => candidate.type === 'prompt');
    expect(entry?.signature).toMatch(/^[\w-]{43}$/);
    await store.submit(entry!.id, 'Lisbon');
    expect(stateOf(store, entry!.id)).toBe('answered');
    expect(JSON.stringify(store.getSnapshot().toolCalls)).toEqual(answered('User answered: Lisbon'));
  });

  it('answers a question restored after a reload with the signature of the suspended-runs list', async () => {
    const { store, ids, transport } = conversation();
    await store.send('Plan a trip');
    const reloaded = createRunStore({ transport, ...ids });
    reloaded.restore((await listSuspendedRuns(transport, ids)).runs);
    const [prompt] = reloaded.getSnapshot().openPrompts;
    await reloaded.submit(prompt!.key, 'Rome');
    expect(stateOf(reloaded, prompt!.key)).toBe('answered');
  });

  it('approves with the signature of the approval shown', async () => {
    const { store } = conversation('concierge');
    await store.send('Book it');
    const [approval] = store.getSnapshot().openItems;
    expect(approval?.kind).toBe('approval');
    await store.submit(approval!.key, { type: 'approve' });
    expect(store.getSnapshot().items[0]?.state).toBe('answered');
  });

  it('shows a refused signature in words: the question changed since it was shown', async () => {
    const { store } = conversation();
    await store.send('Plan a trip');
    const [prompt] = store.getSnapshot().openPrompts;
    const workflows = await server.mastra.getStorage()!.getStore('workflows');
    const snapshot = await workflows!.loadWorkflowSnapshot({
      workflowName: 'agentic-loop',
      runId: prompt!.runId,
    });
    const changed = JSON.parse(
      JSON.stringify(snapshot).replaceAll('Where would you like to go?', 'May I book anything?'),
    ) as typeof snapshot;
    await workflows!.persistWorkflowSnapshot({
      workflowName: 'agentic-loop',
      runId: prompt!.runId,
      snapshot: changed!,
    });

    const refusal = await store.submit(prompt!.key, 'Lisbon').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RequestError);
    const entry = store.getSnapshot().transcript.find((candidate) => candidate.type === 'prompt');
    expect(entry).toMatchObject({
      state: 'failed',
      error: { code: 'http', status: 403, message: BAD_SIGNATURE_MESSAGE },
    });
  });
});
