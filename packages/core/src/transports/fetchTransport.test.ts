import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ask, reply, startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent } from '@ask-user-kit/testing/demo';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRunStore } from '../createRunStore.ts';
import {
  CONNECTION_LOST_MESSAGE,
  REPLY_LOST_MESSAGE,
  RequestError,
  responseTimeoutMessage,
  threadWaitingMessage,
  TransportError,
} from '../errors.ts';
import { listSuspendedRuns } from '../listSuspendedRuns.ts';
import { startProxy, type ProxyRule } from '../test/proxy.ts';
import { transportSuite } from '../test/transportSuite.ts';
import { promptKey } from '../prompt.ts';
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
        slow: askUserAgent('slow', [
          reply('one two three four five six seven eight', { deltas: 8, delayMs: 200 }),
        ]),
        text: askUserAgent('text', [ask.text('Name?'), reply('ok')]),
        // Replies at once: its runs do not stay suspended.
        reply: askUserAgent('reply', [reply('ok')]),
      },
    });
    // Not Mastra: what a dev server's SPA fallback does with a wrong URL.
    other = createServer((_, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>app</p>'),
    );
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => other?.close(resolve));
  });

  // A cancelled run goes on a moment on the server; closing the storage under it logs errors.
  const slowRunsEnded = () =>
    vi.waitFor(() => expect(server.mastra.getAgent('slow').listActiveThreadRuns()).toEqual([]));
  const slowStore = (n: number) =>
    createRunStore({
      transport: createFetchTransport({ baseUrl: server.url, agentId: 'slow' }),
      threadId: `slow-${n}`,
      resourceId: 'u',
    });
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable('expected a failure'),
      (e: unknown) => e,
    );

  it('an unknown agent is an http error with the server message and status', async () => {
    const store = createRunStore({
      transport: createFetchTransport({ baseUrl: server.url, agentId: 'nobody' }),
    });
    await store.send('hi');
    expect(store.getSnapshot()).toMatchObject({
      status: 'error',
      error: { code: 'http', status: 404, message: 'Agent with id nobody not found' },
    });
  });

  it('a page that is not an event stream is refused with a clear message', async () => {
    const transport = createFetchTransport({ baseUrl: otherUrl, agentId: 'text' });
    const error = await failureOf(transport.stream({ messages: [{ role: 'user', content: 'hi' }] }));
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).error).toMatchObject({ code: 'http', status: 200 });
    expect((error as TransportError).message).toBe(
      'The server answered HTML, not an event stream: is baseUrl the Mastra server?',
    );
  });

  it('a stream without a content type is decoded', async () => {
    const bare = createServer((_, res) => res.end('data: {"type":"start","runId":"r1"}\n\n'));
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    try {
      const transport = createFetchTransport({
        baseUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
        agentId: 'text',
      });
      const events = [];
      for await (const batch of await transport.stream({ messages: [{ role: 'user', content: 'hi' }] }))
        events.push(...batch);
      expect(events).toEqual([{ kind: 'chunk', chunk: { type: 'start', runId: 'r1' } }]);
    } finally {
      await new Promise((resolve) => bare.close(resolve));
    }
  });

  it('a suspended-runs answer in HTML says so', async () => {
    const transport = createFetchTransport({ baseUrl: otherUrl, agentId: 'text' });
    const error = await failureOf(transport.listSuspended({ resourceId: 'u' }));
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).error).toEqual({
      code: 'http',
      status: 200,
      message: 'The server answered HTML, not JSON: is baseUrl the Mastra server?',
    });
  });

  it('sends the ids as memory, and no memory without them; a stream closes on a suspension', async () => {
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
    expect(bodies).toEqual([
      { messages, closeOnSuspend: true },
      { messages, memory: { thread: 'memory-t', resource: 'memory-u' }, closeOnSuspend: true },
    ]);
  });

  it('a server that is not there is a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const store = createRunStore({
      transport: createFetchTransport({ baseUrl: `http://127.0.0.1:${port}`, agentId: 'text' }),
    });
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
    const error = await failureOf(
      transport.resume({ runId: 'no-such-run', toolCallId: 'call_1', resumeData: 'x' }),
    );
    expect((error as TransportError).error).toEqual({
      code: 'expired',
      status: 500,
      message: 'This question was already answered or has expired.',
    });
    expect(seen[0]?.get('authorization')).toBe('Bearer t0ken');
    expect(seen[0]?.get('content-type')).toBe('application/json');
  });

  it('idleTimeout: a server silent for longer ends the run in a timeout error and the run on the server stops', async () => {
    const transport = createFetchTransport({ baseUrl: server.url, agentId: 'slow', idleTimeout: 50 });
    const store = createRunStore({ transport, threadId: 'slow-idle', resourceId: 'u' });
    await store.send('talk slowly');
    expect(store.getSnapshot()).toMatchObject({
      status: 'error',
      error: {
        code: 'timeout',
        message: 'The server sent nothing for 50 ms (the idleTimeout limit); the stream was stopped.',
      },
    });
    await slowRunsEnded();
  });

  it('idleTimeout longer than the pauses between chunks lets the run finish', async () => {
    const transport = createFetchTransport({ baseUrl: server.url, agentId: 'slow', idleTimeout: 2_000 });
    const store = createRunStore({ transport, threadId: 'slow-patient', resourceId: 'u' });
    await store.send('talk slowly');
    expect(store.getSnapshot()).toMatchObject({
      status: 'done',
      text: 'one two three four five six seven eight',
    });
  });

  it('maxFrameLength: a longer frame from the server ends the run in a too-large error', async () => {
    const transport = createFetchTransport({ baseUrl: server.url, agentId: 'reply', maxFrameLength: 64 });
    const store = createRunStore({ transport });
    await store.send('hi');
    expect(store.getSnapshot()).toMatchObject({
      status: 'error',
      error: {
        code: 'too-large',
        message:
          'The server sent a frame longer than 64 characters (the maxFrameLength limit); the stream was stopped.',
      },
    });
  });

  it('one request at a time: a second send or an answer while streaming is refused', async () => {
    const store = slowStore(1);
    const done = store.send('talk slowly');
    const busy = await failureOf(store.send('again'));
    expect(busy).toBeInstanceOf(RequestError);
    expect(busy).toMatchObject({ code: 'busy', message: 'A request is still running.' });
    store.restore([
      {
        runId: 'r1',
        toolCalls: [{ toolCallId: 'c1', toolName: 'ask_user', suspendPayload: { question: 'Q?' } }],
      },
    ]);
    const error = await failureOf(store.submit(promptKey('r1', 'c1'), 'x'));
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).error.code).toBe('busy');
    store.cancel();
    await done;
    expect(store.getSnapshot().status).toBe('awaiting-input');
    await slowRunsEnded();
  });
});

