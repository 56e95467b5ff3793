import path from 'node:path';
import { ask, reply, scriptedModel, startMastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { Agent } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { askUserTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import { answerGuard } from './answerGuard.ts';
import type { AnswerRecord } from './ClaimStore.ts';
import { guardedTool } from './guardedTool.ts';
import { libsqlClaimStore } from './libsqlClaimStore.ts';
import { deployerAgent } from './test/deployer.ts';
import { serverFixture } from './test/serverFixture.ts';
import { pendingCall, readSse } from './test/sse.ts';
import { alice, bob, postAs, twoUsersAuth } from './test/twoUsers.ts';

const fixture = serverFixture('audit');
const { servers, stores } = fixture;

/** A PIN question whose answers are sensitive, then a reply. */
function vaultAgent(): Agent {
  return new Agent({
    id: 'vault',
    name: 'vault',
    instructions: 'Ask for the PIN.',
    model: scriptedModel([ask.text('What is your PIN?'), reply('Unlocked.')], {
      modelId: 'vault',
    }) as MastraModelConfig,
    tools: { ask_user: guardedTool(askUserTool, { sensitive: true, ttlMs: 60_000 }) },
  });
}

async function startServer() {
  const storage = `file:${path.join(fixture.dir, `mastra-${servers.length}-${Date.now()}.db`)}`;
  const claims = libsqlClaimStore({ url: storage });
  stores.push(claims);
  const server = await startMastraTestServer({
    agents: {
      planner: askUserAgent('planner', tripPlannerScript),
      deployer: deployerAgent(),
      vault: vaultAgent(),
    },
    storage,
    auth: twoUsersAuth,
    middleware: [answerGuard({ claims })],
  });
  servers.push(server);
  const url = (agent: string, route: string) => `${server.url}/api/agents/${agent}/${route}`;
  const start = async (agent: string, type = 'tool-call-suspended') =>
    pendingCall(
      await readSse(
        await postAs(alice, url(agent, 'stream'), { messages: [{ role: 'user', content: 'Go' }] }),
      ),
      type,
    );
  return { claims, url, start };
}

const recorded = (outcome: AnswerRecord['outcome'], status: number, extra: Partial<AnswerRecord> = {}) =>
  expect.objectContaining({ outcome, status, at: expect.any(String), ...extra });

describe('the audit trail', { timeout: 60_000 }, () => {
  it('records refused, accepted and conflicting answers: who, which call, which route, what came of it', async () => {
    const { claims, url, start } = await startServer();
    const asked = await start('planner');
    const resume = url('planner', 'resume-stream');
    const answer = (user: typeof alice | string | undefined, resumeData: string) =>
      postAs(user, resume, { ...asked, resumeData });
    expect((await answer(bob, 'Mallorca')).status).toBe(403);
    expect((await answer(undefined, 'Mallorca')).status).toBe(401);
    const both = await Promise.all([answer(alice, 'Lisbon'), answer(alice, 'Porto')]);
    expect(both.map((res) => res.status).sort()).toEqual([200, 409]);
    await Promise.all(both.map((res) => res.text()));
    const winner = both[0]!.status === 200 ? '"Lisbon"' : '"Porto"';
    const loser = winner === '"Lisbon"' ? '"Porto"' : '"Lisbon"';

    const history = await claims.history(asked.runId);
    const route = '/api/agents/planner/resume-stream';
    const common = { runId: asked.runId, toolCallId: asked.toolCallId, route, sensitive: false };
    expect(history.slice(0, 2)).toEqual([
      // A caller who may not answer: their answer is not kept.
      recorded('not-owner', 403, { ...common, resource: bob.resource, user: bob.id, answer: undefined }),
      recorded('unauthenticated', 401, {
        ...common,
        resource: undefined,
        user: undefined,
        answer: undefined,
      }),
    ]);
    const alices = { ...common, resource: alice.resource, user: alice.id };
    expect(history.slice(2).sort((a, b) => a.outcome.localeCompare(b.outcome))).toEqual([
      recorded('accepted', 200, { ...alices, answer: winner }),
      recorded('already-answered', 409, { ...alices, answer: loser }),
    ]);
    expect(history).toHaveLength(4);
  });

  it('records an approval and a late decline by their route; keeps no answer of a sensitive question', async () => {
    const { claims, url, start } = await startServer();
    const approval = await start('deployer', 'tool-call-approval');
    await readSse(await postAs(alice, url('deployer', 'approve-tool-call'), approval));
    const late = await postAs(alice, url('deployer', 'decline-tool-call'), approval);
    expect(late.status).toBe(409);
    expect(await claims.history(approval.runId)).toEqual([
      recorded('accepted', 200, {
        route: '/api/agents/deployer/approve-tool-call',
        answer: '{"approved":true}',
      }),
      recorded('already-answered', 409, {
        route: '/api/agents/deployer/decline-tool-call',
        answer: '{"approved":false}',
      }),
    ]);

    const pin = await start('vault');
    await readSse(await postAs(alice, url('vault', 'resume-stream'), { ...pin, resumeData: '4921' }));
    const [entry] = await claims.history(pin.runId);
    expect(entry).toEqual(
      recorded('accepted', 200, { sensitive: true, answer: undefined, resource: alice.resource }),
    );
    expect(JSON.stringify(await claims.history(pin.runId))).not.toContain('4921');
  });
});
