// The audit trail: what became of every answer the guard saw, in the claim store's database.
import type { Mastra } from '@mastra/core';
import type { Context } from 'hono';
import type { AnswerRecord, ClaimStore } from './ClaimStore.ts';
import type { Suspension } from './findSuspension.ts';
import type { CallerIdentity } from './ownership.ts';
import type { AnswerIds, GuardedRoute } from './readAnswerIds.ts';

// The most of an answer the audit trail keeps: enough to read what was answered, not a 1 MB form.
const MAX_RECORDED_ANSWER = 4096;
const AUDIT_FAILED_MESSAGE = 'ask-user-kit: could not record an answer in the audit trail';

/**
 * Records what became of the request in the claim store's audit trail. Its answer is kept unless
 * the question is sensitive or the caller may not answer (see `answerText`). A failed write is
 * logged: the answer's fate is decided by then.
 */
export function auditTrail(
  c: Context,
  claims: ClaimStore,
  mastra: Mastra,
  ids: AnswerIds & { route: GuardedRoute },
  caller: CallerIdentity,
) {
  return async (outcome: AnswerRecord['outcome'], status: number, suspension: Suspension | undefined) => {
    const sensitive = suspension?.sensitive ?? false;
    const entry: AnswerRecord = {
      runId: ids.runId,
      toolCallId: suspension?.toolCallId ?? ids.toolCallId,
      at: new Date().toISOString(),
      route: c.req.path,
      outcome,
      status,
      resource: caller.resource,
      user: caller.user,
      answer: REFUSED_CALLERS.has(outcome) || sensitive ? undefined : answerText(ids, c.req.path, suspension),
      sensitive,
    };
    try {
      await claims.record(entry);
    } catch (error) {
      mastra.getLogger()?.error(AUDIT_FAILED_MESSAGE, { error, entry });
    }
  };
}

const REFUSED_CALLERS: ReadonlySet<AnswerRecord['outcome']> = new Set([
  'not-owner',
  'unauthenticated',
  'bad-signature',
]);

/**
 * The answer as the trail keeps it: an approval's decision, from its route; else the answer's JSON,
 * cut, once its question is known (one the guard could not find may have been sensitive).
 */
function answerText(
  { route, answer }: { route: GuardedRoute; answer?: unknown },
  path: string,
  suspension: Suspension | undefined,
): string | undefined {
  const name = route === 'agent' ? (path.split('/').at(-1) ?? '') : '';
  if (name.startsWith('approve-tool-call')) return '{"approved":true}';
  if (name.startsWith('decline-tool-call')) return '{"approved":false}';
  if (!suspension || answer === undefined) return undefined;
  return JSON.stringify(answer)?.slice(0, MAX_RECORDED_ANSWER);
}
