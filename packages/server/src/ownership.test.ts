import path from 'node:path';
import { createClient } from '@libsql/client';
import { startMastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { copilotKitRoute } from './copilotKit.ts';
import { chatRoute } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import { createDurableAgent } from '@mastra/core/agent/durable';
import { describe, expect, it } from 'vitest';
import { answerGuard } from './answerGuard.ts';
import { CLAIMS_TABLE, libsqlClaimStore } from './libsqlClaimStore.ts';
import { NOT_OWNER_CODE, NOT_OWNER_MESSAGE, UNAUTHENTICATED_MESSAGE } from './ownership.ts';
import { serverFixture } from './test/serverFixture.ts';
import { pendingCall, readSse, readSseUntil, type Asked } from './test/sse.ts';
import { deployerAgent } from './test/deployer.ts';
import { alice, bob, postAs, twoUsersAuth, type TestUser } from './test/twoUsers.ts';

const fixture = serverFixture('ownership');
const { servers, stores } = fixture;
let databases = 0;

/** Every call of the approval tool's execute: a refused approval must leave none. */
const deployed: string[] = [];

function agents() {
  const deployer = deployerAgent((target) => deployed.push(target));
  return {
    planner: askUserAgent('planner', tripPlannerScript),
    deployer,
    durable: createDurableAgent({ agent: askUserAgent('durable', tripPlannerScript) }),
  };
}

/** A real Mastra server with two users (server.auth), the guard, and chatRoute. */
async function startServer(memory: boolean, { copilotKit = false } = {}) {
  databases += 1;
  const storage = `file:${path.join(fixture.dir, `mastra-${databases}.db`)}`;
  const claims = libsqlClaimStore({ url: storage });
  stores.push(claims);
  const server = await startMastraTestServer({
    agents: agents() as unknown as Record<string, Agent>,
    storage,
    memory,
    auth: twoUsersAuth,
    middleware: [answerGuard({ claims })],
    apiRoutes: [chatRoute({ path: '/chat/:agentId' }), ...(copilotKit ? [copilotKitRoute()] : [])],
  });
  servers.push(server);
  // The claim store makes its table with its first claim: no table, no claim.
  const claimRows = async (runId: string) => {
    const client = createClient({ url: storage });
    try {
      const table = await client.execute({
        sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?",
        args: [CLAIMS_TABLE],
      });
      if (table.rows.length === 0) return 0;
      const sql = `SELECT COUNT(*) AS claims FROM ${CLAIMS_TABLE} WHERE run_id = ?`;
      return Number((await client.execute({ sql, args: [runId] })).rows[0]!.claims);
    } finally {
      client.close();
    }
  };
  return { server, claimRows, memory };
}

type Setup = Awaited<ReturnType<typeof startServer>>;

/** Alice's memory, when the server has memory: her own thread under her own resource. */
const aliceMemory = (setup: Setup, agentId: string) =>
  setup.memory ? { memory: { thread: `alice-${agentId}-${Math.random()}`, resource: alice.resource } } : {};

async function aliceStarts(setup: Setup, agentId: string, type = 'tool-call-suspended') {
  const url = `${setup.server.url}/api/agents/${agentId}/stream`;
  const body = {
    messages: [{ role: 'user', content: 'Plan a trip for me' }],
    ...aliceMemory(setup, agentId),
  };
  const res = await postAs(alice, url, body);
  const chunks = agentId === 'durable' ? await readSseUntil(res, type) : await readSse(res);
  return pendingCall(chunks, type);
}

/**
 * Checks a refusal: the status, the body, nothing of the run in it (no question, no answer, no
 * chunk), and no claim left behind.
 */
async function expectRefused(setup: Setup, res: Response, status: 401 | 403, asked: Asked) {
  // Not refused: an observe or durable stream would stay open, so stop reading before failing.
  if (res.status !== status) await res.body?.cancel();
  expect(res.status).toBe(status);
  const text = await res.text();
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(JSON.parse(text)).toEqual(
    status === 403 ? { error: NOT_OWNER_MESSAGE, code: NOT_OWNER_CODE } : { error: UNAUTHENTICATED_MESSAGE },
  );
  for (const secret of [asked.toolCallId, 'Where would you like', 'production', 'Lisbon'])
    expect(text).not.toContain(secret);
  expect(await setup.claimRows(asked.runId)).toBe(0);
}

type Caller = TestUser | string | undefined;

const strangers: [string, Caller, 401 | 403][] = [
  ['another user', bob, 403],
  ['no token', undefined, 401],
  ['a bad token', 'not-a-token', 401],
];

describe.each([false, true])('ownership with server.auth, memory %s', { timeout: 120_000 }, (memory) => {
  it('refuses a resume-stream of another user’s question, then takes the owner’s', async () => {
    const setup = await startServer(memory);
    const asked = await aliceStarts(setup, 'planner');
    const route = (name: string) => `${setup.server.url}/api/agents/planner/${name}`;
    for (const name of ['resume-stream', 'resume-stream-until-idle']) {
      for (const [, caller, status] of strangers) {
        const res = await postAs(caller, route(name), { ...asked, resumeData: 'Lisbon' });
        await expectRefused(setup, res, status, asked);
      }
    }
    const url = route('resume-stream');
    const accepted = await readSse(await postAs(alice, url, { ...asked, resumeData: 'Lisbon' }));
    const results = accepted.filter((chunk) => chunk.type === 'tool-result');
    expect(results.map((chunk) => chunk.payload.result.content)).toEqual(['User answered: Lisbon']);
  });

  it('refuses approve and decline of another user’s tool call: the tool does not run, nothing streams', async () => {
    const setup = await startServer(memory);
    deployed.length = 0;
    const asked = await aliceStarts(setup, 'deployer', 'tool-call-approval');
    const route = (name: string) => `${setup.server.url}/api/agents/deployer/${name}`;
    for (const name of [
      'approve-tool-call',
      'decline-tool-call',
      'approve-tool-call-generate',
      'decline-tool-call-generate',
    ]) {
      for (const [, caller, status] of strangers) {
        await expectRefused(setup, await postAs(caller, route(name), asked), status, asked);
      }
    }
    expect(deployed).toEqual([]);
    const approved = await readSse(await postAs(alice, route('approve-tool-call'), asked));
    expect(approved.some((chunk) => chunk.type === 'tool-result')).toBe(true);
    expect(deployed).toEqual(['production']);
  });

  it('refuses a chatRoute resume of another user’s question, then takes the owner’s', async () => {
    const setup = await startServer(memory);
    const url = `${setup.server.url}/chat/planner`;
    const messages = [{ id: 'user-1', role: 'user', parts: [{ type: 'text', text: 'Plan a trip for me' }] }];
    const started = await readSse(await postAs(alice, url, { messages, ...aliceMemory(setup, 'chat') }));
    const [asked] = started
      .filter((chunk) => chunk.type === 'data-tool-call-suspended')
      .map((chunk) => chunk.data!);
    expect(asked).toBeDefined();
    const answer = { messages, resumeData: 'Lisbon', runId: asked!.runId, toolCallId: asked!.toolCallId };
    for (const [, caller, status] of strangers) {
      await expectRefused(setup, await postAs(caller, url, answer), status, asked!);
    }
    const accepted = await readSse(await postAs(alice, url, answer));
    expect(JSON.stringify(accepted)).toContain('User answered: Lisbon');
  });

  it('refuses observe and resume-stream of another user’s durable run; the owner observes and answers', async () => {
    const setup = await startServer(memory);
    const asked = await aliceStarts(setup, 'durable');
    const observe = `${setup.server.url}/api/agents/durable/observe`;
    for (const body of [{ runId: asked.runId }, { runId: asked.runId, offset: 0 }]) {
      for (const [, caller, status] of strangers) {
        await expectRefused(setup, await postAs(caller, observe, body), status, asked);
      }
    }
    const resume = `${setup.server.url}/api/agents/durable/resume-stream`;
    for (const [, caller, status] of strangers) {
      await expectRefused(
        setup,
        await postAs(caller, resume, { ...asked, resumeData: 'Lisbon' }),
        status,
        asked,
      );
    }
    // A runId nobody recorded is refused too: nothing proves whose it is.
    const unknown = await postAs(bob, observe, { runId: 'no-such-run', offset: 0 });
    expect(unknown.status).toBe(403);
    await unknown.text();

    const replayed = await readSseUntil(
      await postAs(alice, observe, { runId: asked.runId, offset: 0 }),
      'tool-call-suspended',
    );
    expect(pendingCall(replayed)).toEqual(asked);
    const next = await readSseUntil(
      await postAs(alice, resume, { ...asked, resumeData: 'Lisbon' }),
      'tool-call-suspended',
    );
    expect(
      next.filter((chunk) => chunk.type === 'tool-result').map((chunk) => chunk.payload.result.content),
    ).toEqual(['User answered: Lisbon']);
  });
});

interface Interrupt {
  id: string;
}

/** The interrupts a CopilotKit run's stream ended with (`RUN_FINISHED.outcome.interrupts`). */
function runInterrupts(chunks: { type: string }[]): Interrupt[] {
  return chunks.flatMap((chunk) => {
    const outcome = (chunk as { outcome?: { type: string; interrupts: Interrupt[] } }).outcome;
    return chunk.type === 'RUN_FINISHED' && outcome?.type === 'interrupt' ? outcome.interrupts : [];
  });
}

// CopilotKit's runtime (copilotKitRoute) hands each MastraAgent the signed-in user's resource, so
// a run started there is its user's, and an AG-UI resume is checked like any other answer.
describe('ownership with server.auth on CopilotKit runs', { timeout: 120_000 }, () => {
  it('refuses another user’s resume of an interrupt, then takes the owner’s', async () => {
    const setup = await startServer(true, { copilotKit: true });
    const url = `${setup.server.url}/copilotkit/agent/planner/run`;
    let runs = 0;
    const runInput = (extra: Record<string, unknown> = {}) => ({
      threadId: 'alice-copilotkit-thread',
      runId: `copilotkit-run-${(runs += 1)}`,
      messages: [{ id: 'user-1', role: 'user', content: 'Plan a trip for me' }],
      tools: [],
      context: [],
      state: {},
      forwardedProps: {},
      ...extra,
    });
    const [interrupt] = runInterrupts(await readSse(await postAs(alice, url, runInput())));
    expect(interrupt).toBeDefined();
    const [runId, toolCallId] = interrupt!.id.split('::');
    const asked = { runId: runId!, toolCallId: toolCallId! };
    const resume = runInput({
      resume: [{ interruptId: interrupt!.id, status: 'resolved', payload: 'Lisbon' }],
    });

    for (const [, caller, status] of strangers) {
      await expectRefused(setup, await postAs(caller, url, resume), status, asked);
    }
    const accepted = await readSse(await postAs(alice, url, resume));
    expect(runInterrupts(accepted)).toHaveLength(1);
    expect(JSON.stringify(accepted)).toContain('User answered: Lisbon');
  });
});
