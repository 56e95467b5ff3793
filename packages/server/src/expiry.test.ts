import path from 'node:path';
import { scriptedModel, startMastraTestServer } from '@ask-user-kit/testing';
import { tripPlannerScript } from '@ask-user-kit/testing/demo';
import { Agent } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { askUserTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import { answerGuard, EXPIRED_CODE } from './answerGuard.ts';
import { guardedTool } from './guardedTool.ts';
import { libsqlClaimStore } from './libsqlClaimStore.ts';
import { deployerAgent } from './test/deployer.ts';
import { serverFixture } from './test/serverFixture.ts';
import { pendingCall, readSse, type Chunk } from './test/sse.ts';

const fixture = serverFixture('expiry');
const { servers, stores } = fixture;

const TTL_MS = 400;
const deployed: string[] = [];

/** A planner whose questions expire after `ttlMs`, and the deployer, behind the guard. */
async function startServer(ttlMs: number) {
  const storage = `file:${path.join(fixture.dir, `mastra-${servers.length}-${Date.now()}.db`)}`;
  const claims = libsqlClaimStore({ url: storage });
  stores.push(claims);
  const planner = new Agent({
    id: 'planner',
    name: 'planner',
    instructions: 'Ask the user.',
    model: scriptedModel(tripPlannerScript, { modelId: 'planner' }) as MastraModelConfig,
    tools: { ask_user: guardedTool(askUserTool, { ttlMs }) },
  });
  const deployer = deployerAgent((target) => deployed.push(target));
  const server = await startMastraTestServer({
    agents: { planner, deployer },
    storage,
    middleware: [answerGuard({ claims, approvalTtlMs: ttlMs })],
  });
  servers.push(server);
  const post = (route: string, body: unknown) =>
    fetch(`${server.url}/api/agents/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { post, claims };
}

const start = { messages: [{ role: 'user', content: 'Plan a trip for me' }] };
const suspended = (chunks: Chunk[]) => chunks.find((chunk) => chunk.type === 'tool-call-suspended');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('expiry', { timeout: 60_000 }, () => {
  it('puts expiresAt in the question, and takes an answer before it', async () => {
    const { post } = await startServer(60 * 60_000);
    const before = Date.now();
    const chunks = await readSse(await post('planner/stream', start));
    const expiresAt = Date.parse(suspended(chunks)!.payload.suspendPayload.expiresAt);
    expect(expiresAt - before).toBeGreaterThanOrEqual(60 * 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    const answered = await readSse(
      await post('planner/resume-stream', { ...pendingCall(chunks), resumeData: 'Lisbon' }),
    );
    expect(JSON.stringify(answered)).toContain('User answered: Lisbon');
  });

  it('refuses an answer after expiresAt with 410, claims nothing, and the question stays unanswered', async () => {
    const { post, claims } = await startServer(TTL_MS);
    const chunks = await readSse(await post('planner/stream', start));
    const asked = pendingCall(chunks);
    const expiresAt = suspended(chunks)!.payload.suspendPayload.expiresAt as string;
    await sleep(Date.parse(expiresAt) - Date.now() + 50);
    for (let attempt = 0; attempt < 2; attempt++) {
      const late = await post('planner/resume-stream', { ...asked, resumeData: 'Lisbon' });
      expect(late.status).toBe(410);
      expect(await late.json()).toEqual({
        error: 'This question has expired.',
        code: EXPIRED_CODE,
        ...asked,
        expiresAt,
      });
    }
    expect(await claims.find(asked.runId, asked.toolCallId)).toBeUndefined();
    const trail = await claims.history(asked.runId);
    expect(trail.map((entry) => [entry.outcome, entry.status, entry.answer])).toEqual([
      ['expired', 410, '"Lisbon"'],
      ['expired', 410, '"Lisbon"'],
    ]);
  });

  it('refuses an approval or a decline after approvalTtlMs with 410: the tool does not run', async () => {
    const { post, claims } = await startServer(TTL_MS);
    deployed.length = 0;
    const asked = pendingCall(await readSse(await post('deployer/stream', start)), 'tool-call-approval');
    await sleep(TTL_MS + 100);
    for (const route of ['approve-tool-call', 'decline-tool-call', 'approve-tool-call-generate']) {
      const late = await post(`deployer/${route}`, asked);
      expect(late.status).toBe(410);
      expect(await late.json()).toMatchObject({ code: EXPIRED_CODE, ...asked });
    }
    expect(deployed).toEqual([]);
    expect(await claims.find(asked.runId, asked.toolCallId)).toBeUndefined();
  });

  it('takes an approval within approvalTtlMs', async () => {
    const { post } = await startServer(60_000);
    deployed.length = 0;
    const asked = pendingCall(await readSse(await post('deployer/stream', start)), 'tool-call-approval');
    await readSse(await post('deployer/approve-tool-call', asked));
    expect(deployed).toEqual(['production']);
  });
});
