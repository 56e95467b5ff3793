import { parseChunk, type KnownChunk, type UnknownChunk } from './chunks.ts';
import { AGENT_ERROR_MESSAGE, ENDED_EARLY_MESSAGE, messageOf } from './errors.ts';
import { promptKey } from './prompt.ts';
import { callKeyOf, isAsked, SnapshotEdit } from './snapshotEdit.ts';
import type {
  DecodeEvent,
  ItemAction,
  ItemKind,
  MastraChunk,
  RunAction,
  RunSnapshot,
  RunStatus,
} from './types.ts';

export { isOpen } from './snapshotEdit.ts';

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

export const isBusy = (status: RunStatus) => status === 'streaming' || status === 'resuming';

/**
 * True when the user has something to do: an open prompt that can be answered (not a malformed
 * one), or another tool's suspension (a suspended call that asked no question).
 */
function waitsForInput(s: RunSnapshot): boolean {
  if (s.openPrompts.some((prompt) => prompt.kind !== 'malformed')) return true;
  return s.toolCalls.some((call) => call.state === 'suspended' && !isAsked(s.transcript, call.key));
}

/** `awaiting-input` when the user has something to do, else `otherwise`. */
export const waitingOr = (s: RunSnapshot, otherwise: RunStatus): RunStatus =>
  waitsForInput(s) ? 'awaiting-input' : otherwise;

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
      edit.setToolCall(chunk, { state: 'suspended' });
      edit.addPrompt({ ...chunk.payload, runId: chunk.runId }, true);
      // Only a question that cannot be answered: the run stopped on it.
      return 'done';
    case 'tool-call-approval':
      edit.setToolCall(chunk, { state: 'suspended' });
      return 'done';
    case 'tool-result':
    case 'tool-error': {
      const failed = chunk.type === 'tool-error' || chunk.payload.isError === true;
      const outcome =
        chunk.type === 'tool-error' ? { error: chunk.payload.error } : { result: chunk.payload.result };
      const before = edit.setToolCall(chunk, { state: failed ? 'failed' : 'done', ...outcome });
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

/** A well-formed `text-delta` (what `parseChunk` accepts), told apart without building a result. */
type TextDelta = MastraChunk & { runId: string | undefined; payload: { text: string } };

function isTextDelta(chunk: MastraChunk): chunk is TextDelta {
  if (chunk.type !== 'text-delta') return false;
  const { runId, payload } = chunk;
  if (runId !== undefined && typeof runId !== 'string') return false;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
  return typeof (payload as TextDelta['payload']).text === 'string';
}

function applyEvents(s: RunSnapshot, events: readonly DecodeEvent[]): RunSnapshot {
  const edit = new SnapshotEdit(s);
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
  const status = waitingOr(next, settled);
  return status === next.status ? next : { ...next, status };
}

function restore(s: RunSnapshot, action: Extract<RunAction, { type: 'restore' }>): RunSnapshot {
  const edit = new SnapshotEdit(s);
  const listed = new Set<string>();
  for (const { runId, toolCalls } of action.runs) {
    for (const call of toolCalls) {
      if (call.requiresApproval) continue;
      listed.add(promptKey(runId, call.toolCallId));
      edit.addPrompt({ ...call, runId }, false);
    }
  }
  for (const { key, error } of action.reopen ?? []) {
    const entry = edit.promptEntry(key);
    if (entry && listed.has(callKeyOf(entry.prompt))) edit.reopen(key, error);
  }
  const next = edit.done();
  if (next === s || isBusy(next.status)) return next;
  const status = waitingOr(next, next.status);
  return status === next.status ? next : { ...next, status };
}

/**
 * The pure reducer of a conversation: `(snapshot, action) → snapshot`. Never mutates; returns the
 * same object when nothing changed (a `step-start`, an unknown chunk type, a known prompt restored
 * again), so a store can skip notifying. Each action costs one pass over the snapshot at most,
 * plus one step per event it carries.
 * @example
 * let s = reduceRun(initialRunSnapshot, { type: 'send', id: 'u1', text: 'Plan a trip' });
 * s = reduceRun(s, { type: 'events', events: decodeText(sse) });
 * s = reduceRun(s, { type: 'stream-end' }); // → status 'awaiting-input', s.openPrompts[0].question …
 */
export function reduceRun(s: RunSnapshot, action: RunAction, kinds: readonly ItemKind[] = []): RunSnapshot {
  const next = reducePrompts(s, action);
  // Items (approvals, forms) only when the app gave their kinds: then their code follows each action.
  return kinds[0]?.support.after(s, action, next, kinds) ?? next;
}

/** `reduceRun` for `ask_user` prompts: item actions change nothing here. */
function reducePrompts(s: RunSnapshot, action: RunAction): RunSnapshot {
  switch (action.type) {
    case 'send': {
      const edit = new SnapshotEdit(s);
      // A new message moves the conversation on: a question that could not be answered is gone.
      edit.setPromptsIn('malformed', (entry) => ({ ...entry, state: 'expired' }));
      edit.transcript().push({ type: 'user', id: action.id, text: action.text });
      edit.set({ status: 'streaming', runId: undefined, text: '', error: undefined });
      return edit.done();
    }
    case 'events':
      return applyEvents(s, action.events);
    case 'stream-end':
      if (!isBusy(s.status)) return s;
      return { ...s, status: 'error', error: { code: 'ended-early', message: ENDED_EARLY_MESSAGE } };
    case 'stream-error': {
      const edit = new SnapshotEdit(s);
      // An answer still on its way was never taken.
      edit.setPromptsIn('submitting', (entry) => ({ ...entry, state: 'failed', error: action.error }));
      edit.set({ status: 'error', error: action.error });
      return edit.done();
    }
    case 'cancelled': {
      // Only a request in flight can be cancelled, and only then is an answer on its way.
      if (!isBusy(s.status)) return s;
      const edit = new SnapshotEdit(s);
      edit.setPromptsIn('submitting', (entry) => ({ ...entry, state: 'ready', answer: undefined }));
      const next = edit.done();
      return { ...next, status: waitingOr(next, 'idle') };
    }
    case 'submit-start': {
      const edit = new SnapshotEdit(s);
      const entry = edit.promptEntry(action.key);
      if (!entry || (entry.state !== 'ready' && entry.state !== 'failed')) return s;
      edit.setPrompt(action.key, { state: 'submitting', answer: action.answer, error: undefined });
      edit.enterRun(entry.prompt.runId);
      edit.set({ status: 'resuming', error: undefined });
      return edit.done();
    }
    case 'submit-accepted': {
      const edit = new SnapshotEdit(s);
      edit.setPrompt(action.key, { state: 'answered', error: undefined });
      edit.set({ status: 'streaming' });
      return edit.done();
    }
    case 'submit-failed': {
      const edit = new SnapshotEdit(s);
      edit.setPrompt(action.key, { state: 'failed', error: action.error });
      const next = edit.done();
      return { ...next, status: waitingOr(next, 'error'), error: action.error };
    }
    case 'submit-refused': {
      // Not a failure of the run: the question closed, elsewhere or for good.
      const edit = new SnapshotEdit(s);
      edit.setPrompt(action.key, { state: action.refusal.code, answer: undefined, error: undefined });
      const next = edit.done();
      return { ...next, status: waitingOr(next, 'idle') };
    }
    case 'restore':
      return restore(s, action);
    case 'edit':
      return action.edit(s);
    case 'reset':
      return initialRunSnapshot;
    default:
      // item-* actions: the items' support applies them (see `ItemKind`).
      action satisfies ItemAction;
      return s;
  }
}
