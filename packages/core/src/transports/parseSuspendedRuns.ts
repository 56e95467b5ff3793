import { z } from 'zod';
import { TransportError } from '../errors.ts';
import type { SuspendedRun } from '../types.ts';

// An id or date Mastra leaves null (or empty) is read as absent.
const optional = (schema: z.ZodType<string>) => schema.nullish().transform((v) => v || undefined);
const schema = z.object({
  runs: z.array(
    z.object({
      runId: z.string(),
      threadId: optional(z.string()),
      resourceId: optional(z.string()),
      // In process, Mastra gives a Date.
      suspendedAt: optional(z.string().or(z.date().transform((d) => d.toISOString()))),
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
  return parsed.data.runs.filter((run) => !threadId || run.threadId === threadId);
}
