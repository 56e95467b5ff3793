import type { Mastra } from '@mastra/core';
import { MASTRA_RESOURCE_ID_KEY } from '@mastra/core/request-context';
import { expiryOf } from './findSuspension.ts';
import { AGENT_LOOP_WORKFLOWS, parseSnapshot, recordAt } from './ownership.ts';
import { isRecord } from './readAnswerIds.ts';
import type { WaitingItem } from './waitingTable.ts';

const EXCERPT_LENGTH = 160;
// Mastra's own page size when it lists suspended runs from storage.
const STORAGE_PAGE_SIZE = 100;

/** A run as Mastra's workflow storage returns it. */
interface StoredRun {
  runId: string;
  resourceId?: string | null;
  snapshot: unknown;
  updatedAt?: Date | string;
}

/** Looks a thread's title up once per thread. */
type TitleOf = (thread: string | undefined) => Promise<string | undefined>;

/** What a run waits on now, read from Mastra's storage: nothing for a run that ended or is unknown. */
export async function readWaiting(
  mastra: Mastra,
  runId: string,
  approvalTtlMs?: number,
): Promise<WaitingItem[]> {
  const workflows = await mastra.getStorage()?.getStore('workflows');
  const titleOf = threadTitles(mastra);
  for (const workflowName of AGENT_LOOP_WORKFLOWS) {
    const run = await workflows?.getWorkflowRunById({ runId, workflowName });
    if (run) return itemsOf(run as StoredRun, titleOf, approvalTtlMs);
  }
  return [];
}

/** Every call every run waits on, as Mastra's storage lists its suspended runs, page by page. */
export async function* readAllWaiting(mastra: Mastra, approvalTtlMs?: number): AsyncGenerator<WaitingItem[]> {
  const workflows = await mastra.getStorage()?.getStore('workflows');
  if (!workflows) return;
  const titleOf = threadTitles(mastra);
  for (const workflowName of AGENT_LOOP_WORKFLOWS) {
    for (let page = 0; ; page++) {
      const { runs } = await workflows.listWorkflowRuns({
        workflowName,
        status: 'suspended',
        perPage: STORAGE_PAGE_SIZE,
        page,
      });
      const items: WaitingItem[] = [];
      for (const run of runs) items.push(...(await itemsOf(run as StoredRun, titleOf, approvalTtlMs)));
      yield items;
      if (runs.length < STORAGE_PAGE_SIZE) break;
    }
  }
}

function threadTitles(mastra: Mastra): TitleOf {
  const titles = new Map<string, Promise<string | undefined>>();
  return (thread) => {
    if (thread === undefined) return Promise.resolve(undefined);
    let title = titles.get(thread);
    if (!title) {
      title = (async () => {
        const memory = await mastra.getStorage()?.getStore('memory');
        const stored = await memory?.getThreadById({ threadId: thread }).catch(() => null);
        return typeof stored?.title === 'string' && stored.title !== '' ? stored.title : undefined;
      })();
      titles.set(thread, title);
    }
    return title;
  };
}

