import { z } from 'zod';
import { TransportError } from '../errors.ts';
import type { SuspendedRun } from '../types.ts';

const date = z.union([z.string(), z.date().transform((d) => d.toISOString())]).optional();
const schema = z.object({
  runs: z.array(
    z.object({
      runId: z.string(),
      threadId: z.string().nullish(),
      resourceId: z.string().nullish(),
      suspendedAt: date.nullable(),
      toolCalls: z.array(
        z.object({
          toolCallId: z.string(),
          toolName: z.string(),
          requiresApproval: z.boolean().optional(),
          suspendPayload: z.unknown(),
        }),
      ),
    }),
  ),
});

/**
 * Reads Mastra's suspended-runs answer (`{ runs: [{ runId, toolCalls: […] }], total }`, from HTTP
 * or from `agent.listSuspendedRuns()`) into `SuspendedRun`s, optionally keeping one thread's.
 * Throws a `TransportError` (`http`) when the answer is not in that shape.
 */
export function parseSuspendedRuns(body: unknown, threadId?: string): SuspendedRun[] {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TransportError({
      code: 'http',
      message: `The suspended-runs answer is not in the expected shape (${issue?.path.join('.') || 'root'}: ${issue?.message}).`,
    });
  }
  const runs: SuspendedRun[] = [];
  for (const run of parsed.data.runs) {
    if (threadId && run.threadId !== threadId) continue;
    runs.push({
      runId: run.runId,
      ...(run.threadId ? { threadId: run.threadId } : {}),
      ...(run.resourceId ? { resourceId: run.resourceId } : {}),
      ...(run.suspendedAt ? { suspendedAt: run.suspendedAt } : {}),
      toolCalls: run.toolCalls.map((c) => ({
        toolCallId: c.toolCallId,
        toolName: c.toolName,
        suspendPayload: c.suspendPayload,
        ...(c.requiresApproval !== undefined ? { requiresApproval: c.requiresApproval } : {}),
      })),
    });
  }
  return runs;
}
