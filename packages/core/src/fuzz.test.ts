// Property-based fuzzing of decoder → reducer → store: byte streams built from the real
// chunks of the recorded fixtures, recombined and mutated, with junk, truncation, huge lines and
// invalid UTF-8, split at random byte offsets. Each property but the heap one (30 runs) stops at its
// share of FUZZ_SECONDS: 15 s in all by default (`pnpm test`), 8 in `pnpm test:quick`, 5 minutes in
// `pnpm run test:fuzz`. The seed is fixed and printed; FUZZ_SEED=<n> replays another one.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRunStore } from './createRunStore.ts';
import { createChunkDecoder, decodeChunks, type DecodeOptions } from './decodeChunks.ts';
import { RequestError, TransportError } from './errors.ts';
import { MAX_EXCERPT_LENGTH } from './excerpt.ts';
import type { AnswerValue, Prompt } from './prompt.ts';
import { initialRunSnapshot, MAX_ISSUES, reduceRun } from './reduceRun.ts';
import { referenceChunks, splitBytes, sseFixtures, streamOfReads } from './test/fixtures.ts';
import type { AgentTransport, DecodeEvent, RunSnapshot, RunStatus, RunStore, SuspendedRun } from './types.ts';

// ---- The store and reducer API this suite relies on, in one place. ----
const openPromptsOf = (snapshot: RunSnapshot): readonly Prompt[] => snapshot.openPrompts;
const submit = (store: RunStore, key: string, answer: AnswerValue): Promise<void> =>
  store.submit(key, answer);
/** What `submit` may reject with: a refusal or a failed request, never anything else. */
const isSubmitRejection = (error: unknown): boolean => error instanceof RequestError;
const STATUSES: readonly RunStatus[] = ['idle', 'streaming', 'awaiting-input', 'resuming', 'done', 'error'];
// Ids with the key's separators, which made two prompts share a key before promptKey was
// collision-free.
const COLLIDING_IDS = true;
// ---- end of the API adapter ----

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_203);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 15);
/** fast-check's settings for a property that gets `share` of the time budget. */
const budget = (share: number) => ({
  seed: SEED,
  numRuns: 100_000,
  interruptAfterTimeLimit: Math.round(SECONDS * share * 1000),
});
const timeout = (share: number) => SECONDS * share * 1000 + 30_000;
console.log(`fuzz: seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${SECONDS} s in all (FUZZ_SECONDS)`);

const encoder = new TextEncoder();
const encode = (text: string) => encoder.encode(text);

type Chunk = Record<string, unknown> & { payload?: Record<string, unknown> };

// ---- Generators ----

const streams = sseFixtures.map((name) => referenceChunks(name) as Chunk[]);
const realChunks = streams.flat();
const runIds = [
  ...new Set(realChunks.map((c) => c.runId).filter((id): id is string => typeof id === 'string')),
];
const collidingIds = COLLIDING_IDS ? ['a:b', 'a', 'b:c', 'c', 'call_1#2'] : [];
const ids = [...runIds.slice(0, 3), 'r1', 'call_1', 'call_2', ...collidingIds];
/** Few ids, so that restored runs meet each other and the streamed ones. */
const restoredIds = [runIds[0]!, 'call_1', ...collidingIds];

/** A contiguous run of one recording's chunks (often all of it). */
const recordedRun = fc.integer({ min: 0, max: streams.length - 1 }).chain((i) => {
  const chunks = streams[i]!;
  return fc
    .tuple(fc.nat(chunks.length), fc.nat(chunks.length))
    .map(([a, b]) => chunks.slice(Math.min(a, b), Math.max(a, b) + 1));
});

/** One real chunk, changed the way a bug or another server might change it. */
const mutatedChunk = fc
  .tuple(
    fc.constantFrom(...realChunks),
    fc.constantFrom('runId', 'toolCallId', 'question', 'options', 'drop-payload', 'type', 'isError'),
    fc.constantFrom(...ids),
  )
  .map(([chunk, change, id]): Chunk => {
    const payload = { ...chunk.payload };
    const suspendPayload = { ...(payload.suspendPayload as object | undefined) };
    switch (change) {
      case 'runId':
        return { ...chunk, runId: id };
      case 'toolCallId':
        return { ...chunk, payload: { ...payload, toolCallId: id } };
      case 'question':
        return { ...chunk, payload: { ...payload, suspendPayload: { ...suspendPayload, question: '   ' } } };
      case 'options':
        return {
          ...chunk,
          payload: {
            ...payload,
            suspendPayload: { ...suspendPayload, options: [{ label: 'A' }, { label: 'A' }] },
          },
        };
      case 'drop-payload':
        return { ...chunk, payload: undefined };
      case 'type':
        return { ...chunk, type: 'tool-call-suspended' };
      default:
        return { ...chunk, payload: { ...payload, isError: 'yes' } };
    }
  });

