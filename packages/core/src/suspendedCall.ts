import type { KnownChunk } from './chunks.ts';
import { subAgentOf } from './prompt.ts';
import type { ItemCall, SuspendedRun } from './types.ts';

/**
 * The suspended call of a `tool-call-suspended` or `tool-call-approval` chunk. `calledAs` is the
 * name the call had when it was made: a sub-agent's approval names the sub-agent's tool, while the
 * call was the supervisor's `agent-<name>`.
 */
export function suspendedCallOf(
  chunk: Extract<KnownChunk, { type: 'tool-call-suspended' | 'tool-call-approval' }>,
  calledAs: string | undefined,
): ItemCall {
  const { toolCallId, toolName, args, resumeSchema, signature } = chunk.payload;
  const agent = subAgentOf(calledAs) ?? subAgentOf(toolName);
  const call = {
    runId: chunk.runId,
    toolCallId,
    toolName,
    args,
    resumeSchema,
    signature,
    ...(agent ? { agent } : {}),
  };
  if (chunk.type === 'tool-call-approval') return { ...call, requiresApproval: true };
  return { ...call, requiresApproval: false, suspendPayload: chunk.payload.suspendPayload };
}

/** The suspended call of an entry of Mastra's suspended-runs list. */
export function listedCallOf(runId: string, call: SuspendedRun['toolCalls'][number]): ItemCall {
  const agent = subAgentOf(call.toolName);
  const requiresApproval = call.requiresApproval === true;
  return { ...call, runId, requiresApproval, ...(agent ? { agent } : {}) };
}
