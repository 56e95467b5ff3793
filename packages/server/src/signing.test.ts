import path from 'node:path';
import { scriptedModel, startMastraTestServer } from '@ask-user-kit/testing';
import { tripPlannerScript } from '@ask-user-kit/testing/demo';
import { Agent } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { askUserTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import { answerGuard } from './answerGuard.ts';
import { libsqlClaimStore } from './libsqlClaimStore.ts';
import { BAD_SIGNATURE_CODE, canonicalJson, signResponse, signValue } from './signing.ts';
import { signWorkflowValue, stepSignature } from './signWorkflows.ts';
import { deployerAgent } from './test/deployer.ts';
import { serverFixture } from './test/serverFixture.ts';
import { readSse, type Chunk } from './test/sse.ts';

const fixture = serverFixture('signing');
const { servers, stores } = fixture;

const SECRET = 'a test secret of more than 32 characters';
const deployed: string[] = [];

async function startServer() {
  const storage = `file:${path.join(fixture.dir, `mastra-${servers.length}-${Date.now()}.db`)}`;
  const claims = libsqlClaimStore({ url: storage });
  stores.push(claims);
  const planner = new Agent({
    id: 'planner',
    name: 'planner',
    instructions: 'Ask the user.',
    model: scriptedModel(tripPlannerScript, { modelId: 'planner' }) as MastraModelConfig,
    tools: { ask_user: askUserTool },
  });
  const deployer = deployerAgent((target) => deployed.push(target));
  const server = await startMastraTestServer({
    agents: { planner, deployer },
    storage,
    middleware: [answerGuard({ claims, signingSecret: SECRET })],
  });
  servers.push(server);
  const post = (route: string, body: unknown) =>
    fetch(`${server.url}/api/agents/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const list = async (agentId: string) =>
    (await (await fetch(`${server.url}/api/agents/${agentId}/suspended-runs`)).json()) as {
      runs: { runId: string; toolCalls: { toolCallId: string; signature?: string }[] }[];
    };
  return { post, list, claims, server };
}

const start = { messages: [{ role: 'user', content: 'Plan a trip for me' }] };

/** The suspension a stream ended on: its ids, and the signature the guard gave it. */
function suspensionOf(chunks: Chunk[], type = 'tool-call-suspended') {
  const chunk = chunks.find((candidate) => candidate.type === type);
  expect(chunk, `chunk types: ${chunks.map((candidate) => candidate.type).join(', ')}`).toBeDefined();
  const { toolCallId, signature } = chunk!.payload as { toolCallId: string; signature: string };
  return { ids: { runId: chunk!.runId!, toolCallId }, signature };
}

async function expectBadSignature(response: Response, ids: { runId: string; toolCallId: string }) {
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({
    error: expect.stringContaining('not signed for the question the run waits on'),
    code: BAD_SIGNATURE_CODE,
    ...ids,
  });
}

describe('signed suspensions', { timeout: 60_000 }, () => {
  it('signs each streamed question, takes the answer that carries its signature, and refuses one without', async () => {
    const { post, claims } = await startServer();
    const { ids, signature } = suspensionOf(await readSse(await post('planner/stream', start)));
    expect(signature).toMatch(/^[\w-]{43}$/);

    await expectBadSignature(await post('planner/resume-stream', { ...ids, resumeData: 'Lisbon' }), ids);
    await expectBadSignature(
      await post('planner/resume-stream', { ...ids, resumeData: 'Lisbon', signature: 'forged' }),
      ids,
    );
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    await expectBadSignature(
      await post('planner/resume-stream', { ...ids, resumeData: 'Lisbon', signature: flipped }),
      ids,
    );
    expect(await claims.find(ids.runId, ids.toolCallId)).toBeUndefined();

    const answered = await readSse(
      await post('planner/resume-stream', { ...ids, resumeData: 'Lisbon', signature }),
    );
    expect(JSON.stringify(answered)).toContain('User answered: Lisbon');
    const trail = await claims.history(ids.runId);
    expect(trail.map((entry) => [entry.outcome, entry.status, entry.answer])).toEqual([
      ['bad-signature', 403, undefined],
      ['bad-signature', 403, undefined],
      ['bad-signature', 403, undefined],
      ['accepted', 200, '"Lisbon"'],
    ]);
  });

  it("refuses another call's signature (replayed), and takes each call's own", async () => {
    const { post } = await startServer();
    const first = suspensionOf(await readSse(await post('planner/stream', start)));
    const second = suspensionOf(await readSse(await post('planner/stream', start)));
    // The scripted model numbers its calls: the two runs may share a call id, never a signature.
    expect(second.signature).not.toBe(first.signature);
    await expectBadSignature(
      await post('planner/resume-stream', { ...second.ids, resumeData: 'Rome', signature: first.signature }),
      second.ids,
    );
    for (const { ids, signature } of [second, first]) {
      const answered = await post('planner/resume-stream', { ...ids, resumeData: 'Rome', signature });
      expect(answered.status).toBe(200);
      await answered.text();
    }
  });

  it('signs the suspended-runs list as the stream did: a question restored after a reload is answered', async () => {
    const { post, list } = await startServer();
    const { ids, signature } = suspensionOf(await readSse(await post('planner/stream', start)));
    const listed = (await list('planner')).runs.find((run) => run.runId === ids.runId)!;
    expect(listed.toolCalls).toEqual([expect.objectContaining({ toolCallId: ids.toolCallId, signature })]);
    const answered = await readSse(
      await post('planner/resume-stream', {
        ...ids,
        resumeData: 'Oslo',
        signature: listed.toolCalls[0]!.signature,
      }),
    );
    expect(JSON.stringify(answered)).toContain('User answered: Oslo');
  });

  it('refuses an approval whose arguments changed since it was shown, and one without a signature; the tool does not run', async () => {
    const { post, server, claims } = await startServer();
    deployed.length = 0;
    const { ids, signature } = suspensionOf(
      await readSse(await post('deployer/stream', start)),
      'tool-call-approval',
    );
    for (const route of ['approve-tool-call', 'decline-tool-call'])
      await expectBadSignature(await post(`deployer/${route}`, ids), ids);

    // What the run waits on now deploys elsewhere than what the person was shown.
    const workflows = await server.mastra.getStorage()!.getStore('workflows');
    const snapshot = await workflows!.loadWorkflowSnapshot({
      workflowName: 'agentic-loop',
      runId: ids.runId,
    });
    const altered = JSON.parse(
      canonicalJson(snapshot).replaceAll('"target":"production"', '"target":"everywhere"'),
    ) as typeof snapshot;
    await workflows!.persistWorkflowSnapshot({
      workflowName: 'agentic-loop',
      runId: ids.runId,
      snapshot: altered!,
    });
    await expectBadSignature(await post('deployer/approve-tool-call', { ...ids, signature }), ids);
    expect(deployed).toEqual([]);
    expect(await claims.find(ids.runId, ids.toolCallId)).toBeUndefined();
  });

  it('takes an approval that carries its signature', async () => {
    const { post } = await startServer();
    deployed.length = 0;
    const { ids, signature } = suspensionOf(
      await readSse(await post('deployer/stream', start)),
      'tool-call-approval',
    );
    await readSse(await post('deployer/approve-tool-call', { ...ids, signature }));
    expect(deployed).toEqual(['production']);
  });
});

describe('signResponse over a stream', () => {
  const suspended = {
    type: 'tool-call-suspended',
    runId: 'run-1',
    payload: { toolCallId: 'call-1', toolName: 'ask_user', suspendPayload: { question: 'Où aller ?' } },
  };
  const delta = { type: 'text-delta', runId: 'run-1', payload: { text: 'café ' } };
  const sse = `data: ${JSON.stringify(delta)}\r\n\r\ndata: ${JSON.stringify(suspended)}\n\ndata: [DONE]\n\n`;
  const bytes = new TextEncoder().encode(sse);
  const sign = (value: unknown) => signValue(SECRET, value);

  async function signedText(pieces: Uint8Array[], contentType = 'text/event-stream', signer = sign) {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    });
    return (
      await signResponse(new Response(body, { headers: { 'content-type': contentType } }), signer)
    ).text();
  }

  it('signs the suspension whatever the reads cut (inside a frame, a line end, a UTF-8 character), and passes the rest on unchanged', async () => {
    const whole = await signedText([bytes]);
    const signed = JSON.parse(whole.split('\n\n')[1]!.slice('data: '.length)) as typeof suspended;
    expect(signed.payload).toMatchObject({ signature: expect.stringMatching(/^[\w-]{43}$/) });
    // Frames end in `\n\n` once through the guard, whatever line ends they came with.
    expect(whole.startsWith(`data: ${JSON.stringify(delta)}\n\n`)).toBe(true);
    expect(whole.endsWith('data: [DONE]\n\n')).toBe(true);
    for (let cut = 1; cut < bytes.length; cut++)
      expect(await signedText([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(whole);
  });

  it("signs a workflow's suspended step in its stream of records", async () => {
    const step = {
      type: 'workflow-step-suspended',
      runId: 'run-2',
      payload: { id: 'pick-city', suspendPayload: { question: 'Pick a city' } },
    };
    const records = `${JSON.stringify({ type: 'workflow-start', runId: 'run-2' })}\u001e${JSON.stringify(step)}\u001e`;
    const text = await signedText([new TextEncoder().encode(records)], 'text/plain', (value) =>
      signWorkflowValue(SECRET, value),
    );
    const sent = text.split('\u001e').map((record) => (record ? JSON.parse(record) : record));
    expect(sent[0]).toEqual({ type: 'workflow-start', runId: 'run-2' });
    const signature = stepSignature(SECRET, 'run-2', 'pick-city', { question: 'Pick a city' });
    expect(sent[1]).toEqual({ ...step, payload: { ...step.payload, signature } });
    expect(sent[2]).toBe('');
  });
});
