import type { AnswerValue } from '../prompt.ts';
import type { FormData } from '../validateForm.ts';
import { saysExpired, TransportError } from '../errors.ts';
import type { AgentTransport, ApprovalRequest, DecodeEvent, ResumeRequest } from '../types.ts';
import { confirmExpiry } from './confirmExpiry.ts';
import { memoryOption, type MemoryOption } from './memoryOption.ts';
import { parseSuspendedRuns } from './parseSuspendedRuns.ts';

/** The options both Mastra agents (in-process and client-js) take on `stream` and `resumeStream`. */
export interface AgentCallOptions {
  memory?: MemoryOption;
  abortSignal?: AbortSignal;
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
  /** Streams the answer `call` sends; a refusal is `expired` only when the list no longer has its call. */
  async function answer(request: ResumeRequest | ApprovalRequest, call: () => Promise<Output>) {
    try {
      return adapter.events(await call());
    } catch (error) {
      const mapped = adapter.error(error);
      if (!(mapped instanceof TransportError)) throw mapped;
      const failure = await confirmExpiry(mapped.error, saysExpired(error), request, transport.listSuspended);
      throw failure === mapped.error ? mapped : new TransportError(failure, { cause: error });
    }
  }

  const approvalOptions = ({ runId, toolCallId, reason, threadId, resourceId, signal }: ApprovalRequest) => ({
    runId,
    toolCallId,
    ...(reason ? { reason } : {}),
    ...options(threadId, resourceId, signal),
  });

  const transport: AgentTransport = {
    async stream({ messages, threadId, resourceId, signal }) {
      const callOptions = options(threadId, resourceId, signal);
      try {
        return adapter.events(await agent.stream(messages, callOptions));
      } catch (error) {
        throw adapter.error(error);
      }
    },

    resume(request) {
      const { runId, toolCallId, resumeData, threadId, resourceId, signal } = request;
      const callOptions = { runId, toolCallId, ...options(threadId, resourceId, signal) };
      return answer(request, () => agent.resumeStream(resumeData, callOptions));
    },

    async listSuspended({ threadId, resourceId, signal }) {
      signal?.throwIfAborted();
      try {
        return parseSuspendedRuns(await adapter.list(threadId, resourceId), threadId);
      } catch (error) {
        throw adapter.error(error);
      }
    },
  };
  const { approveToolCall, declineToolCall } = agent;
  if (approveToolCall)
    transport.approve = (request) =>
      answer(request, () => approveToolCall.call(agent, approvalOptions(request)));
  if (declineToolCall)
    transport.decline = (request) =>
      answer(request, () => declineToolCall.call(agent, approvalOptions(request)));
  return transport;
}
