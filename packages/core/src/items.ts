import { parseFormSchema } from './formSchema.ts';
import { expiryOf, promptKey } from './prompt.ts';
import type { ItemCall, SuspensionItem } from './types.ts';

const NO_SCHEMA =
  'the tool suspended without a resume schema (the suspended-runs list carries none: give it with forms.withResumeSchemas({ toolName: schema }))';
const ARGS_NOT_OBJECT = 'its arguments are not an object';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Builds an approval item, or a malformed one when its arguments are not an object. */
export function parseApproval(call: ItemCall, key: string): SuspensionItem {
  const { runId, toolCallId, toolName } = call;
  const identity = { key, runId, toolCallId, toolName, ...expiryOf(call.suspendPayload) };
  if (call.args !== undefined && !isRecord(call.args))
    return { ...identity, kind: 'malformed', of: 'approval', reason: ARGS_NOT_OBJECT, payload: call.args };
  return { ...identity, kind: 'approval', args: call.args };
}

/**
 * Builds a form item from a call's resume schema (`fallbackSchema` when the call has none), or a
 * malformed item that says what is wrong. Never throws.
 */
export function parseFormItem(call: ItemCall, key: string, fallbackSchema?: unknown): SuspensionItem {
  const { runId, toolCallId, toolName } = call;
  const payload = call.suspendPayload;
  const identity = { key, runId, toolCallId, toolName, ...expiryOf(payload) };
  const schema = call.resumeSchema ?? fallbackSchema;
  if (schema === undefined) return { ...identity, kind: 'malformed', of: 'form', reason: NO_SCHEMA, payload };
  const parsed = parseFormSchema(schema);
  if (!parsed.ok) return { ...identity, kind: 'malformed', of: 'form', reason: parsed.reason, payload };
  return { ...identity, kind: 'form', form: parsed.form, payload };
}

/**
 * Builds the item of a suspended call: an approval, a form generated from its resume schema, or a
 * malformed item that says what is wrong. Never throws.
 */
export const parseItem = (call: ItemCall, key = promptKey(call.runId, call.toolCallId)): SuspensionItem =>
  call.requiresApproval ? parseApproval(call, key) : parseFormItem(call, key);
