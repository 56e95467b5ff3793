import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import {
  startMastraTestServer,
  type MastraTestServer,
  type Script,
  type ScriptContext,
  type ScriptStep,
} from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Mastra } from '@mastra/core';
import { Agent } from '@mastra/core/agent';
import { chatRoute } from '@mastra/ai-sdk';
import { copilotKitRoute } from './copilotKit.ts';
import type { ApiRoute } from '@mastra/core/server';
import { MastraServer } from '@mastra/hono';
import { LibSQLStore } from '@mastra/libsql';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_ANSWERED_MESSAGE, answerGuard, type AnswerGuardOptions } from './answerGuard.ts';
import { deployerAgent } from './test/deployer.ts';
import { findSuspension } from './findSuspension.ts';
import { CLAIMS_TABLE, libsqlClaimStore, type LibsqlClaimStore } from './libsqlClaimStore.ts';

interface Chunk {
  type: string;
  runId?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- chunks off the wire; each test reads the fields it checks
  payload?: any;
}

interface Asked {
  runId: string;
  toolCallId: string;
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * A POST whose body is the JSON of `body` under the content type given (none when `undefined`);
 * `multipart/form-data` sends each field as a form field, JSON-encoded as Mastra reads them.
 */
function postAs(url: string, contentType: string | undefined, body: Record<string, unknown>) {
  if (contentType === 'multipart/form-data') {
    const form = new FormData();
    for (const [name, value] of Object.entries(body)) form.set(name, JSON.stringify(value));
    return fetch(url, { method: 'POST', body: form });
  }
  // Bytes carry no content type of their own: the header is exactly the one given.
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  return fetch(url, {
    method: 'POST',
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    body: bytes,
  });
}

/** The statuses of two racing answers, sorted: `200/409` when exactly one was taken. */
const statusPair = (responses: Response[]) =>
  responses
    .map((res) => res.status)
    .sort()
    .join('/');

/** The deployer of ./test/deployer.ts: it deploys once `deploying` resolves. */
const approvalAgent = (deploying: Promise<void> = Promise.resolve()) => deployerAgent(() => deploying);

async function readSse(res: Response): Promise<Chunk[]> {
  expect(res.status, await res.clone().text()).toBe(200);
  const frames = (await res.text()).split('\n\n').filter((frame) => frame.startsWith('data: {'));
  return frames.map((frame) => JSON.parse(frame.slice('data: '.length)) as Chunk);
}

function pendingCall(chunks: Chunk[], type = 'tool-call-suspended'): Asked {
  const found = chunks.filter((chunk) => chunk.type === type);
  expect(found, `chunk types: ${chunks.map((chunk) => chunk.type).join(', ')}`).toHaveLength(1);
  return { runId: found[0]!.runId!, toolCallId: found[0]!.payload.toolCallId as string };
}

/** The answers the model saw, one list per model step: a second resume would show up here. */
function recordingPlanner(seen: string[][]): Script {
  const steps = tripPlannerScript as ScriptStep[];
  return (context: ScriptContext) => {
    seen.push(context.answers);
    return steps[Math.min(context.step, steps.length - 1)]!;
  };
}

let dir: string;
const servers: MastraTestServer[] = [];
const stores: LibsqlClaimStore[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ask-user-kit-guard-'));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  for (const store of stores.splice(0)) store.close();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let databases = 0;
function newDatabase(): string {
  databases += 1;
  return `file:${path.join(dir, `mastra-${databases}.db`)}`;
}

/** A real Mastra server with the guard, its claims in the same LibSQL file as Mastra's storage. */
async function startGuarded(
  storage: string,
  agents: Record<string, Agent>,
  options: {
    apiPrefix?: string;
    guard?: Partial<AnswerGuardOptions>;
    apiRoutes?: ApiRoute[];
    memory?: boolean;
  } = {},
) {
  const claims = libsqlClaimStore({ url: storage });
  stores.push(claims);
  const server = await startMastraTestServer({
    agents,
    storage,
    apiPrefix: options.apiPrefix,
    middleware: [answerGuard({ claims, ...options.guard })],
    apiRoutes: options.apiRoutes,
    memory: options.memory,
  });
  servers.push(server);
  return server;
}

async function startRun(server: MastraTestServer, agentId = 'planner', prefix = '/api'): Promise<Chunk[]> {
  return readSse(
    await post(`${server.url}${prefix}/agents/${agentId}/stream`, {
      messages: [{ role: 'user', content: 'Plan a trip for me' }],
    }),
  );
}

async function claimRows(storage: string, runId: string): Promise<number> {
  const client = createClient({ url: storage });
  try {
    const sql = `SELECT COUNT(*) AS claims FROM ${CLAIMS_TABLE} WHERE run_id = ?`;
    const result = await client.execute({ sql, args: [runId] });
    return Number(result.rows[0]!.claims);
  } finally {
    client.close();
  }
}

function expectAlreadyAnswered(res: Response, body: unknown, asked: Asked) {
  expect(res.status).toBe(409);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(body).toEqual({
    error: ALREADY_ANSWERED_MESSAGE,
    code: 'already-answered',
    runId: asked.runId,
    toolCallId: asked.toolCallId,
  });
}

// Each test starts one or two in-process servers; a busy 2-core machine needs the time.
describe('answerGuard', { timeout: 120_000 }, () => {
  it('lets exactly one of two simultaneous answers through, ten rounds out of ten', async () => {
    const seen: string[][] = [];
    const server = await startGuarded(newDatabase(), {
      planner: askUserAgent('planner', recordingPlanner(seen)),
    });
    const statuses: string[] = [];

    for (let round = 0; round < 10; round++) {
      const asked = pendingCall(await startRun(server));
      const answers = [`Lisbon ${round}`, `Porto ${round}`];
      const [first, second] = await Promise.all(
        answers.map((answer) =>
          post(`${server.url}/api/agents/planner/resume-stream`, { ...asked, resumeData: answer }),
        ),
      );
      statuses.push(`${first!.status}/${second!.status}`);
      const winner = first!.status === 200 ? first! : second!;
      const loser = winner === first ? second! : first!;
      const winningAnswer = winner === first ? answers[0]! : answers[1]!;
      const losingAnswer = winner === first ? answers[1]! : answers[0]!;

      expectAlreadyAnswered(loser, await loser.json(), asked);
      const resumed = await readSse(winner);
      const results = resumed.filter((chunk) => chunk.type === 'tool-result');
      expect(results.map((chunk) => chunk.payload.result.content)).toEqual([
        `User answered: ${winningAnswer}`,
      ]);
      expect(pendingCall(resumed).runId).toBe(asked.runId);
      expect(seen.flat()).toContain(winningAnswer);
      expect(seen.flat()).not.toContain(losingAnswer);
    }

    console.log(`answerGuard race, 10 rounds (first/second status): ${statuses.join(' ')}`);
    expect(statuses.map((pair) => pair.split('/').sort().join('/'))).toEqual(Array(10).fill('200/409'));
  });

  it('answers a resume that names no toolCallId as the call it would resume, racing one that names it', async () => {
    const server = await startGuarded(newDatabase(), { planner: askUserAgent('planner', tripPlannerScript) });
    const asked = pendingCall(await startRun(server));
    const responses = await Promise.all([
      post(`${server.url}/api/agents/planner/resume-stream`, { runId: asked.runId, resumeData: 'Lisbon' }),
      post(`${server.url}/api/agents/planner/resume-stream`, { ...asked, resumeData: 'Porto' }),
    ]);
    expect(responses.map((res) => res.status).sort()).toEqual([200, 409]);
    const loser = responses.find((res) => res.status === 409)!;
    expectAlreadyAnswered(loser, await loser.json(), asked);
    await readSse(responses.find((res) => res.status === 200)!);
  });

  it("refuses an answer to a question answered earlier with 409, not Mastra's 500", async () => {
    const server = await startGuarded(newDatabase(), { planner: askUserAgent('planner', tripPlannerScript) });
    const asked = pendingCall(await startRun(server));
    const next = pendingCall(
      await readSse(
        await post(`${server.url}/api/agents/planner/resume-stream`, { ...asked, resumeData: 'Lisbon' }),
      ),
    );
    const late = await post(`${server.url}/api/agents/planner/resume-stream`, {
      ...asked,
      resumeData: 'Porto',
    });
    expectAlreadyAnswered(late, await late.json(), asked);

    // The run's next question, on the same runId, is a new claim.
    expect(next.runId).toBe(asked.runId);
    expect(next.toolCallId).not.toBe(asked.toolCallId);
    await readSse(
      await post(`${server.url}/api/agents/planner/resume-stream`, { ...next, resumeData: 'Train' }),
    );
  });

  it('releases the claim of a resume Mastra refused, so the next valid answer is taken', async () => {
    const storage = newDatabase();
    const server = await startGuarded(storage, { planner: askUserAgent('planner', tripPlannerScript) });
    const asked = pendingCall(await startRun(server));
    const resume = (body: unknown) => post(`${server.url}/api/agents/planner/resume-stream`, body);

    const invalid = await resume({ ...asked });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: 'Invalid request body' });
    expect(await claimRows(storage, asked.runId)).toBe(0);

    const wrongCall = await resume({
      runId: asked.runId,
      toolCallId: 'call_does_not_exist',
      resumeData: 'Lisbon',
    });
    expect(wrongCall.status).toBe(500);
    expect(await claimRows(storage, asked.runId)).toBe(0);

    const unknownRun = await resume({
      runId: 'no-such-run',
      toolCallId: asked.toolCallId,
      resumeData: 'Lisbon',
    });
    expect(unknownRun.status).toBe(500);
    expect(await claimRows(storage, 'no-such-run')).toBe(0);

    const accepted = await readSse(await resume({ ...asked, resumeData: 'Lisbon' }));
    expect(accepted.some((chunk) => chunk.type === 'tool-result')).toBe(true);
    expect(await claimRows(storage, asked.runId)).toBe(1);
  });

  it("claims nothing for a run that does not exist: two racing answers both get Mastra's own answer", async () => {
    const storage = newDatabase();
    const deployer = approvalAgent();
    const server = await startGuarded(storage, {
      planner: askUserAgent('planner', tripPlannerScript),
      deployer,
    });
    const unknown = { runId: 'no-such-run', toolCallId: 'call_1' };
    const statuses: string[] = [];
    for (let round = 0; round < 3; round++) {
      const resumes = await Promise.all(
        ['Lisbon', 'Porto'].map((answer) =>
          post(`${server.url}/api/agents/planner/resume-stream`, { ...unknown, resumeData: answer }),
        ),
      );
      const answers = await Promise.all([
        post(`${server.url}/api/agents/deployer/approve-tool-call`, unknown),
        post(`${server.url}/api/agents/deployer/decline-tool-call`, unknown),
      ]);
      statuses.push([...resumes, ...answers].map((res) => res.status).join('/'));
    }
    expect(statuses).toEqual(Array(3).fill('500/500/500/500'));
    expect(await claimRows(storage, unknown.runId)).toBe(0);
  });

  it('guards agent routes for exactly the bodies Mastra reads, and lets the others through unclaimed', async () => {
    const storage = newDatabase();
    const server = await startGuarded(storage, { planner: askUserAgent('planner', tripPlannerScript) });
    const url = `${server.url}/api/agents/planner/resume-stream`;
    // Mastra reads `application/json` and `multipart/form-data`, matched case-sensitively.
    const read = ['application/json; charset=utf-8', 'multipart/form-data'];
    const statuses: Record<string, string> = {};
    for (const type of read) {
      const asked = pendingCall(await startRun(server));
      const responses = await Promise.all(
        ['Lisbon', 'Porto'].map((answer) => postAs(url, type, { ...asked, resumeData: answer })),
      );
      statuses[type] = statusPair(responses);
      const winner = responses.find((res) => res.status === 200);
      if (winner) await readSse(winner);
    }
    // Any other type is no body to Mastra: it refuses both (400), and nothing is claimed.
    const asked = pendingCall(await startRun(server));
    for (const type of ['Application/JSON', 'text/plain', undefined]) {
      const responses = await Promise.all(
        ['Lisbon', 'Porto'].map((answer) => postAs(url, type, { ...asked, resumeData: answer })),
      );
      statuses[String(type)] = statusPair(responses);
    }
    expect(statuses).toEqual({
      'application/json; charset=utf-8': '200/409',
      'multipart/form-data': '200/409',
      'Application/JSON': '400/400',
      'text/plain': '400/400',
      undefined: '400/400',
    });
    expect(await claimRows(storage, asked.runId)).toBe(0);
  });

  it('holds across two server instances on one LibSQL file', async () => {
    const storage = newDatabase();
    const planner = () => ({ planner: askUserAgent('planner', tripPlannerScript) });
    const a = await startGuarded(storage, planner());
    const b = await startGuarded(storage, planner());

    for (let round = 0; round < 5; round++) {
      const asked = pendingCall(await startRun(round % 2 === 0 ? a : b));
      const responses = await Promise.all(
        [a, b].map((server) =>
          post(`${server.url}/api/agents/planner/resume-stream`, { ...asked, resumeData: server.url }),
        ),
      );
      expect(responses.map((res) => res.status).sort()).toEqual([200, 409]);
      const winner = responses.find((res) => res.status === 200)!;
      await readSse(winner);
      const loser = responses.find((res) => res.status === 409)!;
      expectAlreadyAnswered(loser, await loser.json(), asked);
    }

    // A claim made through one instance is seen by the other after the fact, too.
    const asked = pendingCall(await startRun(a));
    await readSse(
      await post(`${a.url}/api/agents/planner/resume-stream`, { ...asked, resumeData: 'Lisbon' }),
    );
    const late = await post(`${b.url}/api/agents/planner/resume-stream`, { ...asked, resumeData: 'Porto' });
    expectAlreadyAnswered(late, await late.json(), asked);
  });

  it('guards approve and decline of a tool that requires approval, streaming and JSON', async () => {
    const deployer = approvalAgent();
    const server = await startGuarded(newDatabase(), { deployer });
    const route = (name: string) => `${server.url}/api/agents/deployer/${name}`;

    const streamed = pendingCall(await startRun(server, 'deployer'), 'tool-call-approval');
    const [approve, decline] = await Promise.all([
      post(route('approve-tool-call'), streamed),
      post(route('decline-tool-call'), streamed),
    ]);
    expect([approve.status, decline.status].sort()).toEqual([200, 409]);
    const winner = approve.status === 200 ? approve : decline;
    const loser = winner === approve ? decline : approve;
    expectAlreadyAnswered(loser, await loser.json(), streamed);
    await readSse(winner);

    // The JSON variants: the scripted model only streams (its doGenerate is not implemented), so
    // Mastra answers the one let through 500; the other still gets the guard's 409.
    const generated = pendingCall(await startRun(server, 'deployer'), 'tool-call-approval');
    const [approveJson, declineJson] = await Promise.all([
      post(route('approve-tool-call-generate'), generated),
      post(route('decline-tool-call-generate'), generated),
    ]);
    expect([approveJson.status, declineJson.status].sort()).toEqual([409, 500]);
    const jsonLoser = approveJson.status === 409 ? approveJson : declineJson;
    expectAlreadyAnswered(jsonLoser, await jsonLoser.json(), generated);
    // The 500 released the claim, so a retry reaches Mastra, which had already moved the run on
    // before the model failed: it answers that nothing is suspended (what the kit calls expired).
    const retried = await post(route('approve-tool-call'), generated);
    expect(retried.status).toBe(500);
    expect(await retried.json()).toMatchObject({
      error: expect.stringContaining('could not find a suspended run'),
    });
  });

  it("follows Mastra's apiPrefix and lets other routes through untouched", async () => {
    const storage = newDatabase();
    const server = await startGuarded(
      storage,
      { planner: askUserAgent('planner', tripPlannerScript) },
      {
        apiPrefix: '/custom/',
      },
    );
    const asked = pendingCall(await startRun(server, 'planner', '/custom'));
    const responses = await Promise.all(
      ['Lisbon', 'Porto'].map((answer) =>
        post(`${server.url}/custom/agents/planner/resume-stream`, { ...asked, resumeData: answer }),
      ),
    );
    expect(responses.map((res) => res.status).sort()).toEqual([200, 409]);
    await readSse(responses.find((res) => res.status === 200)!);

    const listed = await fetch(`${server.url}/custom/agents/planner/suspended-runs`);
    expect(listed.status).toBe(200);
    // Only answers are claimed: starting runs and listing them left no rows but this one.
    const client = createClient({ url: storage });
    const rows = await client.execute(`SELECT run_id, tool_call_id FROM ${CLAIMS_TABLE}`);
    client.close();
    expect(rows.rows.map((row) => [row.run_id, row.tool_call_id])).toEqual([[asked.runId, asked.toolCallId]]);
  });

  it('works as a plain Hono middleware in front of MastraServer', async () => {
    const storage = newDatabase();
    const mastraStorage = new LibSQLStore({ id: 'plain-hono', url: storage });
    const agents = { planner: askUserAgent('planner', tripPlannerScript) };
    const mastra = new Mastra({ agents, storage: mastraStorage, logger: false });
    const claims = libsqlClaimStore({ url: storage });
    stores.push(claims);
    const app = new Hono();
    // Before init(): Mastra's context is not set yet, so the guard is handed the instance.
    app.use('*', answerGuard({ claims, mastra }));
    await new MastraServer({ app, mastra }).init();
    const http = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const listening = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(listening));
    });
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    try {
      const asked = pendingCall(
        await readSse(
          await post(`${url}/api/agents/planner/stream`, { messages: [{ role: 'user', content: 'Hi' }] }),
        ),
      );
      const responses = await Promise.all([
        post(`${url}/api/agents/planner/resume-stream`, { runId: asked.runId, resumeData: 'Lisbon' }),
        post(`${url}/api/agents/planner/resume-stream`, { ...asked, resumeData: 'Porto' }),
      ]);
      expect(responses.map((res) => res.status).sort()).toEqual([200, 409]);
      await readSse(responses.find((res) => res.status === 200)!);
    } finally {
      await new Promise((resolve) => http.close(resolve));
      await mastraStorage.close();
    }
  });
  it('refuses answers with a clear 500 when it has no Mastra instance to read runs from', async () => {
    const storage = newDatabase();
    const mastraStorage = new LibSQLStore({ id: 'no-mastra', url: storage });
    const mastra = new Mastra({
      agents: { planner: askUserAgent('planner', tripPlannerScript) },
      storage: mastraStorage,
      logger: false,
    });
    const claims = libsqlClaimStore({ url: storage });
    stores.push(claims);
    const app = new Hono();
    // Before init(), without `mastra`: the guard never sees Mastra's context.
    app.use('*', answerGuard({ claims }));
    await new MastraServer({ app, mastra }).init();
    try {
      const res = await app.request('/api/agents/planner/resume-stream', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ runId: 'run-1', toolCallId: 'call_1', resumeData: 'Lisbon' }),
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: expect.stringContaining('pass it as `mastra`') });
    } finally {
      await mastraStorage.close();
    }
  });

  it('refuses a lease that is not a positive number of milliseconds', () => {
    const claims = libsqlClaimStore({ url: ':memory:' });
    stores.push(claims);
    for (const leaseMs of [0, -1, Number.NaN, Infinity])
      expect(() => answerGuard({ claims, leaseMs })).toThrow(/leaseMs must be a positive number/);
  });
});

