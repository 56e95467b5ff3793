import { isTextDelta, parseChunk, type KnownChunk, type UnknownChunk } from './chunks.ts';
import { AGENT_ERROR_MESSAGE, ENDED_EARLY_MESSAGE, messageOf } from './errors.ts';
import { promptKey } from './prompt.ts';
import { listedCallOf, suspendedCallOf } from './suspendedCall.ts';
import { isWaitedOn } from './conversation.ts';
import { callKeyOf, patchSnapshot, SnapshotEdit } from './snapshotEdit.ts';
import type {
  DecodeEvent,
  ItemKind,
  Refusal,
  RunError,
  RunSnapshot,
  RunStatus,
  SuspendedRun,
  WaitingEntry,
} from './types.ts';

export { isOpen } from './snapshotEdit.ts';

/**
 * What changes a `RunSnapshot`. The store dispatches these. A waiting entry of any kind (a prompt
 * or an item) goes through the same `submit-*` actions, found by its key.
 */
export type RunAction =
  /** A user message (`text`, none for a workflow's start) goes out; a new run starts streaming. Open malformed entries expire. */
  | { type: 'send'; id: string; text: string | undefined }
  /** A batch of decoded events (one network read). */
  | { type: 'events'; events: readonly DecodeEvent[] }
  /** The stream ended normally (not necessarily with a `finish`). */
  | { type: 'stream-end' }
  /** The stream broke off; the store re-attaches to the run to read the rest of the reply. */
  | { type: 'reconnecting' }
  /** The stream or its request failed. */
  | { type: 'stream-error'; error: RunError }
  /** `cancel()` stopped the request or stream in flight. */
  | { type: 'cancelled' }
  /** An answer to an open entry is on its way. */
  | { type: 'submit-start'; key: string; answer: unknown }
  /** The server took the answer; the resumed run streams. */
  | { type: 'submit-accepted'; key: string }
  /** The answer's request failed: the entry is `failed`, its answer kept for a retry. */
  | { type: 'submit-failed'; key: string; error: RunError }
  /** The server refused the answer: the question expired, or another client answered it first. */
  | { type: 'submit-refused'; key: string; refusal: Refusal & { code: 'expired' | 'answered-elsewhere' } }
  /**
   * Open entries from Mastra's suspended-runs list. `reopen` names answered entries whose reply
   * broke off (with that error): listed again, they become `failed`.
   */
  | { type: 'restore'; runs: readonly SuspendedRun[]; reopen?: readonly { key: string; error: RunError }[] }
  /** A change made outside the reducer, by the kit's opt-in entries (history). */
  | { type: 'edit'; edit: (snapshot: RunSnapshot) => RunSnapshot }
  /** Back to the initial snapshot. */
  | { type: 'reset' };

// One frozen empty list for every list of the initial snapshot: nothing may push into it.
const none = Object.freeze([]) as never[];

/** The snapshot before anything happened. */
export const initialRunSnapshot: RunSnapshot = Object.freeze({
  status: 'idle',
  runId: undefined,
  text: '',
  transcript: none,
  openPrompts: none,
  items: none,
  openItems: none,
  toolCalls: none,
  error: undefined,
  issues: none,
});

export { MAX_ISSUES } from './snapshotEdit.ts';

export const isBusy = (status: RunStatus) =>
  status === 'streaming' || status === 'resuming' || status === 'reconnecting';

/**
 * True when the user has something to do: an open prompt or item that can be answered (not a
 * malformed one), or a suspended call that no waiting entry stands for (a kind the store does not
 * know: the run waits, with nothing to show).
 */
function waitsForInput(s: RunSnapshot): boolean {
  if (s.openPrompts.some((prompt) => prompt.kind !== 'malformed')) return true;
  if (s.openItems.some((item) => item.kind !== 'malformed')) return true;
  return s.toolCalls.some((call) => call.state === 'suspended' && !isWaitedOn(s, call.key));
}

