import { toStreamError } from './errors.ts';
import { NOTHING_TO_REPLAY_MESSAGE, observeRoute } from './transports/observedChunks.ts';
import type { RunAction } from './reduceRun.ts';
import type { AgentTransport, DecodeEvent, Reconnect, Refusal, RunError } from './types.ts';

/**
 * The pauses before each attempt to re-attach to a run whose reply broke off, in ms: a Wi-Fi blip
 * or a phone waking up is over within a few seconds. An attempt that brought chunks starts the
 * count again.
 */
export const RECONNECT_DELAYS: readonly number[] = [200, 800, 2_000];

// A reply that reduced one of these last is complete: a break after it loses nothing.
const REPLY_ENDS = new Set(['finish', 'error', 'abort', 'tool-call-suspended', 'tool-call-approval']);

/**
 * One reply as the store reads it: the type of the last chunk it reduced, which says whether a
 * break lost anything. With `reconnect`, a reply also has its place in its run (see `RunPositions`).
 */
export class Reply {
  #last: string | undefined;

  /** Notes the chunks of one batch the store is about to reduce. */
  count(events: readonly DecodeEvent[]) {
    for (const event of events) if (event.kind === 'chunk') this.#last = event.chunk.type;
  }

  /** True when the reply reduced its last chunk: the break came after it. */
  get complete() {
    return this.#last !== undefined && REPLY_ENDS.has(this.#last);
  }

  /** The run and its position to read on from; only a reply counted by `RunPositions` has one. */
  resumable(): { runId: string; position: number } | undefined {
    return undefined;
  }
}

/**
 * How far the client got in each run's chunks (the runs a store streamed from their start), so
 * that a reply that broke off can be read on from there: one counter per run, across its stream
 * and resumes. A run the store did not see start (restored after a reload) is not counted. Part of
 * `reconnect`: a store without it keeps no counts.
 */
export class RunPositions {
  readonly #chunks = new Map<string, number>();

  /** Starts counting the reply of a new run. */
  start(runId: string): Reply {
    this.#chunks.set(runId, 0);
    return new ReplyPosition(this.#chunks, runId);
  }

  /** Starts counting a reply of `runId` (a resume): resumable only if this store counted the run from its start. */
  reply(runId: string): Reply {
    return new ReplyPosition(this.#chunks, runId);
  }

  clear() {
    this.#chunks.clear();
  }
}

/** A reply with its place in its run: how many of the run's chunks were reduced. */
class ReplyPosition extends Reply {
  readonly #chunks: Map<string, number>;
  readonly #runId: string;

  constructor(chunks: Map<string, number>, runId: string) {
    super();
    this.#chunks = chunks;
    this.#runId = runId;
  }

  override count(events: readonly DecodeEvent[]) {
    super.count(events);
    const position = this.#chunks.get(this.#runId);
    const chunks = events.filter((event) => event.kind === 'chunk').length;
    if (position !== undefined) this.#chunks.set(this.#runId, position + chunks);
  }

  override resumable() {
    const position = this.#chunks.get(this.#runId);
    if (this.complete || position === undefined) return undefined;
    return { runId: this.#runId, position };
  }
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/** The run positions of a store with `reconnect`. */
export const positionsOf = (reconnect: Reconnect | undefined): RunPositions | undefined =>
  reconnect && partsOf(reconnect).positions();

/**
 * How a reply that broke off with `failure` ends when nothing re-attaches to its run: complete
 * (`undefined`) when the break came after its last chunk, else `failure`. With `reconnect`, a
 * connection that broke (or a message's request that got no answer: its run may have started all
 * the same) is read on first.
 */
export async function readOn(
  reconnect: Reconnect | undefined,
  transport: AgentTransport,
  reply: Reply,
  failure: RunError | Refusal,
  signal: AbortSignal,
  emit: (action: RunAction) => void,
): Promise<RunError | Refusal | undefined> {
  if (failure.code !== 'connection-lost' && failure.code !== 'network') return failure;
  if (reply.complete) return undefined;
  return reconnect ? partsOf(reconnect).reattach(transport, reply, failure, signal, emit) : failure;
}

/**
 * Re-attaches to the run of a reply that broke off with `transport.observe` after each of
 * `RECONNECT_DELAYS`, and dispatches what comes after the chunks already reduced. Returns how the
 * reply ended: `undefined` when it was read to its end, else the failure that stands (the first
 * one when no attempt got through).
 */
async function reattach(
  transport: AgentTransport,
  reply: Reply,
  failure: RunError | Refusal,
  signal: AbortSignal,
  emit: (action: RunAction) => void,
): Promise<RunError | Refusal | undefined> {
  const observe = transport.observe?.bind(transport);
  for (let attempt = 0; observe && attempt < RECONNECT_DELAYS.length && !signal.aborted; attempt += 1) {
    const at = reply.resumable();
    if (!at) break;
    emit({ type: 'reconnecting' });
    await pause(RECONNECT_DELAYS[attempt]!, signal);
    if (signal.aborted) break;
    try {
      for await (const events of await observe({ ...at, signal })) {
        if (signal.aborted) break;
        reply.count(events);
        emit({ type: 'events', events });
        attempt = -1;
      }
      return undefined;
    } catch (cause) {
      if (signal.aborted) return toStreamError(signal.reason);
      const broke = toStreamError(cause);
      // The server does not hold the run (a plain agent's, or one that ended long ago): asking
      // again would get the same silence.
      if (broke.message === NOTHING_TO_REPLAY_MESSAGE) break;
    }
  }
  return failure;
}

/** What `reconnect` holds: the store's run positions and re-attach loop, and the fetch transport's observe route. */
interface ReconnectParts extends Reconnect {
  positions(): RunPositions;
  reattach: typeof reattach;
  observeRoute: typeof observeRoute;
}

const parts: ReconnectParts = {
  name: 'reconnect',
  positions: () => new RunPositions(),
  reattach,
  observeRoute,
};

/** The parts of `reconnect` (the only value of its type). */
export const partsOf = (given: Reconnect): ReconnectParts => given as ReconnectParts;

/**
 * Reading on a reply whose connection broke (a Wi-Fi blip, a phone asleep, a proxy's timeout):
 * give it to `useAgentRun`, or to both `createFetchTransport` (it adds the `observe` route) and
 * `createRunStore` / `createRunObserver` (they re-attach with it). The run's status is
 * `reconnecting` meanwhile; the store reads on from the last chunk it reduced, nothing repeated.
 * Mastra replays only durable agents' runs (`createDurableAgent`, with `keepRunsOnDisconnect` from
 * `@ask-user-kit/server`): a plain agent's break is said after one silent attempt (1.7 s).
 * Without it, a break is said at once and the code stays out of the app.
 * @example
 * const run = useAgentRun({ agentId: 'planner', baseUrl: '', threadId, resourceId, reconnect });
 */
export const reconnect: Reconnect = parts;