/** The suspensions a chatRoute stream announced (its `data-tool-call-suspended` parts). */
function chatSuspensions(chunks: Chunk[]): Asked[] {
  return chunks
    .filter((chunk) => chunk.type === 'data-tool-call-suspended')
    .map((chunk) => {
      const data = (chunk as Chunk & { data: Asked }).data;
      return { runId: data.runId, toolCallId: data.toolCallId };
    });
}

const chatMessages = [{ id: 'user-1', role: 'user', parts: [{ type: 'text', text: 'Plan a trip for me' }] }];

// @mastra/ai-sdk's chatRoute resumes when its body has `resumeData` (with `runId`, `toolCallId`).
describe('answerGuard on chatRoute', { timeout: 120_000 }, () => {
  const startChat = async (
    chatPath: `${string}/:agentId${string}` = '/chat/:agentId',
    guard: Partial<AnswerGuardOptions> = {},
  ) =>
    startGuarded(
      newDatabase(),
      { planner: askUserAgent('planner', tripPlannerScript) },
      { apiRoutes: [chatRoute({ path: chatPath })], guard },
    );
  const chatAnswer = (url: string, asked: Asked, resumeData: unknown) =>
    post(url, { messages: chatMessages, resumeData, ...asked });

  it('lets exactly one of two simultaneous chat answers through, and refuses a late one with 409', async () => {
    const server = await startChat();
    const url = `${server.url}/chat/planner`;
    const [asked] = chatSuspensions(await readSse(await post(url, { messages: chatMessages })));
    expect(asked).toBeDefined();

    const responses = await Promise.all(['Lisbon', 'Porto'].map((answer) => chatAnswer(url, asked!, answer)));
    expect(responses.map((res) => res.status).sort()).toEqual([200, 409]);
    const loser = responses.find((res) => res.status === 409)!;
    expectAlreadyAnswered(loser, await loser.json(), asked!);
    const next = chatSuspensions(await readSse(responses.find((res) => res.status === 200)!));
    expect(next).toEqual([{ runId: asked!.runId, toolCallId: expect.not.stringMatching(asked!.toolCallId) }]);

    const late = await chatAnswer(url, asked!, 'Madrid');
    expectAlreadyAnswered(late, await late.json(), asked!);
    // The next question is a claim of its own.
    const third = await chatAnswer(url, next[0]!, 'Train');
    expect(chatSuspensions(await readSse(third))).toHaveLength(1);
  });

  it('guards chat answers whatever their content type, as chatRoute parses every body as JSON', async () => {
    const server = await startChat();
    const url = `${server.url}/chat/planner`;
    const statuses: Record<string, string> = {};
    for (const type of ['text/plain', 'Application/JSON', 'APPLICATION/JSON; charset=UTF-8', undefined]) {
      const [asked] = chatSuspensions(await readSse(await post(url, { messages: chatMessages })));
      const responses = await Promise.all(
        ['Lisbon', 'Porto'].map((answer) =>
          postAs(url, type, { messages: chatMessages, resumeData: answer, ...asked! }),
        ),
      );
      statuses[String(type)] = statusPair(responses);
      await Promise.all(responses.map((res) => res.text()));
    }
    expect(statuses).toEqual({
      'text/plain': '200/409',
      'Application/JSON': '200/409',
      'APPLICATION/JSON; charset=UTF-8': '200/409',
      undefined: '200/409',
    });
  });

  it('claims nothing for a chat answer to a run that does not exist', async () => {
    const storage = newDatabase();
    const server = await startGuarded(
      storage,
      { planner: askUserAgent('planner', tripPlannerScript) },
      { apiRoutes: [chatRoute({ path: '/chat/:agentId' })] },
    );
    const url = `${server.url}/chat/planner`;
    const unknown = { runId: 'no-such-run', toolCallId: 'call_1' };
    const responses = await Promise.all(
      ['Lisbon', 'Porto'].map((answer) => chatAnswer(url, unknown, answer)),
    );
    expect(statusPair(responses)).toBe('500/500');
    expect(await claimRows(storage, unknown.runId)).toBe(0);
  });

  it('guards the chat paths it is given instead of the default one', async () => {
    const server = await startChat('/assistant/:agentId/chat', { chatPaths: ['/assistant/:agentId/chat'] });
    const url = `${server.url}/assistant/planner/chat`;
    const [asked] = chatSuspensions(await readSse(await post(url, { messages: chatMessages })));
    const responses = await Promise.all(['Lisbon', 'Porto'].map((answer) => chatAnswer(url, asked!, answer)));
    expect(responses.map((res) => res.status).sort()).toEqual([200, 409]);
    await readSse(responses.find((res) => res.status === 200)!);
  });

  it('releases the claim of a chat resume Mastra refused (an expired question is a 500 there)', async () => {
    const server = await startChat();
    const url = `${server.url}/chat/planner`;
    const [asked] = chatSuspensions(await readSse(await post(url, { messages: chatMessages })));
    const unknown = await chatAnswer(url, { runId: 'no-such-run', toolCallId: asked!.toolCallId }, 'Lisbon');
    expect(unknown.status).toBe(500);
    const wrongCall = await chatAnswer(url, { runId: asked!.runId, toolCallId: 'call_none' }, 'Lisbon');
    expect(wrongCall.status).toBe(500);
    const accepted = await chatAnswer(url, asked!, 'Lisbon');
    expect(chatSuspensions(await readSse(accepted))).toHaveLength(1);
  });
});