/** `awaiting-input` when the user has something to do, else `otherwise`. */
export const waitingOr = (s: RunSnapshot, otherwise: RunStatus): RunStatus =>
  waitsForInput(s) ? 'awaiting-input' : otherwise;

/** `s` with the status `waitingOr` gives. */
const settle = (s: RunSnapshot, otherwise: RunStatus): RunSnapshot =>
  patchSnapshot(s, { status: waitingOr(s, otherwise) });

/**
 * Applies one chunk. Returns the status it settles the run on when nothing waits for the user
 * (the batch's end decides: something still waiting makes it `awaiting-input`), if it settles it.
 */
function applyChunk(edit: SnapshotEdit, chunk: KnownChunk | UnknownChunk): RunStatus | undefined {
  switch (chunk.type) {
    case 'start':
      edit.enterRun(chunk.runId);
      return undefined;
    case 'tool-call':
      edit.setToolCall(chunk, { toolName: chunk.payload.toolName, args: chunk.payload.args });
      return undefined;
    case 'tool-call-suspended':
    case 'tool-call-approval': {
      const before = edit.setToolCall(chunk, { state: 'suspended' });
      edit.addWaiting(suspendedCallOf(chunk, before?.toolName), true);
      // Only entries that cannot be answered: the run stopped on them.
      return 'done';
    }
    case 'tool-result':
    case 'tool-error': {
      const failed = chunk.type === 'tool-error' || chunk.payload.isError === true;
      const outcome =
        chunk.type === 'tool-error' ? { error: chunk.payload.error } : { result: chunk.payload.result };
      const before = edit.setToolCall(chunk, { state: failed ? 'failed' : 'done', ...outcome });
      edit.finishCall(edit.callKey(chunk));
      // A suspended tool that got its result no longer waits: the run goes on.
      return before?.state === 'suspended' ? 'streaming' : undefined;
    }
    case 'error':
      edit.set({
        status: 'error',
        error: { code: 'stream', message: messageOf(chunk.payload.error, AGENT_ERROR_MESSAGE) },
      });
      return undefined;
    case 'finish':
      return 'done';
    case 'abort':
      return 'idle';
    default:
      // step-start, step-finish, text-start, text-end, unknown types change nothing; text-delta is
      // appended by applyEvents, a run of deltas at once.
      return undefined;
  }
}

function applyEvents(
  s: RunSnapshot,
  events: readonly DecodeEvent[],
  kinds: readonly ItemKind[],
): RunSnapshot {
  const edit = new SnapshotEdit(s, kinds);
  // Chunks arrive again: the reply streams on.
  if (s.status === 'reconnecting') edit.set({ status: 'streaming' });
  let settled: RunStatus | undefined;
  // Text deltas in a row (of one run) are joined and appended once: a long reply changes its
  // entry once per network read, not once per delta. Deltas are the bulk of a stream: they take
  // a path of their own, with no parse result built for each.
  let text = '';
  let runId: string | undefined;
  for (const event of events) {
    if (event.kind === 'chunk' && isTextDelta(event.chunk)) {
      const delta = event.chunk;
      if (delta.runId !== runId) {
        edit.appendText(runId, text);
        runId = delta.runId;
        text = '';
      }
      text += delta.payload.text;
      continue;
    }
    const parsed =
      event.kind === 'chunk' ? parseChunk(event.chunk) : { ok: false as const, issue: event.issue };
    if (!parsed.ok) {
      edit.addIssue(parsed.issue);
      continue;
    }
    edit.appendText(runId, text);
    text = '';
    settled = applyChunk(edit, parsed.chunk) ?? settled;
  }
  edit.appendText(runId, text);
  const next = edit.done();
  if (!settled || next.status === 'error') return next;
  return settle(next, settled);
}

