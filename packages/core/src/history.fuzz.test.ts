// Property-based fuzzing of the history reader: memory messages recorded live from a real Mastra
// server (a finished trip, one still waiting, labels holding ", ", a malformed question), with
// hostile messages mixed in: damaged copies of the real ones (a field missing, null or of another
// type; junk parts; tool invocations without their ids) and junk of any shape. A few seconds in
// all: a fixed seed (FUZZ_SEED=<n> replays another one) and a fixed number of runs.
import { ask, reply, startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunStore } from './createRunStore.ts';
import { TransportError } from './errors.ts';
import { historyEntries, loadThreadHistory } from './history.ts';
import { createFetchTransport } from './transports/fetchTransport.ts';
import type { AnswerValue } from './prompt.ts';
import type { TranscriptEntry } from './types.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_204);
const settings = (numRuns: number) => ({ seed: SEED, numRuns });

type Message = Record<string, unknown> & { id: string; content: Record<string, unknown> };

let server: MastraTestServer;
/** Each recorded thread's messages, as the memory route gave them. */
const threads: Message[][] = [];

beforeAll(async () => {
  server = await startMastraTestServer({
    agents: {
      planner: askUserAgent('planner', tripPlannerScript),
      cities: askUserAgent('cities', [
        ask.multiple('Which cities?', ['Paris, France', 'Rome', 'Oslo']),
        reply('Noted.'),
      ]),
      malformed: askUserAgent('malformed', [
        ask.raw({ question: 'Pick one', options: [{ label: 'Same' }, { label: 'Same' }] }),
        reply('Thanks.'),
      ]),
    },
    memory: true,
  });
  const record = async (agentId: string, thread: string, answers: AnswerValue[]) => {
    const store = createRunStore({
      transport: createFetchTransport({ baseUrl: server.url, agentId }),
      threadId: thread,
      resourceId: thread,
    });
    await store.send('Hello');
    for (const answer of answers) await store.submit(store.getSnapshot().openPrompts[0]!.key, answer);
    const url = `${server.url}/api/memory/threads/${thread}/messages?agentId=${agentId}&resourceId=${thread}`;
    threads.push(((await (await fetch(url)).json()) as { messages: Message[] }).messages);
  };
  await record('planner', 'finished', ['Lisbon', 'Train', ['Museums', 'Food tours']]);
  await record('planner', 'waiting', ['Oslo']);
  await record('cities', 'cities', [['Paris, France', 'Rome']]);
  await record('malformed', 'malformed', []);
});
afterAll(() => server?.close());

// ---- Generators ----

/** Values of the wrong kind for a field. */
const junk = fc.oneof(
  fc.constantFrom(null, undefined, '', 'text', 0, 7, true, [], {}, [null], ['text'], { type: 5 }),
  fc.anything({ maxDepth: 2 }),
);

/** A part that is not one: junk, or the shape of one with fields missing or wrong. */
const junkPart = fc.oneof(
  junk,
  junk.map((text) => ({ type: 'text', text })),
  junk.map((toolInvocation) => ({ type: 'tool-invocation', toolInvocation })),
  fc
    .record({ state: junk, toolCallId: junk, toolName: junk, args: junk, result: junk }, { requiredKeys: [] })
    .map((toolInvocation) => ({ type: 'tool-invocation', toolInvocation })),
);

const realMessage = fc.constant(null).chain(() => fc.constantFrom(...threads.flat()));

/** A path of fields in a message, to damage. */
const MUTATIONS = [
  'content',
  'parts',
  'part',
  'insert-part',
  'invocation-field',
  'metadata',
  'suspended-tools',
  'suspended-entry',
  'role',
  'id',
] as const;

/** A real message, damaged one way. */
const damaged = fc
  .tuple(
    realMessage,
    fc.constantFrom(...MUTATIONS),
    junk,
    junkPart,
    fc.nat(),
    fc.constantFrom('state', 'toolCallId', 'toolName', 'args', 'result'),
  )
  .map(([original, mutation, value, part, index, field]): unknown => {
    const message = structuredClone(original);
    const content = message.content;
    const parts = Array.isArray(content.parts) ? (content.parts as unknown[]) : [];
    const metadata = (content.metadata ?? {}) as Record<string, unknown>;
    switch (mutation) {
      case 'content':
        return { ...message, content: value };
      case 'parts':
        return { ...message, content: { ...content, parts: value } };
      case 'part':
        if (parts.length) parts[index % parts.length] = part;
        return message;
      case 'insert-part':
        parts.splice(index % (parts.length + 1), 0, part);
        return message;
      case 'invocation-field': {
        const invocation = parts
          .map((entry) => (entry as { toolInvocation?: Record<string, unknown> }).toolInvocation)
          .find(Boolean);
        if (!invocation) return { ...message, content: { ...content, parts: [part] } };
        if (value === undefined) delete invocation[field];
        else invocation[field] = value;
        return message;
      }
      case 'metadata':
        return { ...message, content: { ...content, metadata: value } };
      case 'suspended-tools':
        return { ...message, content: { ...content, metadata: { ...metadata, suspendedTools: value } } };
      case 'suspended-entry': {
        const tools = (metadata.suspendedTools ?? {}) as Record<string, unknown>;
        const [first = 'call'] = Object.keys(tools);
        tools[first] = value;
        return { ...message, content: { ...content, metadata: { ...metadata, suspendedTools: tools } } };
      }
      case 'role':
        return { ...message, role: value };
      case 'id':
        return { ...message, id: value };
    }
  });

