import type { Mastra } from '@mastra/core';
import type { Context } from 'hono';
import { AGENT_LOOP_WORKFLOWS } from './ownership.ts';
import { type AnswerIds, isRecord } from './readAnswerIds.ts';

/** A call the run waits on. */
export interface Suspension {
  toolCallId: string;
  /** The tool's name as the model called it, as Mastra recorded it. */
  toolName: string | undefined;
  /** What the person is shown: an approval's arguments, a question's or form's suspend payload. */
  shown: unknown;
  /** When Mastra suspended the step, as it recorded it: differs for each question. */
  suspendedAt: string | undefined;
  /** An approval (`requireApproval`) rather than a question the tool asked with `suspend`. */
  approval: boolean;
  /** The `expiresAt` the tool put in its suspend payload, as it put it (checked by `expiryOf`). */
  expiresAt: unknown;
  /** The tool marked the question sensitive (`sensitive: true` in its suspend payload): its answer is not kept. */
  sensitive: boolean;
}

/**
 * The suspension a request answers, read from the run's stored snapshot: the call it names, or
 * the first suspended call (the one Mastra's `resumeStream` picks when none is named).
 */
export async function findSuspension(
  mastra: Mastra | undefined,
  ids: AnswerIds,
  workflowId?: string,
): Promise<Suspension | undefined> {
  const workflows = await mastra?.getStorage()?.getStore('workflows');
  // Mastra's agent loop is a workflow, named apart for durable agents; its snapshot lists the suspended steps.
  let snapshot;
  for (const workflowName of workflowId === undefined ? AGENT_LOOP_WORKFLOWS : [workflowId]) {
    snapshot ??= await workflows?.loadWorkflowSnapshot({ workflowName, runId: ids.runId });
  }
  if (!snapshot) return undefined;
  if (workflowId !== undefined) return suspendedStep(snapshot.context ?? {}, ids.toolCallId);
  for (const step of Object.values(snapshot.context ?? {})) {
    if (!isRecord(step) || step.status !== 'suspended' || !isRecord(step.suspendPayload)) continue;
    const suspendedAt = typeof step.suspendedAt === 'number' ? String(step.suspendedAt) : undefined;
    for (const payload of suspendedPayloads(step.suspendPayload)) {
      const toolCallId = toolCallIdOf(payload);
      if (toolCallId === undefined) continue;
      if (ids.toolCallId !== undefined && ids.toolCallId !== toolCallId) continue;
      const asked = payload.toolCallSuspended;
      const approval = payload.requireToolApproval;
      const named = isRecord(approval) ? approval.toolName : payload.toolName;
      return {
        toolCallId,
        toolName: typeof named === 'string' ? named : undefined,
        shown: isRecord(approval) ? approval.args : asked,
        suspendedAt,
        approval: isRecord(approval),
        expiresAt: isRecord(asked) ? asked.expiresAt : undefined,
        sensitive: isRecord(asked) && asked.sensitive === true,
      };
    }
  }
  return undefined;
}

/**
 * A workflow's suspended step as a suspension: its id (the path into nested workflows) is the
 * call's; the one named, or the first suspended one.
 */
function suspendedStep(
  context: Record<string, unknown>,
  stepPath: string | undefined,
): Suspension | undefined {
  for (const [stepId, step] of Object.entries(context)) {
    if (!isRecord(step) || step.status !== 'suspended') continue;
    if (stepPath !== undefined && stepPath !== stepId && !stepPath.startsWith(`${stepId}.`)) continue;
    const payload = isRecord(step.suspendPayload) ? step.suspendPayload : {};
    return {
      toolCallId: stepPath ?? stepId,
      // A step has no tool: its id names it, and what the person is shown is its suspend payload.
      toolName: stepId,
      shown: shownOfStep(payload),
      suspendedAt: typeof step.suspendedAt === 'number' ? String(step.suspendedAt) : undefined,
      approval: false,
      expiresAt: payload.expiresAt,
      sensitive: payload.sensitive === true,
    };
  }
  return undefined;
}

/** The key Mastra adds to a nested workflow's suspend payload, naming the inner step: not shown. */
const WORKFLOW_META = '__workflow_meta';

/** What a suspended step shows: its suspend payload, without what Mastra adds for nested workflows. */
export function shownOfStep(suspendPayload: unknown): unknown {
  if (!isRecord(suspendPayload) || !(WORKFLOW_META in suspendPayload)) return suspendPayload;
  const { [WORKFLOW_META]: _meta, ...shown } = suspendPayload;
  return shown;
}

// Tool calls run in a foreach: when its iterations are recorded, the suspended ones come first.
function suspendedPayloads(payload: Record<string, unknown>): Record<string, unknown>[] {
  const meta = payload.__workflow_meta;
  const output = isRecord(meta) ? meta.foreachOutput : undefined;
  const suspended = listOf(output).filter(
    (iteration): iteration is { suspendPayload: Record<string, unknown> } =>
      isRecord(iteration) && iteration.status === 'suspended' && isRecord(iteration.suspendPayload),
  );
  if (suspended.length === 0) return [payload];
  return suspended.map((iteration) => iteration.suspendPayload);
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value)) return Object.values(value);
  return [];
}

/**
 * When a suspension stops taking answers, in milliseconds since 1970: the tool's `expiresAt` (an
 * ISO time or milliseconds since 1970), else for an approval `suspendedAt + approvalTtlMs` when
 * set; `undefined` for none. An `expiresAt` that is no time reads as already past (fails closed).
 */
export function expiryOf(
  suspension: Pick<Suspension, 'expiresAt' | 'suspendedAt' | 'approval'>,
  approvalTtlMs: number | undefined,
): number | undefined {
  const { expiresAt } = suspension;
  if (expiresAt !== undefined && expiresAt !== null) {
    const ms =
      typeof expiresAt === 'number' ? expiresAt : typeof expiresAt === 'string' ? Date.parse(expiresAt) : NaN;
    return Number.isFinite(ms) ? ms : -Infinity;
  }
  const suspendedAt = Number(suspension.suspendedAt);
  if (suspension.approval && approvalTtlMs !== undefined && Number.isFinite(suspendedAt))
    return suspendedAt + approvalTtlMs;
  return undefined;
}

function toolCallIdOf(payload: Record<string, unknown>): string | undefined {
  const approval = payload.requireToolApproval;
  if (isRecord(approval) && typeof approval.toolCallId === 'string') return approval.toolCallId;
  if (typeof payload.toolCallId === 'string') return payload.toolCallId;
  return undefined;
}

const EXPIRED_MESSAGE = 'This question has expired.';
/**
 * The `code` of the guard's HTTP 410 for an answer that came after its question's `expiresAt`
 * (body: `{ error, code, runId, toolCallId, expiresAt }`, `expiresAt` an ISO time).
 */
export const EXPIRED_CODE = 'expired';

/** The guard's HTTP 410 for an answer after its question's expiry. */
export function expired(c: Context, runId: string, toolCallId: string, expiresAt: number) {
  const at = Number.isFinite(expiresAt) ? new Date(expiresAt).toISOString() : undefined;
  return c.json({ error: EXPIRED_MESSAGE, code: EXPIRED_CODE, runId, toolCallId, expiresAt: at }, 410);
}
