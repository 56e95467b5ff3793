import { reply, startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent } from '@ask-user-kit/testing/demo';
import { createDurableAgent } from '@mastra/core/agent/durable';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepRunsOnDisconnect } from './keepRunsOnDisconnect.ts';
import { postgresPubSub } from './postgres.ts';
import { EVENTS_TABLE } from './eventsTable.ts';
import type { PostgresPubSub } from './postgresPubSub.ts';

// A PostgreSQL to test against: `bash scripts/scale.sh --ci` (pnpm check:scale) starts one and sets
// this; without it the tests are skipped, and say why.
const serverUrl = process.env.ASK_POSTGRES_URL;
if (!serverUrl) {
  console.log(
    'postgresPubSub tests skipped: ASK_POSTGRES_URL is not set. `pnpm check:scale` starts a ' +
      'PostgreSQL and runs them.',
  );
}

const database = `ask_user_kit_events_test_${process.pid}_${Date.now()}`;
const databaseUrl = () => {
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  return url.toString();
};

const REPLY = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
// Slow enough that the reply is still streaming when the other instance is asked for it.
const script = () => [reply(REPLY, { deltas: 60, delayMs: 15 })];

interface RunEvent {
  type: string;
  index: number;
  data?: { type?: string; payload?: { text?: string } };
}

const post = (url: string, body: unknown, signal?: AbortSignal) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });

/** Reads an SSE answer to its end, or until `enough` says so (then the connection is dropped). */
async function readEvents<T>(res: Response, enough: (events: T[]) => boolean = () => false): Promise<T[]> {
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: T[] = [];
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return events;
    text += decoder.decode(value, { stream: true });
    const frames = text.split('\n\n');
    text = frames.pop()!;
    for (const frame of frames) if (frame.startsWith('data: {')) events.push(JSON.parse(frame.slice(6)) as T);
    if (enough(events)) {
      await reader.cancel();
      return events;
    }
  }
}

const textOf = (events: RunEvent[]) =>
  events
    .filter((event) => event.type === 'chunk' && event.data?.type === 'text-delta')
    .map((event) => event.data!.payload!.text)
    .join('');

const pubsubs: PostgresPubSub[] = [];
const servers: MastraTestServer[] = [];

/** A server instance of its own (its own Mastra, its own pubsub) on the shared database. */
async function startInstance(): Promise<MastraTestServer> {
  const pubsub = postgresPubSub({ connectionString: databaseUrl() });
  pubsubs.push(pubsub);
  const planner = createDurableAgent({ agent: askUserAgent('planner', script()), pubsub, cache: false });
  const server = await startMastraTestServer({ agents: { planner }, middleware: [keepRunsOnDisconnect()] });
  servers.push(server);
  return server;
}

describe.skipIf(!serverUrl)('postgresPubSub: two instances share a run', { timeout: 60_000 }, () => {
  let a: MastraTestServer;
  let b: MastraTestServer;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    [a, b] = await Promise.all([startInstance(), startInstance()]);
  });
  afterAll(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    await Promise.all(pubsubs.splice(0).map((pubsub) => pubsub.close()));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('a stream started on one instance, its connection dropped, is read on through the other from an offset', async () => {
    const runId = `run-${Date.now()}`;
    const started = await post(`${a.url}/api/agents/planner/stream`, {
      messages: [{ role: 'user', content: 'Plan a trip' }],
      runId,
    });
    // The client has a few words, then its connection breaks.
    const first = await readEvents<{ type: string }>(
      started,
      (chunks) => chunks.filter((chunk) => chunk.type === 'text-delta').length >= 5,
    );
    expect(first.at(-1)?.type).toBe('text-delta');

    const offset = 6;
    // Without a shared pubsub the other instance holds nothing of the run and sends nothing.
    const observed = await readEvents<RunEvent>(
      await post(`${b.url}/api/agents/planner/observe`, { runId, offset }, AbortSignal.timeout(20_000)),
    );
    expect(observed.at(-1)?.type).toBe('finish');
    // The whole run as both instances hold it, once it has ended.
    const whole = async (server: MastraTestServer) =>
      readEvents<RunEvent>(await post(`${server.url}/api/agents/planner/observe`, { runId, offset: 0 }));
    const wholeOnA = await whole(a);
    const wholeOnB = await whole(b);
    expect(wholeOnB).toEqual(wholeOnA);
    expect(wholeOnB.map((event) => event.index)).toEqual(wholeOnB.map((_, position) => position));
    expect(textOf(wholeOnB)).toBe(REPLY);
    // Exactly what came after the offset: nothing missing, nothing twice, in order.
    expect(observed).toEqual(wholeOnB.slice(offset));
  });

  it('keeps a topic until it is cleared, and a subscriber from an offset gets the rest live', async () => {
    const [publisher, reader] = pubsubs as [PostgresPubSub, PostgresPubSub];
    const topic = `test.${Date.now()}`;
    const publishOne = (n: number) => publisher.publish(topic, { type: 'chunk', runId: 'r', data: { n } });
    for (let n = 0; n < 3; n += 1) await publishOne(n);
    const got: number[] = [];
    const finished = new Promise<void>((resolve) => {
      void reader.subscribeFromOffset(topic, 1, (event) => {
        got.push((event.data as { n: number }).n);
        if (got.length === 6) resolve();
      });
    });
    await Promise.all([3, 4, 5, 6].map(async (n) => publishOne(n)));
    await finished;
    expect(got).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await reader.getHistory(topic, 5)).map((event) => event.index)).toEqual([5, 6]);

    await publisher.clearTopic(topic);
    expect(await reader.getHistory(topic)).toEqual([]);
    const admin = new pg.Client({ connectionString: databaseUrl() });
    await admin.connect();
    const { rows } = await admin.query(`SELECT count(*)::int AS n FROM ${EVENTS_TABLE} WHERE topic = $1`, [
      topic,
    ]);
    await admin.end();
    expect(rows[0].n).toBe(0);
  });
});