interface Interrupt {
  id: string;
  metadata: { mastra: { runId: string; toolName: string; suspendPayload: unknown } };
}

/** The interrupts a CopilotKit run's stream ended with (`RUN_FINISHED.outcome.interrupts`). */
function runInterrupts(chunks: Chunk[]): Interrupt[] {
  return chunks.flatMap((chunk) => {
    const outcome = (chunk as Chunk & { outcome?: { type: string; interrupts: Interrupt[] } }).outcome;
    return chunk.type === 'RUN_FINISHED' && outcome?.type === 'interrupt' ? outcome.interrupts : [];
  });
}

/** `<runId>::<toolCallId>`, as @ag-ui/mastra names an interrupt. */
function askedBy(interrupt: Interrupt): Asked {
  const [runId, toolCallId] = interrupt.id.split('::');
  return { runId: runId!, toolCallId: toolCallId! };
}

// CopilotKit's runtime (copilotKitRoute) running the planner through @ag-ui/mastra: a run is an
// AG-UI RunAgentInput, and an answer a run whose `resume` resolves the question's interrupt.
describe('answerGuard on CopilotKit runs', { timeout: 120_000 }, () => {
  const startCopilotKit = async (seen: string[][], guard: Partial<AnswerGuardOptions> = {}) =>
    startGuarded(
      newDatabase(),
      { planner: askUserAgent('planner', recordingPlanner(seen)) },
      { apiRoutes: [copilotKitRoute()], guard, memory: true },
    );
  let runs = 0;
  const runInput = (threadId: string, extra: Record<string, unknown> = {}) => {
    runs += 1;
    return {
      threadId,
      runId: `copilotkit-run-${runs}`,
      messages: [{ id: 'user-1', role: 'user', content: 'Plan a trip for me' }],
      tools: [],
      context: [],
      state: {},
      forwardedProps: {},
      ...extra,
    };
  };
  const runUrl = (server: MastraTestServer, agentId = 'planner') =>
    `${server.url}/copilotkit/agent/${agentId}/run`;
  const startThread = async (server: MastraTestServer) => {
    const threadId = `thread-${Math.random()}`;
    const [interrupt] = runInterrupts(await readSse(await post(runUrl(server), runInput(threadId))));
    expect(interrupt).toBeDefined();
    return { threadId, interrupt: interrupt! };
  };
  const resume = (url: string, threadId: string, interrupt: Interrupt, answer: string) =>
    post(
      url,
      runInput(threadId, { resume: [{ interruptId: interrupt.id, status: 'resolved', payload: answer }] }),
    );

  it('lets exactly one of two simultaneous resumes reach Mastra, and refuses a late one with 409', async () => {
    const seen: string[][] = [];
    const server = await startCopilotKit(seen);
    const { threadId, interrupt } = await startThread(server);
    const asked = askedBy(interrupt);

    const responses = await Promise.all(
      ['Lisbon', 'Porto'].map((answer) => resume(runUrl(server), threadId, interrupt, answer)),
    );
    expect(responses.map((res) => res.status).sort()).toEqual([200, 409]);
    const loser = responses.find((res) => res.status === 409)!;
    expectAlreadyAnswered(loser, await loser.json(), asked);
    const next = runInterrupts(await readSse(responses.find((res) => res.status === 200)!));
    expect(next).toHaveLength(1);
    // The model's second step saw one answer: only one resume reached Mastra.
    expect(seen.map((answers) => answers.length)).toEqual([0, 1]);

    const late = await resume(runUrl(server), threadId, interrupt, 'Madrid');
    expectAlreadyAnswered(late, await late.json(), asked);
    expect(seen).toHaveLength(2);
    // The next question is a claim of its own.
    const third = await resume(runUrl(server), threadId, next[0]!, 'Train');
    expect(runInterrupts(await readSse(third))).toHaveLength(1);
  });

  it('guards runs whatever their content type, as the runtime parses every body as JSON', async () => {
    const seen: string[][] = [];
    const server = await startCopilotKit(seen);
    const statuses: Record<string, string> = {};
    for (const type of ['text/plain', 'Application/JSON', undefined]) {
      const { threadId, interrupt } = await startThread(server);
      const responses = await Promise.all(
        ['Lisbon', 'Porto'].map((answer) =>
          postAs(
            runUrl(server),
            type,
            runInput(threadId, {
              resume: [{ interruptId: interrupt.id, status: 'resolved', payload: answer }],
            }),
          ),
        ),
      );
      statuses[String(type)] = statusPair(responses);
      await Promise.all(responses.map((res) => res.text()));
    }
    expect(statuses).toEqual({
      'text/plain': '200/409',
      'Application/JSON': '200/409',
      undefined: '200/409',
    });
  });

  it('guards a run wherever the runtime routes it: any path below it that ends in agent/:id/run', async () => {
    const seen: string[][] = [];
    const server = await startCopilotKit(seen);
    const statuses: Record<string, string> = {};
    for (const path of ['/copilotkit/v2/agent/planner/run', '/copilotkit/agent/planner/run/']) {
      const { threadId, interrupt } = await startThread(server);
      const responses = await Promise.all(
        ['Lisbon', 'Porto'].map((answer) => resume(`${server.url}${path}`, threadId, interrupt, answer)),
      );
      statuses[path] = statusPair(responses);
      await Promise.all(responses.map((res) => res.text()));
    }
    expect(statuses).toEqual({
      '/copilotkit/v2/agent/planner/run': '200/409',
      '/copilotkit/agent/planner/run/': '200/409',
    });
  });

  it("guards the older clients' forwardedProps.command resume the same way, its interruptEvent an object or JSON", async () => {
    const seen: string[][] = [];
    const server = await startCopilotKit(seen);
    const { threadId, interrupt } = await startThread(server);
    const interruptEvent = {
      type: 'mastra_suspend',
      toolCallId: askedBy(interrupt).toolCallId,
      ...interrupt.metadata.mastra,
    };
    const events = [interruptEvent, JSON.stringify(interruptEvent)];
    const responses = await Promise.all(
      ['Lisbon', 'Porto'].map((answer, index) =>
        post(
          runUrl(server),
          runInput(threadId, {
            forwardedProps: { command: { resume: answer, interruptEvent: events[index] } },
          }),
        ),
      ),
    );
    expect(responses.map((res) => res.status).sort()).toEqual([200, 409]);
    const loser = responses.find((res) => res.status === 409)!;
    expectAlreadyAnswered(loser, await loser.json(), askedBy(interrupt));
    expect(runInterrupts(await readSse(responses.find((res) => res.status === 200)!))).toHaveLength(1);
    expect(seen.map((answers) => answers.length)).toEqual([0, 1]);
  });

  it('releases the claim of a resume the runtime refused, so the next answer is taken', async () => {
    const seen: string[][] = [];
    const server = await startCopilotKit(seen);
    const { threadId, interrupt } = await startThread(server);
    // The same interrupt resumed through an agent the runtime does not serve: refused, not 2xx.
    const refused = await resume(runUrl(server, 'nobody'), threadId, interrupt, 'Lisbon');
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).not.toBe(409);
    const accepted = await resume(runUrl(server), threadId, interrupt, 'Lisbon');
    expect(runInterrupts(await readSse(accepted))).toHaveLength(1);
    expect(seen.map((answers) => answers.length)).toEqual([0, 1]);
  });

  it('lets a run that answers nothing through: a new message, a cancelled interrupt', async () => {
    const seen: string[][] = [];
    const server = await startCopilotKit(seen);
    const { threadId, interrupt } = await startThread(server);
    const cancelled = await post(
      runUrl(server),
      runInput(threadId, { resume: [{ interruptId: interrupt.id, status: 'cancelled' }] }),
    );
    expect(runInterrupts(await readSse(cancelled))).toEqual([]);
    // The older clients' cancel: `resume: false` with the interrupt.
    const interruptEvent = { ...interrupt.metadata.mastra, toolCallId: askedBy(interrupt).toolCallId };
    const command = { resume: false, interruptEvent };
    const cancelledOld = await post(runUrl(server), runInput(threadId, { forwardedProps: { command } }));
    expect(runInterrupts(await readSse(cancelledOld))).toEqual([]);
    // The cancels claimed nothing: the answer is still taken.
    const accepted = await resume(runUrl(server), threadId, interrupt, 'Lisbon');
    expect(runInterrupts(await readSse(accepted))).toHaveLength(1);
  });

  it('guards no CopilotKit run with agUiPaths []', async () => {
    const seen: string[][] = [];
    const server = await startCopilotKit(seen, { agUiPaths: [] });
    const { threadId, interrupt } = await startThread(server);
    expect(
      runInterrupts(await readSse(await resume(runUrl(server), threadId, interrupt, 'Lisbon'))),
    ).toHaveLength(1);
    // Unguarded, a late answer reaches the runtime (and fails in its stream): no 409.
    const late = await resume(runUrl(server), threadId, interrupt, 'Porto');
    expect(late.status).toBe(200);
    await late.text();
  });
});

