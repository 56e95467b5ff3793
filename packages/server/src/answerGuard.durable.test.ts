import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import type { Agent } from '@mastra/core/agent';
import { createDurableAgent } from '@mastra/core/agent/durable';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_ANSWERED_MESSAGE, answerGuard } from './answerGuard.ts';
import { libsqlClaimStore, type LibsqlClaimStore } from './libsqlClaimStore.ts';
import { pendingCall, readSseUntil } from './test/sse.ts';

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

let dir: string;
let server: MastraTestServer | undefined;
let claims: LibsqlClaimStore | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ask-user-kit-durable-'));
});
afterEach(async () => {
  await server?.close();
  claims?.close();
  server = undefined;
  claims = undefined;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// A durable agent (createDurableAgent) stores its loop as the `durable-agentic-loop` workflow.
describe('answerGuard on a durable agent', { timeout: 120_000 }, () => {
  it('lets exactly one of two simultaneous resumes through, one naming the call and one not', async () => {
    const storage = `file:${path.join(dir, 'mastra.db')}`;
    claims = libsqlClaimStore({ url: storage });
    const durable = createDurableAgent({ agent: askUserAgent('durable', tripPlannerScript) });
    server = await startMastraTestServer({
      agents: { durable } as unknown as Record<string, Agent>,
      storage,
      middleware: [answerGuard({ claims })],
    });
    const route = (name: string) => `${server!.url}/api/agents/durable/${name}`;
    const started = await readSseUntil(
      await post(route('stream'), { messages: [{ role: 'user', content: 'Plan a trip for me' }] }),
      'tool-call-suspended',
    );
    const asked = pendingCall(started);

    const responses = await Promise.all([
      post(route('resume-stream'), { runId: asked.runId, resumeData: 'Lisbon' }),
      post(route('resume-stream'), { ...asked, resumeData: 'Porto' }),
    ]);
    const statuses = responses.map((res) => res.status);
    // Read the answers taken up to the run's next question, so no run is left going at close.
    for (const res of responses) if (res.status === 200) await readSseUntil(res, 'tool-call-suspended');
    expect(statuses.sort()).toEqual([200, 409]);
    const loser = responses.find((res) => res.status === 409)!;
    expect(await loser.json()).toEqual({
      error: ALREADY_ANSWERED_MESSAGE,
      code: 'already-answered',
      runId: asked.runId,
      toolCallId: asked.toolCallId,
    });
  });
});