/** A frame or line that is not a chunk: what proxies, broken servers and cut connections send. */
const junk = fc.oneof(
  fc.constantFrom(
    ': keep-alive\n\n',
    'data: [DONE]\n\n',
    '\n',
    'event: message\n',
    'id: 7\n',
    'retry: 10\n',
    'data\n\n',
    'data:\n\n',
  ),
  fc.constantFrom(
    'data: 42\n\n',
    'data: null\n\n',
    'data: "text"\n\n',
    'data: [{"type":"start"}]\n\n',
    'data: {"type":7}\n\n',
  ),
  fc.string({ maxLength: 80, unit: 'grapheme' }).map((s) => `data: {${s}\n\n`),
  fc.string({ maxLength: 80, unit: 'binary' }).map((s) => `data: ${s}\n\n`),
  fc
    .record({ length: fc.integer({ min: 1_000, max: 60_000 }), ended: fc.boolean() })
    .map(
      ({ length, ended }) =>
        `data: {"type":"text-delta","payload":{"text":"${'x'.repeat(length)}${ended ? '"}}\n\n' : ''}`,
    ),
);

/** Bytes that are not UTF-8: a lone continuation byte, a cut 4-byte sequence, 0xFF. */
const invalidUtf8 = fc
  .constantFrom([0x80], [0xf0, 0x9f, 0x98], [0xff, 0xfe], [0xc3])
  .map((bytes) => new Uint8Array(bytes));

const lineEnd = fc.constantFrom('\n', '\r\n', '\r');

/** A whole response body: pieces of recordings, mutated chunks and junk, maybe cut short, as bytes. */
const body = fc
  .record({
    parts: fc.array(
      fc.oneof(
        { weight: 4, arbitrary: recordedRun.map((chunks) => ({ chunks })) },
        { weight: 2, arbitrary: mutatedChunk.map((chunk) => ({ chunks: [chunk] })) },
        { weight: 2, arbitrary: junk.map((text) => ({ text })) },
        { weight: 1, arbitrary: invalidUtf8.map((bytes) => ({ bytes })) },
      ),
      { maxLength: 8 },
    ),
    end: lineEnd,
    cut: fc.option(fc.nat(), { freq: 4 }),
  })
  .map(({ parts, end, cut }) => {
    const pieces = parts.map((part) => {
      if ('bytes' in part) return part.bytes;
      const text =
        'text' in part
          ? part.text
          : part.chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('');
      return encode(end === '\n' ? text : text.replaceAll('\n', end));
    });
    const bytes = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
    pieces.reduce((offset, piece) => (bytes.set(piece, offset), offset + piece.length), 0);
    return cut === null ? bytes : bytes.subarray(0, cut % (bytes.length + 1));
  });

/** A body and where it is split into reads. */
const reads = fc.tuple(body, fc.array(fc.nat(), { maxLength: 12 })).map(([bytes, cuts]) =>
  splitBytes(
    bytes,
    cuts.map((c) => c % (bytes.length + 1)),
  ),
);

const frameLimit = fc.constantFrom<number | undefined>(undefined, 2_048, 30_000);

// ---- Invariants ----

/** The invariants every snapshot keeps; `ended`: no request is in flight. */
function checkSnapshot(s: RunSnapshot, ended: boolean): void {
  expect(STATUSES).toContain(s.status);
  if (ended) expect(['streaming', 'resuming']).not.toContain(s.status);
  const entryIds = s.transcript.filter((e) => e.type === 'prompt').map((e) => e.id);
  expect(new Set(entryIds).size).toBe(entryIds.length);
  const open = openPromptsOf(s).map((p) => p.key);
  expect(new Set(open).size).toBe(open.length);
  for (const key of open) expect(entryIds).toContain(key);
  expect(s.issues.length).toBeLessThanOrEqual(MAX_ISSUES);
  for (const issue of s.issues) expect(issue.excerpt.length).toBeLessThanOrEqual(MAX_EXCERPT_LENGTH);
  if (s.status === 'error') expect(s.error?.message).toBeTruthy();
}

