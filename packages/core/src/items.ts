import type { KnownChunk } from './chunks.ts';
import { parseFormSchema } from './formSchema.ts';
import { askingKey, isAskUserCall, promptKey, type PromptState } from './prompt.ts';
import type {
  ItemAnswer,
  ItemCall,
  ItemEntry,
  ItemIdentity,
  ItemKind,
  RunSnapshot,
  SuspensionItem,
} from './types.ts';

const NO_SCHEMA =
  'the tool suspended without a resume schema (the suspended-runs list carries none: give it with forms.withResumeSchemas({ toolName: schema }))';
const ARGS_NOT_OBJECT = 'its arguments are not an object';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Builds an approval item, or a malformed one when its arguments are not an object. */
export function parseApproval(call: ItemCall, key: string): SuspensionItem {
  const { runId, toolCallId, toolName } = call;
  const identity = { key, runId, toolCallId, toolName };
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
  const identity = { key, runId, toolCallId, toolName };
  const payload = call.suspendPayload;
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

/**
 * Answers the items of a store given item kinds (`itemAnswers(store)`). Each
 * rejects like `store.submit` (a `RequestError`) when nothing was sent; answering an item twice
 * while its answer is in flight returns the same promise (one request).
 */
export interface ItemAnswers {
  /** Approves the approval `key`: the run goes on and the tool runs. */
  approve(key: string): Promise<void>;
  /** Declines the approval `key`; `reason` (optional) is told to the model. */
  decline(key: string, reason?: string): Promise<void>;
  /** Sends `answer` for the item `key` as is (a form's data unchecked: see `submitForm`). */
  answer(key: string, answer: ItemAnswer): Promise<void>;
  /** Sends a `failed` item's answer again, unchanged. */
  retry(key: string): Promise<void>;
}

/** The item call of a chunk, when it is an approval or another tool's suspension than `ask_user`'s. */
export function itemCallOf(chunk: KnownChunk): ItemCall | undefined {
  if (chunk.type !== 'tool-call-approval' && chunk.type !== 'tool-call-suspended') return undefined;
  const { toolCallId, toolName, args, resumeSchema } = chunk.payload;
  const call = { runId: chunk.runId, toolCallId, toolName, args, resumeSchema };
  if (chunk.type === 'tool-call-approval') return { ...call, requiresApproval: true };
  const { suspendPayload } = chunk.payload;
  if (isAskUserCall({ toolName, suspendPayload })) return undefined;
  return { ...call, requiresApproval: false, suspendPayload };
}

const OPEN: ReadonlySet<PromptState> = new Set(['ready', 'submitting', 'failed', 'malformed']);
const callKey = (item: ItemIdentity) => promptKey(item.runId, item.toolCallId);

/** The snapshot with `items` replaced, and `openItems` rebuilt (the previous list when the same). */
function withItems(s: RunSnapshot, items: ItemEntry[]): RunSnapshot {
  const open = items.filter((entry) => OPEN.has(entry.state)).map((entry) => entry.item);
  const before = s.openItems;
  const same = open.length === before.length && open.every((item, index) => item === before[index]);
  return { ...s, items, openItems: same ? before : open };
}

function firstParse(kinds: readonly ItemKind[], call: ItemCall, key: string): SuspensionItem | undefined {
  for (const kind of kinds) {
    const item = kind.parse(call, key);
    if (item) return item;
  }
  return undefined;
}

/**
 * Adds the items of suspended calls, unless known. A `live` suspension of a call whose items are
 * all closed is asked again (model call ids repeat): it gets a key of its own, as prompts do.
 */
export function addItems(
  s: RunSnapshot,
  calls: readonly ItemCall[],
  live: boolean,
  kinds: readonly ItemKind[],
): RunSnapshot {
  if (calls.length === 0) return s;
  const items = s.items.slice();
  for (const call of calls) {
    const key = promptKey(call.runId, call.toolCallId);
    const askings = items.filter((entry) => callKey(entry.item) === key);
    if (askings.length > 0 && (!live || askings.some((entry) => OPEN.has(entry.state)))) continue;
    const itemKey = askingKey(call.runId, call.toolCallId, askings.length + 1);
    const item = firstParse(kinds, call, itemKey);
    // A suspension no kind supports stays a suspended tool call: the run waits, nothing to show.
    if (!item) continue;
    items.push({ item, state: item.kind === 'malformed' ? 'malformed' : 'ready' });
  }
  return items.length === s.items.length ? s : withItems(s, items);
}

/**
 * Applies a batch's tool chunks to the items: approvals and other tools' suspensions are added;
 * an open item whose call got its result (or error) no longer waits: it expires.
 */
export function applyItemChunks(
  s: RunSnapshot,
  chunks: readonly KnownChunk[],
  kinds: readonly ItemKind[],
): RunSnapshot {
  const calls: ItemCall[] = [];
  const finished = new Set<string>();
  for (const chunk of chunks) {
    const call = itemCallOf(chunk);
    if (call) calls.push(call);
    else if (chunk.type === 'tool-result' || chunk.type === 'tool-error')
      finished.add(promptKey(chunk.runId ?? s.runId ?? '', chunk.payload.toolCallId));
  }
  const next = addItems(s, calls, true, kinds);
  if (finished.size === 0 || !next.items.some((entry) => finished.has(callKey(entry.item)))) return next;
  return withItems(
    next,
    next.items.map((entry) =>
      OPEN.has(entry.state) && finished.has(callKey(entry.item)) ? { ...entry, state: 'expired' } : entry,
    ),
  );
}

/** Applies `change` to the item `key`; the same snapshot when there is none. */
export function setItem(s: RunSnapshot, key: string, change: Partial<ItemEntry>): RunSnapshot {
  const index = s.items.findIndex((entry) => entry.item.key === key);
  if (index < 0) return s;
  const items = s.items.slice();
  items[index] = { ...items[index]!, ...change };
  return withItems(s, items);
}

/** Applies `change` to every item in `state`; the same snapshot when there is none. */
export function setItemsIn(s: RunSnapshot, state: PromptState, change: Partial<ItemEntry>): RunSnapshot {
  if (!s.items.some((entry) => entry.state === state)) return s;
  return withItems(
    s,
    s.items.map((entry) => (entry.state === state ? { ...entry, ...change } : entry)),
  );
}

/** The call keys of every item: their suspended calls are not another tool's to wait on. */
export const itemCallKeys = (s: RunSnapshot): string[] => s.items.map((entry) => callKey(entry.item));

/** The item entry `key`, if any. */
export const itemEntryOf = (s: RunSnapshot, key: string): ItemEntry | undefined =>
  s.items.find((entry) => entry.item.key === key);
