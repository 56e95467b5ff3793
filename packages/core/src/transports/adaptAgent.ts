import type { AnswerValue } from '../prompt.ts';
import type { FormData } from '../validateForm.ts';
import { saysExpired, TransportError } from '../errors.ts';
import type { AgentTransport, DecodeEvent, ResumeRequest } from '../types.ts';
import { confirmExpiry } from './confirmExpiry.ts';
import { memoryOption, type MemoryOption } from './memoryOption.ts';
import { parseSuspendedRuns } from './parseSuspendedRuns.ts';

/** The options both Mastra agents (in-process and client-js) take on `stream` and `resumeStream`. */
const NO_APPROVALS =
  'This agent cannot answer tool approvals (it has no approveToolCall or declineToolCall).';

export interface AgentCallOptions {
  memory?: MemoryOption;
  runId?: string;
  abortSignal?: AbortSignal;
  /** The answer guard's signature of the call answered: client-js sends it in the request's body. */
  signature?: string;
}

/** What the adapters call: a Mastra agent's `stream` and `resumeStream`, whatever they return. */
export interface StreamingAgent<Output> {
  stream(messages: { role: 'user'; content: string }[], options: AgentCallOptions): Promise<Output>;
  resumeStream(
    resumeData: AnswerValue | FormData,
    options: AgentCallOptions & { runId: string; toolCallId?: string },
  ): Promise<Output>;
  /** Mastra's `approveToolCall`, when the agent has it. */
  approveToolCall?(options: AgentCallOptions & { runId: string; toolCallId?: string }): Promise<Output>;
  /** Mastra's `declineToolCall`, when the agent has it. */
  declineToolCall?(
    options: AgentCallOptions & { runId: string; toolCallId?: string; reason?: string },
  ): Promise<Output>;
}

export interface AgentAdapter<Output> {
  /** Turns what `stream` / `resumeStream` returned into batches of decoded events. */
  events(output: Output): AsyncIterable<DecodeEvent[]>;
  /** Lists the suspended runs, raw (for `parseSuspendedRuns`). */
  list(threadId: string | undefined, resourceId: string | undefined): Promise<unknown>;
  /** Maps a failure to the kit's error (or passes it on). */
  error(error: unknown): unknown;
}

/**
 * An `AgentTransport` over a Mastra agent object: the same `memory: { thread, resource }` as over
 * HTTP, abortable, with the adapter's own output decoding and error mapping. A refused resume is
 * `expired` only when the suspended-runs list no longer has its call (see `confirmExpiry`).
 */
export function adaptAgent<Output>(
  agent: StreamingAgent<Output>,
  adapter: AgentAdapter<Output>,
): AgentTransport {
  const options = (
    threadId: string | undefined,
    resourceId: string | undefined,
    signal: AbortSignal | undefined,
  ) => {
    const memory = memoryOption(threadId, resourceId);
    return { ...(memory ? { memory } : {}), abortSignal: signal };
  };
  /** The agent call that answers `request`: a resume, or an approval's approve or decline. */
  function answerCall({
    runId,
    toolCallId,
    resumeData,
    approval,
    reason,
    signature,
    threadId,
    resourceId,
    signal,
  }: ResumeRequest) {
    const signed = signature === undefined ? {} : { signature };
    const callOptions = { runId, toolCallId, ...signed, ...options(threadId, resourceId, signal) };
    if (!approval) return agent.resumeStream(resumeData as AnswerValue | FormData, callOptions);
    const call = approval === 'approve' ? agent.approveToolCall : agent.declineToolCall;
    if (!call) throw new TransportError({ code: 'http', message: NO_APPROVALS });
    return call.call(agent, { ...callOptions, ...(reason ? { reason } : {}) });
  }

  /** Streams the answer; a refusal is `expired` only when the list no longer has its call. */
  async function answer(request: ResumeRequest) {
    try {
      return adapter.events(await answerCall(request));
    } catch (error) {
      const mapped = adapter.error(error);
      if (!(mapped instanceof TransportError)) throw mapped;
      const failure = await confirmExpiry(mapped.error, saysExpired(error), request, transport.listSuspended);
      throw failure === mapped.error ? mapped : new TransportError(failure, { cause: error });
    }
  }

  const transport: AgentTransport = {
    async stream({ messages, runId, threadId, resourceId, signal }) {
      const callOptions = { ...options(threadId, resourceId, signal), ...(runId ? { runId } : {}) };
      try {
        return adapter.events(await agent.stream(messages, callOptions));
      } catch (error) {
        throw adapter.error(error);
      }
    },

    resume: answer,

    async listSuspended({ threadId, resourceId, signal }) {
      signal?.throwIfAborted();
      try {
        return parseSuspendedRuns(await adapter.list(threadId, resourceId), threadId);
      } catch (error) {
        throw adapter.error(error);
      }
    },
  };
  return transport;
}