// A server that died holding a claim: it claimed the question through the store, as its guard
// does, and then neither renewed the claim nor moved the run on. The run still waits on the
// question, which the kit lists again and re-opens for Retry.
describe('answerGuard after a server died holding a claim', { timeout: 120_000 }, () => {
  async function claimAsDeadServer(server: MastraTestServer, storage: string, asked: Asked, leaseMs: number) {
    const suspension = await findSuspension(server.mastra, asked);
    expect(suspension?.toolCallId).toBe(asked.toolCallId);
    const dead = libsqlClaimStore({ url: storage });
    stores.push(dead);
    const lease = { holder: 'dead-server', ms: leaseMs };
    expect(await dead.claim(asked.runId, asked.toolCallId, suspension!.suspendedAt, lease)).toBe(true);
  }

  async function retryTwice(server: MastraTestServer, asked: Asked, seen: string[][]) {
    // Two tabs retrying at once: the claim is taken over once, by one of them.
    const responses = await Promise.all(
      ['Lisbon', 'Porto'].map((answer) =>
        post(`${server.url}/api/agents/planner/resume-stream`, { ...asked, resumeData: answer }),
      ),
    );
    expect(statusPair(responses)).toBe('200/409');
    const loser = responses.find((res) => res.status === 409)!;
    expectAlreadyAnswered(loser, await loser.json(), asked);
    const resumed = await readSse(responses.find((res) => res.status === 200)!);
    expect(resumed.filter((chunk) => chunk.type === 'tool-result')).toHaveLength(1);
    // The model's second step saw one answer.
    expect(seen.map((answers) => answers.length)).toEqual([0, 1]);
  }

  it('takes the claim over once its lease ends, and the answer goes through', async () => {
    const storage = newDatabase();
    const seen: string[][] = [];
    const server = await startGuarded(
      storage,
      { planner: askUserAgent('planner', recordingPlanner(seen)) },
      { guard: { leaseMs: 1000 } },
    );
    const asked = pendingCall(await startRun(server));
    // Its lease still runs when the answers come: they wait for it to end, since no one renews it.
    await claimAsDeadServer(server, storage, asked, 1000);
    await retryTwice(server, asked, seen);
  });

  it('takes at once a claim whose lease ended before the answer came', async () => {
    const storage = newDatabase();
    const seen: string[][] = [];
    const server = await startGuarded(storage, { planner: askUserAgent('planner', recordingPlanner(seen)) });
    const asked = pendingCall(await startRun(server));
    await claimAsDeadServer(server, storage, asked, -1000);
    await retryTwice(server, asked, seen);
  });

  it('keeps the claim of an answer in flight past its lease: a second answer meanwhile gets 409', async () => {
    let deploy!: () => void;
    const deploying = new Promise<void>((resolve) => (deploy = resolve));
    const server = await startGuarded(
      newDatabase(),
      { deployer: approvalAgent(deploying) },
      { guard: { leaseMs: 1000 } },
    );
    const asked = pendingCall(await startRun(server, 'deployer'), 'tool-call-approval');
    const route = (name: string) => `${server.url}/api/agents/deployer/${name}`;
    const approving = post(route('approve-tool-call'), asked);
    // The tool runs (and the run still waits on the approval in storage) well past one lease.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const decline = await post(route('decline-tool-call'), asked);
    expectAlreadyAnswered(decline, await decline.json(), asked);
    deploy();
    const approved = await readSse(await approving);
    expect(approved.filter((chunk) => chunk.type === 'tool-result')).toHaveLength(1);
  });
});
