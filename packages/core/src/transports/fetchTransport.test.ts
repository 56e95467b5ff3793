import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ask, askUserAgent, reply, startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRunStore } from '../createRunStore.ts';
import { AnswerError, TransportError } from '../errors.ts';
import { transportSuite } from '../test/transportSuite.ts';
import { createFetchTransport } from './fetchTransport.ts';

transportSuite('fetch transport', (server, agentId) => {
  const requests = { stream: 0, resume: 0, list: 0 };
  const transport = createFetchTransport({
    baseUrl: server.url,
    agentId,
    fetch: (input, init) => {
      const url = String(input);
      if (url.endsWith('/resume-stream')) requests.resume++;
      else if (url.endsWith('/stream')) requests.stream++;
      else if (url.includes('/suspended-runs')) requests.list++;
      return fetch(input, init);
    },
  });
  return { transport, requests };
});

describe('createFetchTransport errors', () => {
  let server: MastraTestServer;
  let other: Server;
  let otherUrl: string;
  beforeAll(async () => {
    server = await startMastraTestServer({
      agents: {
        slow: askUserAgent('slow', [reply('one two three four five six seven eight', { deltas: 8, delayMs: 200 })]),
        text: askUserAgent('text', [ask.text('Name?'), reply('ok')]),
        // Replies at once: its runs do not stay suspended.
        reply: askUserAgent('reply', [reply('ok')]),
      },
    });
    // Not Mastra: what a dev server's SPA fallback does with a wrong URL.
    other = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>app</p>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => other?.close(resolve));
  });

  // A cancelled run goes on a moment on the server; closing the storage under it logs errors.
  const slowRunsEnded = () => vi.waitFor(() => expect(server.mastra.getAgent('slow').listActiveThreadRuns()).toEqual([]));
  const slowStore = (n: number) =>
    createRunStore({ transport: createFetchTransport({ baseUrl: server.url, agentId: 'slow' }), threadId: `slow-${n}`, resourceId: 'u' });
  const failureOf = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('expected a failure'), (e: unknown) => e);

  it('an unknown agent is an http error with the server message and status', async () => {
    const store = createRunStore({ transport: createFetchTransport({ baseUrl: server.url, agentId: 'nobody' }) });
    await store.send('hi');
    expect(store.getSnapshot()).toMatchObject({ status: 'error', error: { code: 'http', status: 404, message: 'Agent with id nobody not found' } });
  });

  it('a page that is not an event stream is refused with a clear message', async () => {
    const transport = createFetchTransport({ baseUrl: otherUrl, agentId: 'text' });
    const error = await failureOf(transport.stream({ messages: [{ role: 'user', content: 'hi' }] }));
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).error).toMatchObject({ code: 'http', status: 200 });
    expect((error as TransportError).message).toMatch(/Expected an event stream .* got text\/html/);
  });

  it('a stream without a content type is decoded', async () => {
    const bare = createServer((_, res) => res.end('data: {"type":"start","runId":"r1"}\n\n'));
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    try {
      const transport = createFetchTransport({ baseUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`, agentId: 'text' });
      const events = [];
      for await (const batch of await transport.stream({ messages: [{ role: 'user', content: 'hi' }] })) events.push(...batch);
      expect(events).toEqual([{ kind: 'chunk', chunk: { type: 'start', runId: 'r1' } }]);
    } finally {
      await new Promise((resolve) => bare.close(resolve));
    }
  });

  it('a suspended-runs answer that is not JSON is refused as an answer of the wrong shape', async () => {
    const transport = createFetchTransport({ baseUrl: otherUrl, agentId: 'text' });
    const error = await failureOf(transport.listSuspended({ resourceId: 'u' }));
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).error).toEqual({
      code: 'http',
      message: 'The suspended-runs answer is not in the expected shape (root: Invalid input: expected object, received undefined).',
    });
  });

  it('sends the ids as memory, and no memory without them', async () => {
    const bodies: unknown[] = [];
    const transport = createFetchTransport({
      baseUrl: server.url,
      agentId: 'reply',
      fetch: (input, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return fetch(input, init);
      },
    });
    const messages = [{ role: 'user' as const, content: 'hi' }];
    for (const request of [{ messages }, { messages, threadId: 'memory-t', resourceId: 'memory-u' }]) {
      for await (const _ of await transport.stream(request));
    }
    expect(bodies).toEqual([{ messages }, { messages, memory: { thread: 'memory-t', resource: 'memory-u' } }]);
  });

  it('a server that is not there is a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const store = createRunStore({ transport: createFetchTransport({ baseUrl: `http://127.0.0.1:${port}`, agentId: 'text' }) });
    await store.send('hi');
    expect(store.getSnapshot().status).toBe('error');
    expect(store.getSnapshot().error?.code).toBe('network');
  });

  it('sends headers, and resume errors carry the server message', async () => {
    const seen: Headers[] = [];
    const transport = createFetchTransport({
      baseUrl: `${server.url}/`,
      agentId: 'text',
      headers: () => ({ authorization: 'Bearer t0ken' }),
      fetch: (input, init) => {
        seen.push(new Headers(init?.headers));
        return fetch(input, init);
      },
    });
    const error = await failureOf(transport.resume({ runId: 'no-such-run', toolCallId: 'call_1', resumeData: 'x' }));
    expect((error as TransportError).error).toEqual({ code: 'expired', status: 500, message: 'This question was already answered or has expired.' });
    expect(seen[0]?.get('authorization')).toBe('Bearer t0ken');
    expect(seen[0]?.get('content-type')).toBe('application/json');
  });

  it('idleTimeout: a server silent for longer ends the run in a timeout error and the run on the server stops', async () => {
    const transport = createFetchTransport({ baseUrl: server.url, agentId: 'slow', idleTimeout: 50 });
    const store = createRunStore({ transport, threadId: 'slow-idle', resourceId: 'u' });
    await store.send('talk slowly');
    expect(store.getSnapshot()).toMatchObject({
      status: 'error',
      error: { code: 'timeout', message: 'The server sent nothing for 50 ms (the idleTimeout limit); the stream was stopped.' },
    });
    await slowRunsEnded();
  });

  it('idleTimeout longer than the pauses between chunks lets the run finish', async () => {
    const transport = createFetchTransport({ baseUrl: server.url, agentId: 'slow', idleTimeout: 2_000 });
    const store = createRunStore({ transport, threadId: 'slow-patient', resourceId: 'u' });
    await store.send('talk slowly');
    expect(store.getSnapshot()).toMatchObject({ status: 'done', text: 'one two three four five six seven eight' });
  });

  it('maxFrameLength: a longer frame from the server ends the run in a too-large error', async () => {
    const transport = createFetchTransport({ baseUrl: server.url, agentId: 'reply', maxFrameLength: 64 });
    const store = createRunStore({ transport });
    await store.send('hi');
    expect(store.getSnapshot()).toMatchObject({
      status: 'error',
      error: { code: 'too-large', message: 'The server sent a frame longer than 64 characters (the maxFrameLength limit); the stream was stopped.' },
    });
  });

  it('one request at a time: a second send or an answer while streaming is refused', async () => {
    const store = slowStore(1);
    const done = store.send('talk slowly');
    await expect(store.send('again')).rejects.toThrow('A request is still running');
    store.restore([{ runId: 'r1', toolCalls: [{ toolCallId: 'c1', toolName: 'ask_user', suspendPayload: { question: 'Q?' } }] }]);
    const error = await failureOf(store.answer('r1:c1', 'x'));
    expect(error).toBeInstanceOf(AnswerError);
    expect((error as AnswerError).error.code).toBe('busy');
    store.cancel();
    await done;
    expect(store.getSnapshot().status).toBe('awaiting-input');
    await slowRunsEnded();
  });
});
