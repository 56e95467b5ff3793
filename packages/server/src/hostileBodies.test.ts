import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { chatRoute } from '@mastra/ai-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerGuard } from './answerGuard.ts';
import { GUARDED_ROUTES } from './guardedPaths.ts';
import { copilotKitRoute } from './copilotKit.ts';
import { libsqlClaimStore, type LibsqlClaimStore } from './libsqlClaimStore.ts';
import { pendingCall, readSse } from './test/sse.ts';

let dir: string;
let server: MastraTestServer;
let claims: LibsqlClaimStore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ask-user-kit-hostile-'));
  const storage = `file:${path.join(dir, 'mastra.db')}`;
  claims = libsqlClaimStore({ url: storage });
  server = await startMastraTestServer({
    agents: { planner: askUserAgent('planner', tripPlannerScript) },
    storage,
    middleware: [answerGuard({ claims })],
    apiRoutes: [chatRoute({ path: '/chat/:agentId' }), copilotKitRoute()],
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  claims?.close();
  await rm(dir, { recursive: true, force: true });
});

const MiB = 1024 * 1024;
const routes = () => [
  ...GUARDED_ROUTES.map((route) => `/api/agents/planner/${route}`),
  '/api/agents/planner/stream',
  '/chat/planner',
  '/copilotkit/agent/planner/run',
];

/** A body of `bytes` sent in 64 KiB chunks, with no content-length (chunked). */
function chunked(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode('{"runId":"'));
      if (sent >= bytes) {
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

const post = (route: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);

describe('hostile bodies on guarded routes', { timeout: 120_000 }, () => {
  it('refuses a body over the size limit with 413, declared or chunked, before reading it all', async () => {
    const huge = JSON.stringify({ runId: 'r', toolCallId: 'c', resumeData: 'a'.repeat(5 * MiB) });
    for (const route of routes()) {
      const declared = await post(route, huge);
      expect(declared.status, route).toBe(413);
      expect(await declared.json()).toEqual({ error: 'Request body too large' });
      const streamed = await post(route, chunked(6 * MiB));
      expect(streamed.status, route).toBe(413);
      await streamed.text();
    }
  });

  it('answers malformed and wrong-typed bodies with 4xx, and the server stays up', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const bodies = [
      '{"runId":',
      'not json',
      '',
      'null',
      '[]',
      '"runId"',
      '42',
      deep,
      JSON.stringify({ runId: 42, toolCallId: {} }),
      JSON.stringify({ runId: ['a'], resumeData: 'x' }),
      JSON.stringify({ runId: { $ne: null }, toolCallId: 'c', resumeData: 'x' }),
      JSON.stringify({ runId: '', toolCallId: '', resumeData: 'x' }),
      JSON.stringify({ __proto__: { runId: 'x' }, resumeData: 'x' }),
      JSON.stringify({ resume: 'nope', forwardedProps: { command: 'x' } }),
      JSON.stringify({ resume: [{ interruptId: 7, status: 'resolved' }], forwardedProps: [] }),
    ];
    const statuses: Record<string, number[]> = {};
    for (const route of routes()) {
      for (const body of bodies) {
        const res = await post(route, body);
        await res.text();
        (statuses[route] ??= []).push(res.status);
      }
    }
    for (const [route, got] of Object.entries(statuses)) {
      const bad = got.filter((status) => status < 400 || status >= 500);
      expect(bad, `${route}: ${got.join(' ')}`).toEqual([]);
    }
    // Still up, and still answering questions.
    const asked = pendingCall(
      await readSse(await post('/api/agents/planner/stream', JSON.stringify({ messages: 'Plan a trip' }))),
    );
    const answered = await readSse(
      await post('/api/agents/planner/resume-stream', JSON.stringify({ ...asked, resumeData: 'Lisbon' })),
    );
    expect(JSON.stringify(answered)).toContain('User answered: Lisbon');
  });
});
