// What a Mastra workflow's wire says, in the words of the agent stream the store reads: a step that
// suspends is a suspended call (its step id the call's id and tool name), so prompts, approvals and
// forms, their lifecycle and their one submit path are the same for workflows as for agents.
import type { DecodeEvent, MastraChunk, ResumeRequest, SuspendedRun } from '../types.ts';

type Loose = Record<string, unknown>;

const isRecord = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The resume schema (a JSON Schema object) of each step that has one, by step id. */
export type StepSchemas = ReadonlyMap<string, Loose>;

/** Mastra serialises a step's schema as the text of `{ json: <JSON Schema> }`. */
function schemaOf(serialised: unknown): Loose | undefined {
  if (typeof serialised !== 'string') return isRecord(serialised) ? serialised : undefined;
  try {
    const parsed: unknown = JSON.parse(serialised);
    if (isRecord(parsed) && isRecord(parsed.json)) return parsed.json;
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The steps' resume schemas from `GET /workflows/:workflowId` (its `allSteps` include nested workflows' steps). */
export function readStepSchemas(description: unknown): StepSchemas {
  const schemas = new Map<string, Loose>();
  const { steps, allSteps } = Object(description) as { steps?: unknown; allSteps?: unknown };
  for (const list of [allSteps, steps]) {
    if (!isRecord(list)) continue;
    for (const [id, step] of Object.entries(list)) {
      const schema = schemaOf(Object(step).resumeSchema);
      if (schema) schemas.set(id, schema);
    }
  }
  return schemas;
}

/**
 * True for a step that waits for a decision: its resume schema is an object whose `approved` is a
 * required boolean, with at most a text `reason` beside it. Shown as an approval.
 */
export function isApprovalSchema(schema: Loose | undefined): boolean {
  if (!schema || schema.type !== 'object' || !isRecord(schema.properties)) return false;
  const { approved, reason, ...others } = schema.properties;
  if (!isRecord(approved) || approved.type !== 'boolean') return false;
  if (!Array.isArray(schema.required) || !schema.required.includes('approved')) return false;
  if (reason !== undefined && !(isRecord(reason) && reason.type === 'string')) return false;
  return Object.keys(others).length === 0;
}

/** The one property an ask_user-shaped step's answer goes in (`{ answer: string }`), if its schema has exactly one. */
function answerProperty(schema: Loose | undefined): string | undefined {
  if (!schema || !isRecord(schema.properties)) return undefined;
  const names = Object.keys(schema.properties);
  return names.length === 1 ? names[0] : undefined;
}

/**
 * The `resumeData` a step's answer resumes it with: an approval's decision as `{ approved, reason? }`,
 * a question's answer (text or a list) in the one property of its schema, a form's data as it is.
 */
export function stepResumeData(request: ResumeRequest, schema: Loose | undefined): unknown {
  const { approval, reason, resumeData } = request;
  if (approval)
    return approval === 'approve' ? { approved: true } : { approved: false, ...(reason ? { reason } : {}) };
  const property = answerProperty(schema);
  if ((typeof resumeData === 'string' || Array.isArray(resumeData)) && property)
    return { [property]: resumeData };
  return resumeData;
}

/**
 * A nested workflow's step suspends with the step inside it that suspended (`__workflow_meta` in its
 * payload): that inner step, named by its path (`outer.inner`), is the one that waits and is resumed.
 */
const standsForInnerStep = (suspendPayload: unknown) =>
  isRecord(suspendPayload) && '__workflow_meta' in suspendPayload;

/** The agent chunk that stands for a suspended step. */
function suspendedChunk(
  runId: string,
  stepId: string,
  suspendPayload: unknown,
  schema: Loose | undefined,
  signature: unknown,
): MastraChunk {
  const signed = typeof signature === 'string' ? { signature } : {};
  const call = { toolCallId: stepId, toolName: stepId, ...signed };
  if (isApprovalSchema(schema))
    return {
      type: 'tool-call-approval',
      runId,
      from: 'WORKFLOW',
      payload: { ...call, args: suspendPayload },
    };
  return {
    type: 'tool-call-suspended',
    runId,
    from: 'WORKFLOW',
    payload: { ...call, suspendPayload, ...(schema ? { resumeSchema: schema } : {}) },
  };
}

const WORKFLOW_FAILED = 'The workflow failed.';

/**
 * The agent chunks a workflow chunk stands for: `workflow-start` starts the run, a suspended step
 * is a suspended call, a resumed step's result is the call's result, and the workflow's end a
 * `finish` (or an `error` when it failed). Other chunks stand for nothing the store reads.
 */
export function agentChunksOf(chunk: MastraChunk, schemas: StepSchemas): MastraChunk[] {
  const { runId } = chunk;
  const payload = Object(chunk.payload) as Loose;
  const stepId = typeof payload.id === 'string' ? payload.id : undefined;
  switch (chunk.type) {
    case 'workflow-start':
      return [{ type: 'start', runId, from: 'WORKFLOW' }];
    case 'workflow-step-suspended':
      if (standsForInnerStep(payload.suspendPayload)) return [];
      if (!stepId || typeof runId !== 'string') return [chunk];
      return [suspendedChunk(runId, stepId, payload.suspendPayload, schemas.get(stepId), payload.signature)];
    case 'workflow-step-result':
      if (!stepId || payload.resumePayload === undefined) return [];
      return [
        {
          type: 'tool-result',
          runId,
          from: 'WORKFLOW',
          payload: { toolCallId: stepId, toolName: stepId, result: payload.output },
        },
      ];
    case 'workflow-finish': {
      const status = payload.workflowStatus;
      if (status === 'suspended') return [];
      if (status !== 'failed') return [{ type: 'finish', runId, from: 'WORKFLOW' }];
      const metadata = Object(payload.metadata) as Loose;
      const error = typeof metadata.errorMessage === 'string' ? metadata.errorMessage : WORKFLOW_FAILED;
      return [{ type: 'error', runId, from: 'WORKFLOW', payload: { error } }];
    }
    default:
      return [];
  }
}

/** The batches of agent events a workflow's batches of events stand for. */
export async function* agentEventsOf(
  batches: AsyncIterable<DecodeEvent[]>,
  schemas: StepSchemas,
): AsyncGenerator<DecodeEvent[], void, undefined> {
  for await (const batch of batches) {
    const events = batch.flatMap((event): DecodeEvent[] =>
      event.kind === 'chunk'
        ? agentChunksOf(event.chunk, schemas).map((chunk) => ({ kind: 'chunk', chunk }))
        : [event],
    );
    if (events.length) yield events;
  }
}

/**
 * A workflow run as Mastra's run routes give it (`GET /workflows/:id/runs/:runId`: `steps`; the runs
 * list: `snapshot.context`) as a suspended run, its suspended steps as calls; `undefined` when
 * nothing waits.
 */
export function suspendedRunOf(run: unknown, schemas: StepSchemas): SuspendedRun | undefined {
  if (!isRecord(run) || typeof run.runId !== 'string') return undefined;
  const snapshot = Object(run.snapshot) as Loose;
  const steps = Object(run.steps ?? snapshot.context) as Loose;
  const toolCalls: SuspendedRun['toolCalls'] = [];
  for (const [stepId, step] of Object.entries(steps)) {
    if (!isRecord(step) || step.status !== 'suspended' || standsForInnerStep(step.suspendPayload)) continue;
    const schema = schemas.get(stepId);
    const approval = isApprovalSchema(schema);
    toolCalls.push({
      toolCallId: stepId,
      toolName: stepId,
      ...(typeof step.signature === 'string' ? { signature: step.signature } : {}),
      suspendPayload: step.suspendPayload,
      ...(approval ? { requiresApproval: true, args: step.suspendPayload } : {}),
      ...(schema && !approval ? { resumeSchema: schema } : {}),
    });
  }
  if (toolCalls.length === 0) return undefined;
  const resourceId = typeof run.resourceId === 'string' ? { resourceId: run.resourceId } : {};
  // A workflow run is its own conversation: its thread is its run id (see `createWorkflowTransport`).
  return { runId: run.runId, threadId: run.runId, ...resourceId, toolCalls };
}