/** A hostile message under an id of its own (or none), so that it meets no real one. */
const hostile = fc
  .tuple(fc.oneof(damaged, junk), fc.nat())
  .map(([message, n]) =>
    typeof (message as { id?: unknown })?.id === 'string'
      ? { ...(message as object), id: `hostile-${n}` }
      : message,
  );

/** A thread, and where hostile messages go into it (an index of the real messages). */
const mixedThread = (messages: fc.Arbitrary<unknown>) =>
  fc.tuple(
    fc.constant(null).chain(() => fc.constantFrom(...threads)),
    fc.array(fc.tuple(fc.nat(), messages), { maxLength: 8 }),
  );

function mix(real: readonly unknown[], inserts: readonly [number, unknown][]): unknown[] {
  const mixed = [...real];
  for (const [at, message] of inserts) mixed.splice(at % (mixed.length + 1), 0, message);
  return mixed;
}

const KINDS = new Set(['user', 'assistant', 'prompt']);
const isWellFormed = (entry: TranscriptEntry) =>
  KINDS.has(entry.type) &&
  typeof entry.id === 'string' &&
  (entry.type === 'prompt' ? entry.prompt.key === entry.id : typeof entry.text === 'string');

// ---- Properties ----

describe('historyEntries over real messages with hostile ones mixed in', () => {
  it('never throws, and gives well-formed entries with distinct ids', () => {
    fc.assert(
      fc.property(mixedThread(hostile), ([real, inserts]) => {
        const entries = historyEntries(mix(real, inserts));
        expect(entries.every(isWellFormed)).toBe(true);
        expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
      }),
      settings(1_000),
    );
  });

  it('leaves the real messages’ entries as they were, when the hostile ones give nothing', () => {
    const unreadable = hostile.filter((message) => historyEntries([message]).length === 0);
    fc.assert(
      fc.property(mixedThread(unreadable), ([real, inserts]) => {
        expect(historyEntries(mix(real, inserts))).toEqual(historyEntries(real));
      }),
      settings(1_000),
    );
  });

  it('counts a message listed again, damaged or not, once, as it first came', () => {
    fc.assert(
      fc.property(mixedThread(fc.oneof(damaged, realMessage)), ([real, inserts]) => {
        // The copies come after the real messages, each of which keeps its place and content.
        const ids = new Set(real.map((message) => message.id));
        const again = inserts
          .map(([, message]) => message)
          .filter((message) => ids.has((message as { id?: unknown } | null)?.id as string));
        expect(historyEntries([...real, ...again])).toEqual(historyEntries(real));
      }),
      settings(500),
    );
  });
});

describe('loadThreadHistory over hostile answers', () => {
  /** A fetch answering every request with `answer` (the memory routes as a broken server serves them). */
  const serving =
    (answer: () => Response): typeof fetch =>
    async () =>
      answer();

  const answers = () =>
    fc.oneof(
      mixedThread(hostile).map(
        ([real, inserts]) =>
          () =>
            Response.json({ messages: mix(real, inserts), hasMore: false }),
      ),
      fc.tuple(fc.constantFrom(200, 201, 400, 403, 404, 500, 502), junk).map(
        ([status, body]) =>
          () =>
            Response.json(body === undefined ? null : body, { status }),
      ),
      fc
        .tuple(fc.constantFrom(200, 404, 500), fc.string(), fc.constantFrom('text/html', 'text/plain', ''))
        .map(
          ([status, text, type]) =>
            () =>
              new Response(text, { status, headers: type ? { 'content-type': type } : {} }),
        ),
    );

  it('resolves, or rejects with a TransportError, and nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(answers(), async (answer) => {
        const read = loadThreadHistory({
          baseUrl: 'http://memory.test',
          agentId: 'planner',
          threadId: 't',
          fetch: serving(answer),
        });
        const outcome = await read.then(
          (history) => ({ history }),
          (error: unknown) => ({ error }),
        );
        if ('error' in outcome) expect(outcome.error).toBeInstanceOf(TransportError);
        else expect(outcome.history.entries.every(isWellFormed)).toBe(true);
      }),
      settings(500),
    );
  });
});
