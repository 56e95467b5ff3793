import { toDecodeEvent } from '../decodeChunks.ts';
import { AGENT_FAILED_MESSAGE, isAbortError, messageOf, TransportError } from '../errors.ts';
import type { AgentTransport, DecodeEvent } from '../types.ts';
import { adaptAgent, type StreamingAgent } from './adaptAgent.ts';

interface StreamOutput {
  fullStream: AsyncIterable<unknown>;
}

/**
 * The part of a `@mastra/core` `Agent` the adapter uses, typed by shape. Take the agent from its
 * `Mastra` instance (`mastra.getAgent(id)`): resuming needs the run's snapshot in Mastra's storage.
 */
interface InProcessAgent extends StreamingAgent<StreamOutput> {
  listSuspendedRuns(options?: { threadId?: string; resourceId?: string }): Promise<unknown>;
}

const TICK = Symbol('tick');
const nextTask = () =>
  new Promise<typeof TICK>((resolve) => (globalThis.setImmediate ?? setTimeout)(() => resolve(TICK)));

/** Anything the agent threw, as a `stream` failure (a resume's is checked for expiry by `adaptAgent`). */
function toTransportError(error: unknown): unknown {
  if (isAbortError(error) || error instanceof TransportError) return error;
  return new TransportError(
    { code: 'stream', message: messageOf(error, AGENT_FAILED_MESSAGE) },
    { cause: error },
  );
}

/**
 * Chunk objects in batches: everything the agent has already produced when the consumer asks is
 * one batch, so a burst of chunks is one store update, as with a network read.
 */
async function* batches(source: AsyncIterable<unknown>): AsyncGenerator<DecodeEvent[], void, undefined> {
  const iterator = source[Symbol.asyncIterator]();
  let done = false;
  try {
    let next = iterator.next();
    for (;;) {
      const first = await next;
      if (first.done) {
        done = true;
        return;
      }
      const batch = [toDecodeEvent(first.value)];
      for (;;) {
        next = iterator.next();
        // If the consumer stops while this read is pending, its failure must not go unhandled.
        next.catch(() => {});
        const ready = await Promise.race([next, nextTask()]);
        if (ready === TICK) break;
        if (ready.done) {
          done = true;
          yield batch;
          return;
        }
        batch.push(toDecodeEvent(ready.value));
      }
      yield batch;
    }
  } catch (error) {
    done = true;
    throw toTransportError(error);
  } finally {
    if (!done) await iterator.return?.();
  }
}

/**
 * Adapts an in-process `@mastra/core` Agent (server code, tests): the agent's own `stream`,
 * `resumeStream` and `listSuspendedRuns` (what Mastra's suspended-runs route calls), with the same
 * `memory: { thread, resource }` as over HTTP.
 * @example
 * const transport = createAgentTransport(mastra.getAgent('planner'));
 */
export function createAgentTransport(agent: InProcessAgent): AgentTransport {
  return adaptAgent(agent, {
    events: (output) => batches(output.fullStream),
    list: (threadId, resourceId) => agent.listSuspendedRuns({ threadId, resourceId }),
    error: toTransportError,
  });
}
