// The answer guard's check of an approval with edited arguments (see `editableTool`): made before
// the approval is claimed, so that a refused edit leaves the approval open for a corrected one.
import type { Mastra } from '@mastra/core';
import type { Context } from 'hono';
import { editedArgsOf, isEditable } from './editableTool.ts';
import type { Suspension } from './findSuspension.ts';
import { isRecord, readFields, type GuardedRoute } from './readAnswerIds.ts';

/** `code` of the guard's HTTP 400 for edited arguments its tool's input schema refuses (with `issues`). */
export const INVALID_EDIT_CODE = 'invalid-edit';
/** `code` of the guard's HTTP 400 for edited arguments of a call that is no approval of an `editableTool`. */
export const NOT_EDITABLE_CODE = 'not-editable';
/**
 * `code` of the guard's HTTP 400 for an approval of an `editableTool` call whose arguments carry
 * `resumeData`: Mastra would take it as the answer, edits the model wrote included.
 */
export const MODEL_EDITS_CODE = 'model-edits';
const MODEL_EDITS_MESSAGE =
  "The model put resumeData in this call's arguments, which would edit them once approved: decline it.";
const INVALID_EDIT_MESSAGE = "The edited arguments do not fit the tool's input schema.";
const NOT_EDITABLE_MESSAGE = "This tool's arguments cannot be edited.";

interface Issue {
  path: string;
  message: string;
}

type StandardSchema = {
  '~standard': {
    validate: (value: unknown) => unknown;
  };
};

/** The tool an agent route's call ran, by the agent's key or id and the tool's key. */
async function toolOf(mastra: Mastra, path: string, toolName: string | undefined): Promise<unknown> {
  const agentId = decodeURIComponent(path.split('/').at(-2) ?? '');
  let agent;
  for (const find of [() => mastra.getAgent(agentId), () => mastra.getAgentById(agentId)]) {
    try {
      agent ??= find();
    } catch {
      // Not under this name.
    }
  }
  if (!agent || toolName === undefined) return undefined;
  const tools = await agent.listTools();
  return Object.hasOwn(tools, toolName) ? tools[toolName] : undefined;
}

const pathOf = (segments: readonly unknown[] | undefined) =>
  (segments ?? []).map((segment) => String(isRecord(segment) ? segment.key : segment)).join('.');

/** What the tool's input schema (a Standard Schema, as Mastra keeps it) finds wrong with `value`. */
async function issuesOf(tool: unknown, value: unknown): Promise<Issue[]> {
  const schema = isRecord(tool) ? (tool.inputSchema as StandardSchema | undefined) : undefined;
  if (!schema?.['~standard']) return [];
  const checked = (await schema['~standard'].validate(value)) as {
    issues?: { message: string; path?: readonly unknown[] }[];
  };
  return (checked.issues ?? []).map((issue) => ({ path: pathOf(issue.path), message: issue.message }));
}

/**
 * Refuses edited arguments (`resumeData: { approved: true, editedArgs }`) that would not run: on a
 * call that is not an approval of an `editableTool` ({@link NOT_EDITABLE_CODE}), or that its input
 * schema refuses ({@link INVALID_EDIT_CODE}, with the `issues`); and any approval of an
 * `editableTool` call whose arguments the model gave `resumeData` ({@link MODEL_EDITS_CODE}). All HTTP 400.
 * @returns the refusal, or `undefined` when the request edits nothing or its edits may run
 */
export async function refuseBadEdits(
  c: Context,
  mastra: Mastra,
  route: GuardedRoute,
  suspension: Suspension,
): Promise<Response | undefined> {
  const body = await readFields(c.req.raw, route);
  const edited = editedArgsOf(body?.resumeData);
  const approves = edited !== undefined || /\/approve-tool-call(?:-generate)?$/.test(c.req.path);
  if (!approves || !suspension.approval) return undefined;
  const ids = { runId: body?.runId, toolCallId: suspension.toolCallId };
  const tool = route === 'agent' ? await toolOf(mastra, c.req.path, suspension.toolName) : undefined;
  if (isEditable(tool) && isRecord(suspension.shown) && Object.hasOwn(suspension.shown, 'resumeData'))
    return c.json({ error: MODEL_EDITS_MESSAGE, code: MODEL_EDITS_CODE, ...ids }, 400);
  if (!edited) return undefined;
  if (!isEditable(tool)) return c.json({ error: NOT_EDITABLE_MESSAGE, code: NOT_EDITABLE_CODE, ...ids }, 400);
  const issues = await issuesOf(tool, edited);
  if (issues.length === 0) return undefined;
  return c.json({ error: INVALID_EDIT_MESSAGE, code: INVALID_EDIT_CODE, ...ids, issues }, 400);
}