function restore(
  s: RunSnapshot,
  action: Extract<RunAction, { type: 'restore' }>,
  kinds: readonly ItemKind[],
): RunSnapshot {
  const edit = new SnapshotEdit(s, kinds);
  const listed = new Set<string>();
  for (const { runId, toolCalls } of action.runs) {
    for (const call of toolCalls) {
      listed.add(promptKey(runId, call.toolCallId));
      edit.addWaiting(listedCallOf(runId, call), false);
    }
  }
  for (const { key, error } of action.reopen ?? []) {
    const entry = edit.entry(key);
    if (entry && listed.has(callKeyOf(entry))) edit.reopen(key, error);
  }
  const next = edit.done();
  if (next === s || isBusy(next.status)) return next;
  return settle(next, next.status);
}

/**
 * The pure reducer of a conversation: `(snapshot, action) → snapshot`. Never mutates; returns the
 * same object when nothing changed (a `step-start`, an unknown chunk type, a known prompt restored
 * again), so a store can skip notifying. `kinds` are the store's item kinds: they turn suspended
 * calls that are not `ask_user` questions into items. An action costs a few steps per event it
 * carries and per waiting entry it changes, however long the transcript.
 */
export function reduceRun(s: RunSnapshot, action: RunAction, kinds: readonly ItemKind[] = []): RunSnapshot {
  switch (action.type) {
    case 'send': {
      const edit = new SnapshotEdit(s);
      // A new message moves the conversation on: what could not be answered is gone.
      edit.setEntriesIn('malformed', { state: 'expired' });
      if (action.text !== undefined) edit.addMessage(action.id, action.text);
      edit.set({ status: 'streaming', runId: undefined, text: '', error: undefined });
      return edit.done();
    }
    case 'events':
      return applyEvents(s, action.events, kinds);
    case 'stream-end':
      if (!isBusy(s.status)) return s;
      return patchSnapshot(s, {
        status: 'error',
        error: { code: 'ended-early', message: ENDED_EARLY_MESSAGE },
      });
    case 'reconnecting':
      return isBusy(s.status) ? patchSnapshot(s, { status: 'reconnecting' }) : s;
    case 'stream-error': {
      const edit = new SnapshotEdit(s);
      // An answer still on its way was never taken.
      edit.setEntriesIn('submitting', { state: 'failed', error: action.error });
      edit.set({ status: 'error', error: action.error });
      return edit.done();
    }
    case 'cancelled': {
      // Only a request in flight can be cancelled, and only then is an answer on its way.
      if (!isBusy(s.status)) return s;
      const edit = new SnapshotEdit(s);
      edit.setEntriesIn('submitting', { state: 'ready', answer: undefined });
      return settle(edit.done(), 'idle');
    }
    case 'submit-start': {
      const edit = new SnapshotEdit(s);
      const entry = edit.entry(action.key);
      if (!entry || (entry.state !== 'ready' && entry.state !== 'failed')) return s;
      const answer = action.answer as WaitingEntry['answer'];
      edit.setEntry(action.key, { state: 'submitting', answer, error: undefined });
      edit.enterRun(entry.type === 'prompt' ? entry.prompt.runId : entry.item.runId);
      edit.set({ status: 'resuming', error: undefined });
      return edit.done();
    }
    case 'submit-accepted': {
      const edit = new SnapshotEdit(s);
      edit.setEntry(action.key, { state: 'answered', error: undefined });
      edit.set({ status: 'streaming' });
      return edit.done();
    }
    case 'submit-failed': {
      const edit = new SnapshotEdit(s);
      edit.setEntry(action.key, { state: 'failed', error: action.error });
      const next = edit.done();
      return patchSnapshot(next, { status: waitingOr(next, 'error'), error: action.error });
    }
    case 'submit-refused': {
      // Not a failure of the run: the question closed, elsewhere or for good.
      const edit = new SnapshotEdit(s);
      edit.setEntry(action.key, { state: action.refusal.code, answer: undefined, error: undefined });
      return settle(edit.done(), 'idle');
    }
    case 'restore':
      return restore(s, action, kinds);
    case 'edit':
      return action.edit(s);
    case 'reset':
      return initialRunSnapshot;
    default:
      action satisfies never;
      return s;
  }
}