async function itemsOf(run: StoredRun, titleOf: TitleOf, approvalTtlMs?: number): Promise<WaitingItem[]> {
  const snapshot = parseSnapshot(run.snapshot);
  if (snapshot.status !== 'suspended' || !isRecord(snapshot.context)) return [];
  const context = snapshot.context;
  const input = isRecord(context.input) ? context.input : {};
  const items: WaitingItem[] = [];
  for (const step of Object.values(context)) {
    if (!isRecord(step) || step.status !== 'suspended' || !isRecord(step.suspendPayload)) continue;
    const stepPayload = step.suspendPayload;
    const agent = textOf(stepPayload.__agentId) ?? textOf(input.agentId);
    if (agent === undefined) continue;
    const memory = memoryInfoOf(stepPayload, input);
    const resource =
      textOf(run.resourceId) ??
      textOf(memory.resourceId) ??
      textOf(isRecord(snapshot.requestContext) ? snapshot.requestContext[MASTRA_RESOURCE_ID_KEY] : undefined);
    const thread = textOf(memory.threadId);
    const suspendedAt =
      typeof step.suspendedAt === 'number' ? step.suspendedAt : Date.parse(String(run.updatedAt));
    for (const payload of suspendedPayloads(stepPayload)) {
      const call = callOf(payload);
      if (!call) continue;
      const expiry = expiryOf(
        {
          suspendedAt: String(suspendedAt),
          approval: call.kind === 'approval',
          expiresAt: isRecord(payload.toolCallSuspended) ? payload.toolCallSuspended.expiresAt : undefined,
        },
        approvalTtlMs,
      );
      items.push({
        resource,
        thread,
        threadTitle: await titleOf(thread),
        agent,
        runId: run.runId,
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        kind: call.kind,
        excerpt: call.excerpt,
        call: call.wire,
        createdAt: isoOf(suspendedAt),
        expiresAt: expiry === undefined ? undefined : isoOf(expiry),
      });
    }
  }
  return items;
}

interface Call {
  toolCallId: string;
  toolName: string | undefined;
  kind: WaitingItem['kind'];
  excerpt: string;
  /** As Mastra's suspended-runs list gives it. */
  wire: Record<string, unknown>;
}

function callOf(payload: Record<string, unknown>): Call | undefined {
  const approval = payload.requireToolApproval;
  if (isRecord(approval) && typeof approval.toolCallId === 'string') {
    const toolName = textOf(approval.toolName);
    const { toolCallId, args } = approval;
    return {
      toolCallId,
      toolName,
      kind: 'approval',
      excerpt: cut(`${toolName ?? 'tool'} ${JSON.stringify(args ?? {})}`),
      wire: { toolCallId, toolName, args, requiresApproval: true },
    };
  }
  if (typeof payload.toolCallId !== 'string') return undefined;
  const { toolCallId } = payload;
  const toolName = textOf(payload.toolName);
  const asked = isRecord(payload.toolCallSuspended) ? payload.toolCallSuspended : {};
  const question = textOf(asked.question);
  const wire = { toolCallId, toolName, requiresApproval: false, suspendPayload: payload.toolCallSuspended };
  if (question !== undefined) return { toolCallId, toolName, kind: 'prompt', excerpt: cut(question), wire };
  const said = textOf(asked.message) ?? textOf(asked.title) ?? textOf(asked.reason) ?? toolName ?? 'form';
  return { toolCallId, toolName, kind: 'form', excerpt: cut(said), wire };
}

function memoryInfoOf(
  stepPayload: Record<string, unknown>,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const streamed = recordAt(stepPayload, '__streamState', 'messageList', 'memoryInfo');
  if (Object.keys(streamed).length > 0) return streamed;
  return recordAt(input, 'messageListState', 'memoryInfo');
}

// Tool calls run in a foreach: when its iterations are recorded, the suspended ones are the calls.
function suspendedPayloads(payload: Record<string, unknown>): Record<string, unknown>[] {
  const meta = payload.__workflow_meta;
  const output = isRecord(meta) ? meta.foreachOutput : undefined;
  const iterations = Array.isArray(output) ? output : isRecord(output) ? Object.values(output) : [];
  const suspended = iterations.filter(
    (iteration): iteration is { suspendPayload: Record<string, unknown> } =>
      isRecord(iteration) && iteration.status === 'suspended' && isRecord(iteration.suspendPayload),
  );
  if (suspended.length === 0) return [payload];
  return suspended.map((iteration) => iteration.suspendPayload);
}

const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

// An expiry that is no time reads as long past, as the guard reads it.
const isoOf = (ms: number) => new Date(Number.isFinite(ms) ? ms : 0).toISOString();

function cut(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= EXCERPT_LENGTH ? flat : `${flat.slice(0, EXCERPT_LENGTH - 1)}…`;
}