/** Decodes reads with one decoder: the events, and the code of the error that stopped it, if any. */
function decodeAll(chunks: Uint8Array[], options: DecodeOptions) {
  const decoder = createChunkDecoder(options);
  const events: DecodeEvent[] = [];
  try {
    for (const chunk of chunks) events.push(...decoder.push(chunk));
    events.push(...decoder.end());
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    return { events, error: error.error.code };
  }
  return { events, error: undefined };
}

const join = (chunks: Uint8Array[]) => {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  chunks.reduce((offset, chunk) => (bytes.set(chunk, offset), offset + chunk.length), 0);
  return bytes;
};

// ---- Properties ----

describe('fuzz', () => {
  it(
    'decoder: any bytes, split anywhere, decode as unsplit; only too-large is thrown; excerpts are short',
    () => {
      fc.assert(
        fc.property(reads, frameLimit, (chunks, maxFrameLength) => {
          const split = decodeAll(chunks, { maxFrameLength });
          const whole = decodeAll([join(chunks)], { maxFrameLength });
          expect(split.error).toBe(whole.error);
          if (split.error) expect(split.error).toBe('too-large');
          // A frame past the limit stops the decoder where it is found: the events before it in
          // the same read are dropped, so only an unstopped stream decodes identically.
          else expect(split.events).toEqual(whole.events);
          for (const event of split.events) {
            if (event.kind === 'decode-error')
              expect(event.issue.excerpt.length).toBeLessThanOrEqual(MAX_EXCERPT_LENGTH);
          }
        }),
        budget(0.2),
      );
    },
    timeout(0.2),
  );

  it(
    'decodeChunks → reduceRun: documented status, unique keys, nothing left streaming, bounded issues',
    async () => {
      const ending = fc.constantFrom('stream-end', 'stream-error', 'cancelled');
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(reads, ending, frameLimit), { minLength: 1, maxLength: 4 }),
          async (runs) => {
            let s = initialRunSnapshot;
            for (const [index, [chunks, end, maxFrameLength]] of runs.entries()) {
              s = reduceRun(s, { type: 'send', id: `m${index}`, text: 'go' });
              checkSnapshot(s, false);
              let failed = false;
              try {
                for await (const events of decodeChunks(streamOfReads(chunks), { maxFrameLength })) {
                  s = reduceRun(s, { type: 'events', events });
                  checkSnapshot(s, false);
                }
              } catch (error) {
                expect(error).toBeInstanceOf(TransportError);
                failed = true;
              }
              if (failed || end === 'stream-error')
                s = reduceRun(s, { type: 'stream-error', error: { code: 'network', message: 'cut' } });
              else s = reduceRun(s, { type: end === 'cancelled' ? 'cancelled' : 'stream-end' });
              checkSnapshot(s, true);
            }
          },
        ),
        budget(0.25),
      );
    },
    timeout(0.25),
  );

  /** A transport whose responses are generated bodies (or failures), in order; an empty body once they run out. */
  function scriptedTransport(
    bodies: (Uint8Array[] | 'fail')[],
    maxFrameLength: number | undefined,
  ): AgentTransport {
    const queue = [...bodies];
    const respond = async () => {
      const next = queue.shift() ?? [];
      if (next === 'fail')
        throw new TransportError({ code: 'http', status: 500, message: 'The server answered 500.' });
      return decodeChunks(streamOfReads(next), { maxFrameLength });
    };
    return { stream: respond, resume: respond, listSuspended: async () => ({ runs: [], issues: [] }) };
  }

  const suspendedRuns = fc
    .array(
      fc.record({
        runId: fc.constantFrom(...restoredIds),
        toolCallId: fc.constantFrom(...restoredIds),
        question: fc.constantFrom('Where to?', '   ', ''),
      }),
      { maxLength: 3 },
    )
    .map((calls): SuspendedRun[] =>
      calls.map(({ runId, toolCallId, question }) => ({
        runId,
        toolCalls: [{ toolCallId, toolName: 'ask_user', suspendPayload: { question } }],
      })),
    );

  type Step =
    { kind: 'send' | 'submit' | 'submit-wrong' | 'cancel' } | { kind: 'restore'; runs: SuspendedRun[] };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc
      .constantFrom('send' as const, 'submit' as const, 'submit-wrong' as const, 'cancel' as const)
      .map((kind) => ({ kind })),
    suspendedRuns.map((runs) => ({ kind: 'restore' as const, runs })),
  );

  /** An answer the prompt's kind accepts: its first label, or a text. */
  const answerFor = (prompt: Prompt): AnswerValue => {
    const labels = 'options' in prompt ? prompt.options.map((o) => o.label) : [];
    if (prompt.kind === 'multiple') return labels.slice(0, 1);
    if (prompt.kind === 'single') return labels[0] ?? 'x';
    return 'Lisbon';
  };

  /** Answers the first open prompt: rightly, or with a number no prompt accepts. */
  async function submitFirst(store: RunStore, wrong: boolean) {
    const [prompt] = openPromptsOf(store.getSnapshot());
    if (!prompt) return;
    const answer = wrong ? (42 as unknown as AnswerValue) : answerFor(prompt);
    await submit(store, prompt.key, answer).catch((error: unknown) => {
      if (!isSubmitRejection(error)) throw error;
    });
  }

  /** Sends, and cancels before the stream ends. */
  async function sendAndCancel(store: RunStore) {
    const sent = store.send('Never mind');
    await Promise.resolve();
    store.cancel();
    await sent;
  }

  async function play(store: RunStore, steps: Step[]) {
    checkSnapshot(store.getSnapshot(), true);
    for (const next of steps) {
      if (next.kind === 'send') await store.send('Plan a trip');
      if (next.kind === 'cancel') await sendAndCancel(store);
      if (next.kind === 'restore') store.restore(next.runs);
      if (next.kind === 'submit' || next.kind === 'submit-wrong')
        await submitFirst(store, next.kind === 'submit-wrong');
      checkSnapshot(store.getSnapshot(), true);
    }
  }

  it(
    'createRunStore over generated streams: never throws, documented status, unique keys, nothing stuck, bounded issues',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.oneof({ weight: 6, arbitrary: reads }, { weight: 1, arbitrary: fc.constant('fail' as const) }),
            { minLength: 1, maxLength: 5 },
          ),
          fc.array(step, { minLength: 1, maxLength: 8 }),
          frameLimit,
          async (bodies, steps, maxFrameLength) => {
            const store = createRunStore({ transport: scriptedTransport(bodies, maxFrameLength) });
            await play(store, [{ kind: 'send' }, ...steps]);
          },
        ),
        budget(0.4),
      );
    },
    timeout(0.4),
  );

  it('heap: stores fed megabytes of malformed frames keep only their excerpts', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heapAfterGc = () => {
      for (let i = 0; i < 3; i++) gc();
      return process.memoryUsage().heapUsed;
    };
    const bad = fc
      .array(fc.integer({ min: 100_000, max: 1_000_000 }), { minLength: 1, maxLength: 4 })
      .map((lengths) => lengths.map((length) => encode(`data: {${'x'.repeat(length)}\n\n`)));
    const before = heapAfterGc();
    const kept: RunStore[] = [];
    let fed = 0;
    await fc.assert(
      fc.asyncProperty(fc.tuple(reads, bad), async ([chunks, frames]) => {
        fed += frames.reduce((sum, frame) => sum + frame.length, 0);
        const store = createRunStore({ transport: scriptedTransport([[...frames, ...chunks]], undefined) });
        await store.send('go');
        checkSnapshot(store.getSnapshot(), true);
        kept.push(store);
      }),
      // A fixed amount of garbage, whatever the time budget: 30 stores.
      { seed: SEED, numRuns: 30 },
    );
    const retained = heapAfterGc() - before;
    console.log(
      `fuzz heap: ${kept.length} stores kept after ${(fed / 1e6).toFixed(1)} MB of malformed frames: ${(retained / 1e6).toFixed(2)} MB retained`,
    );
    // The recordings themselves (under 0.5 MB) may be held several times over in the snapshots.
    expect(retained).toBeLessThan(Math.max(8e6, fed / 10));
  }, 60_000);
});
