import { z } from 'zod';
import { TransportError } from '../errors.ts';
import { excerptOf } from '../excerpt.ts';
import { quote } from '../quote.ts';
import type { DecodeIssue, SuspendedRun, SuspendedRunList } from '../types.ts';

// An id or date Mastra leaves null (or empty) is read as absent.
const optional = (schema: z.ZodType<string>) => schema.nullish().transform((value) => value || undefined);

const listSchema = z.object({ runs: z.array(z.unknown()) });

const runSchema = z.object({
  runId: z.string(),
  threadId: optional(z.string()),
  resourceId: optional(z.string()),
  // In process, Mastra gives a Date.
  suspendedAt: optional(z.string().or(z.date().transform((date) => date.toISOString()))),
  toolCalls: z.array(z.unknown()),
});

// Mastra's schema has `toolCallId` and `toolName` optional. A call without an id cannot be
// resumed; one without a name is still recognised by its payload. Loose: other fields (an
// approval's `args`) pass through for the items.
const toolCallSchema = z.looseObject({
  toolCallId: z.string(),
  toolName: z
    .string()
    .nullish()
    .transform((name) => name ?? ''),
  requiresApproval: z.boolean().optional(),
  // An approval has none.
  suspendPayload: z.unknown().optional(),
});

const where = (issue: z.core.$ZodIssue | undefined) =>
  `${issue?.path.join('.') || 'root'}: ${issue?.message}`;

const skipped = (what: string, error: z.ZodError, entry: unknown): DecodeIssue => ({
  message: `Skipped ${what} that is not in the expected shape (${where(error.issues[0])}).`,
  excerpt: excerptOf(entry),
});

/**
 * Reads Mastra's suspended-runs answer (`{ runs: [{ runId, toolCalls: […] }], total }`, from HTTP
 * or from `agent.listSuspendedRuns()`) into `SuspendedRun`s, optionally keeping one thread's. A run
 * or tool call that cannot be read is skipped and reported in `issues`; the rest is kept. Throws a
 * `TransportError` (`http`) when the answer is not a list of runs at all.
 */
export function parseSuspendedRuns(body: unknown, threadId?: string): SuspendedRunList {
  const list = listSchema.safeParse(body);
  if (!list.success) {
    throw new TransportError({
      code: 'http',
      message: `The suspended-runs answer is not in the expected shape (${where(list.error.issues[0])}).`,
    });
  }
  const runs: SuspendedRun[] = [];
  const issues: DecodeIssue[] = [];
  for (const entry of list.data.runs) {
    const run = runSchema.safeParse(entry);
    if (!run.success) {
      issues.push(skipped('a suspended run', run.error, entry));
      continue;
    }
    if (threadId && run.data.threadId !== threadId) continue;
    const toolCalls: SuspendedRun['toolCalls'] = [];
    for (const callEntry of run.data.toolCalls) {
      const call = toolCallSchema.safeParse(callEntry);
      if (call.success) toolCalls.push(call.data as SuspendedRun['toolCalls'][number]);
      else issues.push(skipped(`a tool call of run ${quote(run.data.runId)}`, call.error, callEntry));
    }
    runs.push({ ...run.data, toolCalls });
  }
  return { runs, issues };
}
