import { parseChunk, type KnownChunk } from './chunks.ts';
import { addItems, applyItemChunks, itemEntryOf, setItem, setItemsIn } from './items.ts';
import { isAskUserCall, promptKey } from './prompt.ts';
import { isBusy } from './reduceRun.ts';
import { isAsked } from './snapshotEdit.ts';
import type {
  DecodeEvent,
  ItemAction,
  ItemCall,
  ItemSupport,
  RunAction,
  RunSnapshot,
  RunStatus,
  SuspendedRun,
} from './types.ts';

/**
 * True when the user has something to do: an open prompt or item that can be answered, or a
 * suspended call that asked no question and has no item. The reducer for prompts alone counts
 * every suspended call without a prompt; here a call with an item waits on that item.
 */
function waitsForInput(s: RunSnapshot): boolean {
  if (s.openPrompts.some((prompt) => prompt.kind !== 'malformed')) return true;
  if (s.openItems.some((item) => item.kind !== 'malformed')) return true;
  const items = new Set(s.items.map(({ item }) => promptKey(item.runId, item.toolCallId)));
  return s.toolCalls.some(
    (call) => call.state === 'suspended' && !isAsked(s.transcript, call.key) && !items.has(call.key),
  );
}

const withStatus = (s: RunSnapshot, status: RunStatus): RunSnapshot =>
  status === s.status ? s : { ...s, status };

const waitingOr = (s: RunSnapshot, otherwise: RunStatus): RunSnapshot =>
  withStatus(s, waitsForInput(s) ? 'awaiting-input' : otherwise);

/** The approvals and other tools' suspensions of a suspended-runs list (not `ask_user` questions). */
function restoredItemCalls(runs: readonly SuspendedRun[]): ItemCall[] {
  return runs.flatMap(({ runId, toolCalls }) =>
    toolCalls
      .filter((call) => call.requiresApproval || !isAskUserCall(call))
      .map((call) => ({ ...call, runId, requiresApproval: call.requiresApproval === true })),
  );
}

/** The known chunks of a batch but text deltas (parsed again: items are not the common path). */
function toolChunksOf(events: readonly DecodeEvent[]): KnownChunk[] {
  const chunks: KnownChunk[] = [];
  for (const event of events) {
    if (event.kind !== 'chunk' || event.chunk.type === 'text-delta') continue;
    const parsed = parseChunk(event.chunk);
    if (parsed.ok && parsed.chunk.type !== 'unknown') chunks.push(parsed.chunk);
  }
  return chunks;
}

/** An approval or form item's lifecycle, as `submit-*` is a prompt's. */
function reduceItem(s: RunSnapshot, action: ItemAction): RunSnapshot {
  switch (action.type) {
    case 'item-start': {
      const entry = itemEntryOf(s, action.key);
      if (!entry || (entry.state !== 'ready' && entry.state !== 'failed')) return s;
      const next = setItem(s, action.key, { state: 'submitting', answer: action.answer, error: undefined });
      const runId = entry.item.runId;
      return {
        ...next,
        status: 'resuming',
        error: undefined,
        ...(runId === s.runId ? {} : { runId, text: '' }),
      };
    }
    case 'item-accepted':
      return { ...setItem(s, action.key, { state: 'answered', error: undefined }), status: 'streaming' };
    case 'item-failed': {
      const next = setItem(s, action.key, { state: 'failed', error: action.error });
      return { ...waitingOr(next, 'error'), error: action.error };
    }
    case 'item-refused':
      return waitingOr(
        setItem(s, action.key, { state: action.refusal.code, answer: undefined, error: undefined }),
        'idle',
      );
  }
}

/** The store follows an item's answer as a prompt's: its `submit-*` actions, as `item-*` ones. */
function asItemAction(action: RunAction): ItemAction | undefined {
  switch (action.type) {
    case 'submit-accepted':
      return { type: 'item-accepted', key: action.key };
    case 'submit-failed':
      return { type: 'item-failed', key: action.key, error: action.error };
    case 'submit-refused':
      return { type: 'item-refused', key: action.key, refusal: action.refusal };
    default:
      return undefined;
  }
}

/** The machinery every item kind shares (see `ItemKind.support`). */
export const itemSupport: ItemSupport = {
  after(s, action, next, kinds) {
    if (action.type.startsWith('item-')) return reduceItem(s, action as ItemAction);
    switch (action.type) {
      case 'events': {
        const withItems = applyItemChunks(next, toolChunksOf(action.events), kinds);
        // A batch that left the run waiting only on items that cannot be answered settles it.
        if (withItems.status !== 'awaiting-input' || waitsForInput(withItems)) return withItems;
        return withStatus(withItems, 'done');
      }
      case 'restore': {
        const restored = addItems(next, restoredItemCalls(action.runs), false, kinds);
        return restored === next || isBusy(restored.status) ? restored : waitingOr(restored, restored.status);
      }
      case 'send':
        // A new message moves the conversation on: an item that could not be answered is gone.
        return setItemsIn(next, 'malformed', { state: 'expired' });
      case 'stream-error':
        return setItemsIn(next, 'submitting', { state: 'failed', error: action.error });
      case 'cancelled':
        if (next === s) return next;
        return waitingOr(setItemsIn(next, 'submitting', { state: 'ready', answer: undefined }), next.status);
      default: {
        const itemAction = 'key' in action && itemEntryOf(s, action.key) ? asItemAction(action) : undefined;
        return itemAction ? reduceItem(s, itemAction) : next;
      }
    }
  },
};
