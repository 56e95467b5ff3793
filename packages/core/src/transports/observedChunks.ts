import { TransportError } from '../errors.ts';
import type { AgentTransport, DecodeEvent, MastraChunk } from '../types.ts';
import type { HttpRequest } from './httpRequest.ts';

/**
 * How long the replay of a run's events may take to start. Mastra answers `observe` for any run
 * id, and for a run it does not hold (a plain agent's, another instance's, one cleaned up after it
 * ended) it sends nothing at all: silence here means nothing will come.
 */
export const REPLAY_TIMEOUT = 1_500;

export const NOTHING_TO_REPLAY_MESSAGE =
  'The server has nothing to replay for this run (not a durable agent, or another server instance).';

/** Where a replay may start: the event `offset` in the run's topic, and how many chunks came before it. */
export interface ReplayStart {
  offset: number;
  chunks: number;
}

/** One event of Mastra's `observe` stream: a pubsub event of the run's topic, numbered by `index`. */
interface RunEvent {
  type: string;
  runId?: string;
  index?: number;
  data?: unknown;
}

const isChunk = (value: unknown): value is MastraChunk =>
  typeof value === 'object' && value !== null && typeof (value as MastraChunk).type === 'string';

/**
 * The chunk an event stands for, as `/stream` would have sent it, or `undefined` for the events a
 * stream never shows (`suspended`, `step-finish`, `iteration-complete`).
 */
function chunkOf(event: RunEvent, runId: string): MastraChunk | undefined {
  switch (event.type) {
    case 'chunk':
    case 'step-start':
      return isChunk(event.data) ? event.data : undefined;
    case 'finish':
      return { type: 'finish', runId, from: 'AGENT', payload: event.data };
    case 'error':
      return { type: 'error', runId, from: 'AGENT', payload: event.data };
    default:
      return undefined;
  }
}

/** The abort of an `observe` request whose replay did not start in time (see `replayDeadline`). */
export interface ReplayDeadline {
  /** Follows the caller's signal; aborts past `REPLAY_TIMEOUT` unless `started` was called. */
  signal: AbortSignal;
  started(): void;
  /** What a failure of the request or its reads stands for: the silence, once the deadline passed. */
  failure(error: unknown): unknown;
}

/** A deadline for an `observe` request: the request and the replay's first read both count. */
export function replayDeadline(signal: AbortSignal | undefined): ReplayDeadline {
  const controller = new AbortController();
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, REPLAY_TIMEOUT);
  return {
    signal: controller.signal,
    started: () => clearTimeout(timer),
    failure: (error) =>
      expired ? new TransportError({ code: 'connection-lost', message: NOTHING_TO_REPLAY_MESSAGE }) : error,
  };
}

/**
 * The chunks of a run's replayed events (`observe`) that come after its first `position` chunks,
 * in batches. Mastra numbers events, not chunks, and some events are never chunks, so the replay
 * counts chunks from `start` (the run's start, or a point `learn` reported before) and skips those
 * the client has. It ends where the reply does: the run's end, or its next suspension (the one the
 * skipped chunks led to is not the end). `learn` is told the position after each event read.
 */
export async function* observedChunks(
  events: AsyncIterable<DecodeEvent[]>,
  runId: string,
  position: number,
  start: ReplayStart,
  learn: (reached: ReplayStart) => void,
  deadline: ReplayDeadline,
): AsyncGenerator<DecodeEvent[], void, undefined> {
  const iterator = events[Symbol.asyncIterator]();
  let chunks = start.chunks;
  let sent = 0;
  try {
    for (let read = await iterator.next(); !read.done; read = await iterator.next()) {
      deadline.started();
      const batch: DecodeEvent[] = [];
      for (const decoded of read.value) {
        if (decoded.kind !== 'chunk') continue;
        const event = decoded.chunk as RunEvent;
        const chunk = chunkOf(event, runId);
        if (chunk) chunks += 1;
        // Every event read moves the next replay's start past it, chunk or not: a replay that
        // starts with events already read looks like a run still going, and waits out its silence.
        if (typeof event.index === 'number') learn({ offset: event.index + 1, chunks });
        if (event.type === 'suspended' && sent > 0) {
          if (batch.length) yield batch;
          return;
        }
        if (!chunk || chunks <= position) continue;
        batch.push({ kind: 'chunk', chunk });
        sent += 1;
      }
      if (batch.length) yield batch;
    }
  } catch (error) {
    throw deadline.failure(error);
  } finally {
    await iterator.return?.();
  }
}

// The runs whose replay point a transport remembers.
const MAX_REPLAY_STARTS = 64;

/**
 * The fetch transport's `observe` over its requests: re-attaches to a run with Mastra's `POST
 * …/observe` and gives the chunks after the first `position`. Each transport remembers, per run,
 * the latest point a replay reached: the next replay of that run starts there.
 */
export function observeRoute(request: HttpRequest): NonNullable<AgentTransport['observe']> {
  const replayStarts = new Map<string, ReplayStart>();
  return async ({ runId, position, signal }) => {
    const known = replayStarts.get(runId);
    const start = known && known.chunks <= position ? known : { offset: 0, chunks: 0 };
    const deadline = replayDeadline(signal);
    const body = { runId, offset: start.offset };
    const events = (await request('/observe', deadline.signal, body).catch((error: unknown) => {
      throw deadline.failure(error);
    })) as AsyncIterable<DecodeEvent[]>;
    const learn = (reached: ReplayStart) => {
      replayStarts.delete(runId);
      // Most recent last: the oldest run is forgotten first.
      if (replayStarts.size >= MAX_REPLAY_STARTS) replayStarts.delete(replayStarts.keys().next().value!);
      replayStarts.set(runId, reached);
    };
    return observedChunks(events, runId, position, start, learn, deadline);
  };
}
