// A reply survives a dropped connection: against a real Mastra server (a durable agent, whose runs
// Mastra's `observe` route replays), behind a proxy that cuts the stream at random points, the
// store re-attaches to the run and ends with the transcript of a run that was never cut.
import { keepRunsOnDisconnect } from '@ask-user-kit/server';
import { ask, reply, startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, durableAgent } from '@ask-user-kit/testing/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunStore } from './createRunStore.ts';
import { CONNECTION_LOST_MESSAGE } from './errors.ts';
import { NOTHING_TO_REPLAY_MESSAGE } from './transports/observedChunks.ts';
import { reconnect } from './reconnect.ts';
import { startProxy, type ProxyRule } from './test/proxy.ts';
import { createFetchTransport } from './transports/fetchTransport.ts';
import type { RunSnapshot, RunStatus } from './types.ts';

const REPLY = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
const script = () => [
  ask.text('Name?'),
  reply(({ answers }) => `${answers[0]}: ${REPLY}`, { deltas: 60, delayMs: 1 }),
];

let server: MastraTestServer;
let proxy: Awaited<ReturnType<typeof startProxy>>;
// What the proxy does to each answer of a route, in order; past the list, it passes.
const planned: Record<string, ProxyRule[]> = {};

beforeAll(async () => {
  server = await startMastraTestServer({
    agents: {
      durable: durableAgent(askUserAgent('durable', script())),
      plain: askUserAgent('plain', script()),
    },
    middleware: [keepRunsOnDisconnect()],
  });
  proxy = await startProxy(server.url, (_method, path) => {
    const route = path.split('/').at(-1) ?? '';
    return planned[route]?.shift() ?? { kind: 'pass' };
  });
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

/** A small seeded generator (mulberry32): the same cuts on every run of the test. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let conversations = 0;

/**
 * A whole conversation (message, question, answer, reply), and every status the store went
 * through; `reconnect` given to the transport and the store unless `withReconnect` is false.
 */
async function converse(agentId: string, withReconnect = true) {
  conversations += 1;
  const given = withReconnect ? { reconnect } : {};
  const store = createRunStore({
    transport: createFetchTransport({ baseUrl: proxy.url, agentId, ...given }),
    resourceId: 'u-1',
    threadId: `t-${conversations}`,
    ...given,
  });
  const statuses: RunStatus[] = [];
  store.subscribe(() => statuses.push(store.getSnapshot().status));
  await store.send('Hi');
  const [prompt] = store.getSnapshot().openPrompts;
  if (prompt) await store.submit(prompt.key, 'Ada');
  return { snapshot: store.getSnapshot(), statuses };
}

/** The transcript without the ids a server makes up. */
const shape = (snapshot: RunSnapshot) => ({
  status: snapshot.status,
  error: snapshot.error,
  transcript: snapshot.transcript.map((entry) =>
    entry.type === 'prompt'
      ? { type: entry.type, state: entry.state, answer: entry.answer }
      : { type: entry.type, text: entry.text },
  ),
});

describe('a reply survives a dropped connection', () => {
  it('cut at random points, in the stream, the resume and the reconnect itself: the transcript of an uncut run', async () => {
    const uncut = shape((await converse('durable')).snapshot);
    expect(uncut.transcript.at(-1)).toEqual({ type: 'assistant', text: `Ada: ${REPLY}` });
    const next = random(29);
    let reconnected = 0;
    for (let trial = 0; trial < 10; trial += 1) {
      // Every answer is cut somewhere in its first 6 KB (a stream is about 2 KB, a resume about
      // 12 KB): some cut before the first chunk, some mid-frame, a few reconnects cut again.
      const cut = (): ProxyRule => ({ kind: 'cut', afterBytes: Math.floor(next() * 6_000) });
      planned.stream = [cut()];
      planned['resume-stream'] = [cut()];
      planned.observe = next() < 0.5 ? [cut()] : [];
      const { snapshot, statuses } = await converse('durable');
      expect(shape(snapshot), `trial ${trial}`).toEqual(uncut);
      if (statuses.includes('reconnecting')) reconnected += 1;
    }
    expect(reconnected).toBeGreaterThanOrEqual(8);
  }, 60_000);

  it('a plain agent has nothing to replay: the break is said as before, after the reconnect attempts', async () => {
    planned['resume-stream'] = [{ kind: 'cut', afterBytes: 3_000 }];
    const { snapshot, statuses } = await converse('plain');
    expect(statuses).toContain('reconnecting');
    expect(snapshot.status).toBe('error');
    expect(snapshot.error).toEqual({ code: 'connection-lost', message: CONNECTION_LOST_MESSAGE });
  }, 30_000);

  it("without reconnect, a durable agent's break is said at once: no re-attaching", async () => {
    planned['resume-stream'] = [{ kind: 'cut', afterBytes: 3_000 }];
    const { snapshot, statuses } = await converse('durable', false);
    expect(statuses).not.toContain('reconnecting');
    expect(snapshot.status).toBe('error');
    expect(snapshot.error).toEqual({ code: 'connection-lost', message: CONNECTION_LOST_MESSAGE });
  }, 30_000);

  it('a second re-attach to a run with nothing new starts past every event already read: it says so, not waits', async () => {
    // A run waiting on its question: the replay of its events ends at the suspension, then nothing
    // comes. The events past its last chunk (`suspended`) count too: a replay that started with them
    // again would look like a run still going, and wait out the silence (forever, without idleTimeout).
    const store = createRunStore({
      transport: createFetchTransport({ baseUrl: server.url, agentId: 'durable' }),
      resourceId: 'u-1',
      threadId: 't-replayed-twice',
    });
    await store.send('Hi');
    const { runId } = store.getSnapshot();
    expect(store.getSnapshot().status).toBe('awaiting-input');
    const transport = createFetchTransport({ baseUrl: server.url, agentId: 'durable', reconnect });
    let position = 0;
    for await (const events of await transport.observe!({ runId: runId!, position }))
      position += events.length;
    expect(position).toBeGreaterThan(0);

    const signal = AbortSignal.timeout(6_000);
    const again = async () => {
      for await (const events of await transport.observe!({ runId: runId!, position, signal }))
        position += events.length;
    };
    await expect(again()).rejects.toMatchObject({ message: NOTHING_TO_REPLAY_MESSAGE });
    expect(signal.aborted).toBe(false);
  }, 20_000);
});