describe('createFetchTransport with a fault between it and a real Mastra server', () => {
  let server: MastraTestServer;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const pass: ProxyRule = { kind: 'pass' };
  let resumeRule: ProxyRule = pass;
  let conversation = 0;
  beforeAll(async () => {
    server = await startMastraTestServer({
      agents: {
        text: askUserAgent('text', [ask.text('Name?'), reply(({ answers }) => `Hello, ${answers[0]}!`)]),
      },
    });
    proxy = await startProxy(server.url, (method, path) =>
      path.endsWith('/resume-stream') ? resumeRule : pass,
    );
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable('expected a failure'),
      (e: unknown) => e as RequestError,
    );
  /** A conversation through the proxy, asked its question. */
  async function asked(baseUrl = proxy.url) {
    resumeRule = pass;
    conversation += 1;
    const ids = { threadId: `fault-thread-${conversation}`, resourceId: `fault-user-${conversation}` };
    const transport = createFetchTransport({ baseUrl, agentId: 'text' });
    const store = createRunStore({ transport, ...ids });
    await store.send('Hi');
    const [prompt] = store.getSnapshot().openPrompts;
    return { store, transport, ids, key: prompt!.key, prompt: prompt! };
  }
  const entryOf = (store: ReturnType<typeof createRunStore>, key: string) =>
    store.getSnapshot().transcript.find((e) => e.type === 'prompt' && e.id === key);

  it('HTTP 409 from the exactly-once guard: answered elsewhere, the run not in error', async () => {
    const { store, key, prompt } = await asked();
    resumeRule = {
      kind: 'answer',
      status: 409,
      body: {
        error: 'This question was already answered.',
        code: 'already-answered',
        runId: prompt.runId,
        toolCallId: prompt.toolCallId,
      },
    };
    const error = await failureOf(store.submit(key, 'Ada'));
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({
      code: 'answered-elsewhere',
      promptKey: key,
      error: { code: 'answered-elsewhere', status: 409 },
    });
    expect(entryOf(store, key)).toMatchObject({ state: 'answered-elsewhere' });
    expect(store.getSnapshot()).toMatchObject({ status: 'idle', error: undefined, openPrompts: [] });
    // Submitting it again is refused without a request.
    expect(await failureOf(store.submit(key, 'Ada'))).toMatchObject({ code: 'answered-elsewhere' });
  });

  it("HTTP 410 from the answer guard's expiry: the prompt expired, the run not in error", async () => {
    const { store, key, prompt } = await asked();
    resumeRule = {
      kind: 'answer',
      status: 410,
      body: {
        error: 'This question has expired.',
        code: 'expired',
        runId: prompt.runId,
        toolCallId: prompt.toolCallId,
        expiresAt: new Date().toISOString(),
      },
    };
    const error = await failureOf(store.submit(key, 'Ada'));
    expect(error).toMatchObject({ code: 'expired', promptKey: key, error: { code: 'expired', status: 410 } });
    expect(entryOf(store, key)).toMatchObject({ state: 'expired' });
    expect(store.getSnapshot()).toMatchObject({ status: 'idle', error: undefined, openPrompts: [] });
  });

  it('a refused resume is expired when the list no longer has the call, whatever words the server used', async () => {
    const { store, key, ids } = await asked();
    // Another client answers first, directly.
    const other = createRunStore({
      transport: createFetchTransport({ baseUrl: server.url, agentId: 'text' }),
      ...ids,
    });
    other.restore(
      (await listSuspendedRuns(createFetchTransport({ baseUrl: server.url, agentId: 'text' }), ids)).runs,
    );
    await other.submit(key, 'Bo');
    // A server.onError that hides Mastra's English.
    resumeRule = { kind: 'reword-errors', body: { error: 'Internal Server Error' } };
    const error = await failureOf(store.submit(key, 'Ada'));
    expect(error.error).toEqual({
      code: 'expired',
      status: 500,
      message: 'This question was already answered or has expired.',
    });
    expect(entryOf(store, key)).toMatchObject({ state: 'expired' });
  });

  it('a refused resume whose call is still listed is an http error, and retry() gets it through', async () => {
    const { store, key } = await asked();
    resumeRule = { kind: 'answer', status: 503, body: { error: 'Service Unavailable' } };
    const error = await failureOf(store.submit(key, '  Ada  '));
    expect(error.error).toEqual({ code: 'http', status: 503, message: 'Service Unavailable' });
    expect(entryOf(store, key)).toMatchObject({ state: 'failed', answer: 'Ada', error: error.error });
    expect(store.getSnapshot().status).toBe('awaiting-input');
    resumeRule = pass;
    await store.retry(key);
    expect(store.getSnapshot()).toMatchObject({ status: 'done', text: 'Hello, Ada!' });
  });

  it('a server that dies while the reply streams: the connection was lost, not "could not reach"', async () => {
    const { store, key } = await asked();
    resumeRule = { kind: 'die-after-headers' };
    await store.submit(key, 'Ada');
    expect(store.getSnapshot()).toMatchObject({
      status: 'error',
      error: { code: 'connection-lost', message: 'The connection was lost while the reply was streaming.' },
    });
  });

  it('restore re-opens an answer whose reply broke off, if a list requested after the break still has it', async () => {
    const { store, transport, key, ids } = await asked();
    // Requested before the answer: the server had the question then, whatever happens next.
    const stale = await listSuspendedRuns(transport, ids);
    resumeRule = { kind: 'die-after-headers' };
    await store.submit(key, 'Ada');
    expect(entryOf(store, key)).toMatchObject({ state: 'answered' });

    store.restore(stale.runs);
    expect(entryOf(store, key)).toMatchObject({ state: 'answered' });
    expect(store.getSnapshot().openPrompts).toEqual([]);

    resumeRule = pass;
    const fresh = await listSuspendedRuns(transport, ids);
    store.restore(fresh.runs);
    expect(entryOf(store, key)).toMatchObject({
      state: 'failed',
      answer: 'Ada',
      error: { code: 'connection-lost' },
    });
    expect(store.getSnapshot()).toMatchObject({ status: 'awaiting-input', openPrompts: [{ key }] });
    await store.retry(key);
    expect(store.getSnapshot()).toMatchObject({ status: 'done', text: 'Hello, Ada!' });
  });

  it('a reply lost after the 200, its run ended on the server: an error says so, and send works again', async () => {
    const { store, transport, key, ids } = await asked();
    resumeRule = { kind: 'lose-reply', headers: true };
    await store.submit(key, 'Ada');
    expect(store.getSnapshot().error?.message).toBe(CONNECTION_LOST_MESSAGE);
    // Mastra deleted the finished run: the list no longer has it.
    const { runs } = await listSuspendedRuns(transport, ids);
    expect(runs).toEqual([]);
    store.restore(runs);
    expect(entryOf(store, key)).toMatchObject({ state: 'answered', answer: 'Ada' });
    expect(store.getSnapshot()).toMatchObject({
      status: 'error',
      openPrompts: [],
      error: { code: 'connection-lost', message: REPLY_LOST_MESSAGE },
    });
    resumeRule = pass;
    await store.send('Hi again');
    expect(store.getSnapshot()).toMatchObject({ status: 'awaiting-input', error: undefined });
    // The conversation moved on: a later list finds nothing lost.
    store.restore((await listSuspendedRuns(transport, ids)).runs);
    expect(store.getSnapshot()).toMatchObject({ status: 'awaiting-input', error: undefined });
  });

  it('a reply lost before any answer, its run ended: retry is refused as expired and the run says the reply was lost', async () => {
    const { store, key } = await asked();
    resumeRule = { kind: 'lose-reply', headers: false };
    const failed = await failureOf(store.submit(key, 'Ada'));
    expect(failed.error).toMatchObject({ code: 'network' });
    expect(entryOf(store, key)).toMatchObject({ state: 'failed', answer: 'Ada' });
    resumeRule = pass;
    const refused = await failureOf(store.retry(key));
    expect(refused.error).toMatchObject({ code: 'expired' });
    expect(entryOf(store, key)).toMatchObject({ state: 'expired' });
    expect(store.getSnapshot()).toMatchObject({
      status: 'error',
      error: { code: 'connection-lost', message: REPLY_LOST_MESSAGE },
    });
  });

  it('an answer the server took and finished is not re-opened by a list requested before it', async () => {
    const { store, transport, key, ids } = await asked();
    const stale = await listSuspendedRuns(transport, ids);
    await store.submit(key, 'Ada');
    store.restore(stale.runs);
    expect(entryOf(store, key)).toMatchObject({ state: 'answered' });
    expect(store.getSnapshot()).toMatchObject({ status: 'done', openPrompts: [] });
  });

  it('a resource id alone: the store makes up a thread, and listing by the resource finds the run', async () => {
    const transport = createFetchTransport({ baseUrl: server.url, agentId: 'text' });
    const store = createRunStore({ transport, resourceId: 'only-a-resource' });
    await store.send('Hi');
    const { runs } = await listSuspendedRuns(transport, { resourceId: 'only-a-resource' });
    expect(runs.map((run) => run.runId)).toEqual([store.getSnapshot().runId]);
    expect(runs[0]?.threadId).toMatch(/^ask-user-[0-9a-f]{24}$/);
  });

  it('a thread id alone is sent as it is: a server without auth to set the resource says so', async () => {
    const store = createRunStore({
      transport: createFetchTransport({ baseUrl: server.url, agentId: 'text' }),
      threadId: 'only-a-thread',
    });
    await store.send('Hi');
    expect(store.getSnapshot()).toMatchObject({ status: 'error', error: { code: 'http', status: 400 } });
    expect(store.getSnapshot().error?.message).toMatch(/^A resource ID is required when using memory/);
  });
});

describe('createFetchTransport on a thread shared by two agents', () => {
  let server: MastraTestServer;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let conversation = 0;
  beforeAll(async () => {
    // No thread guard: Mastra makes the concierge's stream wait for the planner's question.
    server = await startMastraTestServer({
      agents: {
        planner: askUserAgent('planner', [ask.text('Where to?'), reply('ok')]),
        concierge: askUserAgent('concierge', [reply('Booked.')]),
        slow: askUserAgent('slow', [
          reply('one two three four five six seven eight', { deltas: 8, delayMs: 200 }),
        ]),
      },
      memory: true,
    });
    // What @ask-user-kit/server's threadGuard answers there instead.
    proxy = await startProxy(server.url, (method, path) =>
      path.endsWith('/concierge/stream')
        ? {
            kind: 'answer',
            status: 409,
            body: {
              error: 'Thread "t" is waiting for an answer to agent "planner"\'s question, …',
              code: 'thread-waiting',
              threadId: 't',
              waitingAgentId: 'planner',
              runId: 'r',
              toolCallId: 'c',
            },
          }
        : { kind: 'pass' },
    );
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  /** A thread whose planner run waits for its question, and a concierge store on the same thread. */
  async function sharedThread(concierge: Parameters<typeof createFetchTransport>[0]) {
    conversation += 1;
    const ids = { threadId: `shared-${conversation}`, resourceId: 'shared-user' };
    const planner = createRunStore({
      transport: createFetchTransport({ baseUrl: server.url, agentId: 'planner' }),
      ...ids,
    });
    await planner.send('Plan a trip');
    expect(planner.getSnapshot().status).toBe('awaiting-input');
    return createRunStore({ transport: createFetchTransport(concierge), ...ids });
  }

  it('responseTimeout: a stream the server never starts answering ends in a timeout error that says why, the message kept', async () => {
    const store = await sharedThread({ baseUrl: server.url, agentId: 'concierge', responseTimeout: 300 });
    await store.send('Book the trip');
    expect(store.getSnapshot()).toMatchObject({
      status: 'error',
      error: { code: 'timeout', message: responseTimeoutMessage(300) },
    });
    expect(store.getSnapshot().error?.message).toContain('did not start answering');
    expect(store.getSnapshot().transcript).toContainEqual(
      expect.objectContaining({ type: 'user', text: 'Book the trip' }),
    );
  });

  it('responseTimeout counts until the answer starts, not while it streams', async () => {
    const store = createRunStore({
      transport: createFetchTransport({ baseUrl: server.url, agentId: 'slow', responseTimeout: 1_000 }),
      threadId: 'slow-after-headers',
      resourceId: 'shared-user',
    });
    // The reply takes 1.6 s, longer than the timeout, once it has started.
    await store.send('talk slowly');
    expect(store.getSnapshot()).toMatchObject({
      status: 'done',
      text: 'one two three four five six seven eight',
    });
  });

  it("the thread guard's 409 is an http error naming the waiting agent and the fix, not answered-elsewhere", async () => {
    const store = await sharedThread({ baseUrl: proxy.url, agentId: 'concierge' });
    await store.send('Book the trip');
    expect(store.getSnapshot()).toMatchObject({
      status: 'error',
      error: { code: 'http', status: 409, message: threadWaitingMessage('planner') },
    });
    expect(threadWaitingMessage('planner')).toBe(
      'This conversation is waiting for an answer to agent "planner"\'s question: answer it there first, or start a new conversation.',
    );
    expect(store.getSnapshot().transcript).toContainEqual(
      expect.objectContaining({ type: 'user', text: 'Book the trip' }),
    );
  });
});
