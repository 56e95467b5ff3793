import path from 'node:path';
import { scriptedModel, startMastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { Agent } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { askUserTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import { answerGuard } from './answerGuard.ts';
import { guardedTool } from './guardedTool.ts';
import { inboxIndex, type InboxIndexOptions } from './inboxIndex.ts';
import type { InboxPage } from './inboxRoute.ts';
import { libsqlClaimStore } from './libsqlClaimStore.ts';
import { deployerAgent } from './test/deployer.ts';
import { serverFixture } from './test/serverFixture.ts';
import { pendingCall, readSse } from './test/sse.ts';
import { alice, bob, headersAs, postAs, twoUsersAuth, type TestUser } from './test/twoUsers.ts';

const fixture = serverFixture('inbox');
const { servers, stores } = fixture;
let databases = 0;
const newDatabase = () => `file:${path.join(fixture.dir, `mastra-${++databases}.db`)}`;

interface StartOptions {
  storage?: string;
  /** Without it the guard keeps no inbox: a server that died before it wrote the index. */
  inbox?: boolean;
  operator?: InboxIndexOptions['operator'];
  ttlMs?: number;
}

async function startServer({ storage = newDatabase(), inbox = true, operator, ttlMs }: StartOptions = {}) {
  const claims = libsqlClaimStore({ url: storage });
  stores.push(claims);
  // No schedule during a test: reconcile runs when the index starts, and when a test asks.
  const index = inbox ? inboxIndex({ claims, operator, reconcileMs: 3_600_000 }) : undefined;
  const planner =
    ttlMs === undefined
      ? askUserAgent('planner', tripPlannerScript)
      : new Agent({
          id: 'planner',
          name: 'planner',
          instructions: 'Ask the user.',
          model: scriptedModel(tripPlannerScript, { modelId: 'planner' }) as MastraModelConfig,
          tools: { ask_user: guardedTool(askUserTool, { ttlMs }) },
        });
  const server = await startMastraTestServer({
    agents: { planner, deployer: deployerAgent() } as unknown as Record<string, Agent>,
    storage,
    memory: true,
    auth: twoUsersAuth,
    middleware: [answerGuard({ claims, inbox: index })],
    apiRoutes: index?.routes ?? [],
  });
  servers.push(server);
  const inboxOf = async (user: TestUser, query = '') => {
    const res = await fetch(`${server.url}/inbox${query}`, { headers: headersAs(user) });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as InboxPage;
  };
  const questionsOf = async (user: TestUser, query = '') =>
    (await inboxOf(user, query)).items.map((item) => item.excerpt);
  const start = async (user: TestUser, agent: string, thread: string) => {
    const res = await postAs(user, `${server.url}/api/agents/${agent}/stream`, {
      messages: [{ role: 'user', content: 'Go' }],
      memory: { thread, resource: user.resource },
    });
    const chunks = await readSse(res);
    return pendingCall(chunks, agent === 'deployer' ? 'tool-call-approval' : 'tool-call-suspended');
  };
  const answer = (user: TestUser, agent: string, body: object) =>
    postAs(user, `${server.url}/api/agents/${agent}/resume-stream`, body);
  return { server, storage, index, inboxOf, questionsOf, start, answer };
}

describe('inbox', { timeout: 120_000 }, () => {
  it('lists what runs wait on across threads and agents, newest first, until answered or the run ends', async () => {
    const { inboxOf, questionsOf, start, answer, server } = await startServer();
    expect(await inboxOf(alice)).toEqual({ items: [] });

    const trip = await start(alice, 'planner', 'alice-trip');
    const deploy = await start(alice, 'deployer', 'alice-deploy');
    const page = await inboxOf(alice);
    expect(page.items).toEqual([
      expect.objectContaining({
        agent: 'deployer',
        thread: 'alice-deploy',
        kind: 'approval',
        ...deploy,
        excerpt: 'deploy {"target":"production"}',
        resource: alice.resource,
      }),
      expect.objectContaining({
        agent: 'planner',
        thread: 'alice-trip',
        kind: 'prompt',
        ...trip,
        excerpt: 'Where would you like to go?',
        call: expect.objectContaining({ suspendPayload: { question: 'Where would you like to go?' } }),
      }),
    ]);
    expect(Date.parse(page.items[1]!.createdAt)).toBeLessThanOrEqual(Date.parse(page.items[0]!.createdAt));

    // The answer's stream ends on the run's next question: it replaces the one answered.
    await readSse(await answer(alice, 'planner', { ...trip, resumeData: 'Lisbon' }));
    expect(await questionsOf(alice)).toEqual(['How will you travel?', 'deploy {"target":"production"}']);
    // The approval's run ends: nothing of it is left.
    await readSse(await postAs(alice, `${server.url}/api/agents/deployer/approve-tool-call`, deploy));
    expect(await questionsOf(alice)).toEqual(['How will you travel?']);

    const counted = await fetch(`${server.url}/inbox/count`, { headers: headersAs(alice) });
    expect(await counted.json()).toEqual({ count: 1, more: false });
  });

  it('drops what a thread asked once the conversation is cleared on the server, and reconcile keeps it out', async () => {
    const { index, questionsOf, start, server } = await startServer();
    await start(alice, 'planner', 'alice-trip');
    await start(alice, 'deployer', 'alice-deploy');
    const cleared = await fetch(`${server.url}/api/memory/threads/alice-trip?agentId=planner`, {
      method: 'DELETE',
      headers: headersAs(alice),
    });
    expect(cleared.status, await cleared.text()).toBe(200);
    expect(await questionsOf(alice)).toEqual(['deploy {"target":"production"}']);
    // Mastra still lists the cleared thread's run as suspended.
    await index!.reconcile();
    expect(await questionsOf(alice)).toEqual(['deploy {"target":"production"}']);
    // The same thread id asks again: the new question is listed.
    await start(alice, 'planner', 'alice-trip');
    expect(await questionsOf(alice)).toEqual([
      'Where would you like to go?',
      'deploy {"target":"production"}',
    ]);
  });

  it('pages by cursor and filters by agent and kind', async () => {
    const { inboxOf, questionsOf, start, server } = await startServer();
    for (const thread of ['one', 'two', 'three']) await start(alice, 'planner', thread);
    await start(alice, 'deployer', 'four');

    const first = await inboxOf(alice, '?limit=2');
    expect(first.items.map((item) => item.thread)).toEqual(['four', 'three']);
    const second = await inboxOf(alice, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.thread)).toEqual(['two', 'one']);
    expect(second.nextCursor).toBeUndefined();

    expect(await questionsOf(alice, '?agent=deployer')).toEqual(['deploy {"target":"production"}']);
    expect(await questionsOf(alice, '?kind=prompt')).toHaveLength(3);
    const bad = await fetch(`${server.url}/inbox?cursor=nonsense`, { headers: headersAs(alice) });
    expect(bad.status).toBe(400);
  });

  it('shows a user only their own items: another resource is 403, no token 401', async () => {
    const { inboxOf, start, server } = await startServer();
    await start(alice, 'planner', 'alice-trip');
    expect(await inboxOf(bob)).toEqual({ items: [] });
    for (const query of ['', '/count']) {
      const forged = await fetch(`${server.url}/inbox${query}?resource=${alice.resource}`, {
        headers: headersAs(bob),
      });
      expect(forged.status).toBe(403);
      expect(await forged.text()).not.toContain('Where would you like');
      expect((await fetch(`${server.url}/inbox${query}`)).status).toBe(401);
    }
    expect((await inboxOf(alice, `?resource=${alice.resource}`)).items).toHaveLength(1);
    const widened = await fetch(`${server.url}/inbox?resource=${bob.resource}&resource=${alice.resource}`, {
      headers: headersAs(bob),
    });
    expect(widened.status).toBe(403);
  });

  it("lets an operator the app names read the team's items, one resource or all", async () => {
    const { inboxOf, start } = await startServer({
      operator: ({ user }) => ((user as TestUser).id === 'bob' ? [alice.resource] : undefined),
    });
    await start(alice, 'planner', 'alice-trip');
    await start(bob, 'deployer', 'bob-deploy');
    expect((await inboxOf(bob)).items.map((item) => item.resource)).toEqual([bob.resource, alice.resource]);
    // The team's pages are merged newest first, and paged by the same cursor.
    const first = await inboxOf(bob, '?limit=1');
    expect(first.items.map((item) => item.thread)).toEqual(['bob-deploy']);
    const next = await inboxOf(bob, `?limit=1&cursor=${first.nextCursor}`);
    expect(next).toEqual({ items: [expect.objectContaining({ thread: 'alice-trip' })] });
    expect((await inboxOf(bob, `?resource=${alice.resource}`)).items.map((item) => item.thread)).toEqual([
      'alice-trip',
    ]);
    expect((await inboxOf(alice)).items.map((item) => item.resource)).toEqual([alice.resource]);
  });

  it('drops a question once it expires', async () => {
    // Long enough to be listed first on a busy machine, where starting the run can take a second.
    const { questionsOf, start } = await startServer({ ttlMs: 2_000 });
    await start(alice, 'planner', 'alice-trip');
    expect(await questionsOf(alice)).toEqual(['Where would you like to go?']);
    await expect.poll(() => questionsOf(alice), { timeout: 10_000, interval: 100 }).toEqual([]);
  });

  it('reconciles with Mastra on start: a run indexed by nobody is added, one answered elsewhere is dropped', async () => {
    // A server that died between the suspension and the index write.
    const crashed = await startServer({ inbox: false });
    const lost = await crashed.start(alice, 'planner', 'lost');
    const restarted = await startServer({ storage: crashed.storage });
    await restarted.index!.reconcile(restarted.server.mastra);
    expect((await restarted.inboxOf(alice)).items).toEqual([
      expect.objectContaining({ ...lost, thread: 'lost' }),
    ]);

    // Answered through a server that keeps no index: the row stays until Mastra is read again.
    await readSse(await crashed.answer(alice, 'planner', { ...lost, resumeData: 'Lisbon' }));
    await restarted.index!.reconcile();
    expect(await restarted.questionsOf(alice)).toEqual(['How will you travel?']);
  });

  it('takes one of two answers to an item and drops it', async () => {
    const { questionsOf, start, answer } = await startServer();
    const trip = await start(alice, 'planner', 'alice-trip');
    const [one, two] = await Promise.all([
      answer(alice, 'planner', { ...trip, resumeData: 'Lisbon' }),
      answer(alice, 'planner', { ...trip, resumeData: 'Porto' }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    await Promise.all([one.text(), two.text()]);
    expect(await questionsOf(alice)).toEqual(['How will you travel?']);
  });
});
