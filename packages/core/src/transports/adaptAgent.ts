import type { AnswerValue } from '../prompt.ts';
import type { AgentTransport, DecodeEvent } from '../types.ts';
import { memoryOption } from './memoryOption.ts';
import { parseSuspendedRuns } from './parseSuspendedRuns.ts';

/** The options both Mastra agents (in-process and client-js) take on `stream` and `resumeStream`. */
export interface AgentCallOptions {
  memory?: { thread: string; resource: string };
  abortSignal?: AbortSignal;
}

/** What the adapters call: a Mastra agent's `stream` and `resumeStream`, whatever they return. */
export interface StreamingAgent<Output> {
  stream(messages: { role: 'user'; content: string }[], options: AgentCallOptions): Promise<Output>;
  resumeStream(resumeData: AnswerValue, options: AgentCallOptions & { runId: string; toolCallId?: string }): Promise<Output>;
}

export interface AgentAdapter<Output> {
  /** Turns what `stream` / `resumeStream` returned into batches of decoded events. */
  events(output: Output): AsyncIterable<DecodeEvent[]>;
  /** Lists the suspended runs, raw (for `parseSuspendedRuns`). */
  list(threadId: string | undefined, resourceId: string | undefined): Promise<unknown>;
  /** Maps a failure to the kit's error (or passes it on). */
  error(error: unknown, kind: 'stream' | 'resume' | 'list'): unknown;
}

/**
 * An `AgentTransport` over a Mastra agent object: the same `memory: { thread, resource }` as over
 * HTTP, abortable, with the adapter's own output decoding and error mapping.
 */
export function adaptAgent<Output>(agent: StreamingAgent<Output>, adapter: AgentAdapter<Output>): AgentTransport {
  const options = (threadId: string | undefined, resourceId: string | undefined, signal: AbortSignal | undefined) => {
    const memory = memoryOption(threadId, resourceId);
    return { ...(memory ? { memory } : {}), abortSignal: signal };
  };
  return {
    async stream({ messages, threadId, resourceId, signal }) {
      const callOptions = options(threadId, resourceId, signal);
      try {
        return adapter.events(await agent.stream(messages, callOptions));
      } catch (error) {
        throw adapter.error(error, 'stream');
      }
    },

    async resume({ runId, toolCallId, resumeData, threadId, resourceId, signal }) {
      const callOptions = { runId, toolCallId, ...options(threadId, resourceId, signal) };
      try {
        return adapter.events(await agent.resumeStream(resumeData, callOptions));
      } catch (error) {
        throw adapter.error(error, 'resume');
      }
    },

    async listSuspended({ threadId, resourceId, signal }) {
      signal?.throwIfAborted();
      try {
        return parseSuspendedRuns(await adapter.list(threadId, resourceId), threadId);
      } catch (error) {
        throw adapter.error(error, 'list');
      }
    },
  };
}
