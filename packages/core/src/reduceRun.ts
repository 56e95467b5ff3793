import { parseChunk, type KnownChunk, type UnknownChunk } from './chunks.ts';
import { messageOf } from './errors.ts';
import { isAskUserCall, parsePrompt, promptKey, type AnswerValue, type SuspendedToolCall } from './prompt.ts';
import type {
  DecodeEvent,
  RunError,
  RunSnapshot,
  RunStatus,
  SuspendedRun,
  ToolCallEntry,
  TranscriptEntry,
} from './types.ts';

/** What changes a `RunSnapshot`. The store dispatches these; tests and tools may too. */
export type RunAction =
  /** A user message goes out; a new run starts streaming. */
  | { type: 'send'; id: string; text: string }
  /** A batch of decoded events (one network read). */
  | { type: 'events'; events: readonly DecodeEvent[] }
  /** The stream ended normally (not necessarily with a `finish`). */
  | { type: 'stream-end' }
  /** The stream or its request failed. */
  | { type: 'stream-error'; error: RunError }
  /** `cancel()` stopped the request or stream in flight. */
  | { type: 'cancelled' }
  /** An answer to a pending prompt is on its way. */
  | { type: 'answer-start'; key: string; answer: AnswerValue }
  /** The server took the answer; the resumed run streams. */
  | { type: 'answer-accepted'; key: string }
  /** The server did not take the answer. */
  | { type: 'answer-failed'; key: string; error: RunError }
  /** Pending prompts from Mastra's suspended-runs list. */
  | { type: 'restore'; runs: readonly SuspendedRun[] }
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
  pending: none,
  toolCalls: none,
  error: undefined,
  issues: none,
});

/** How many decode issues a snapshot keeps (the most recent). */
export const MAX_ISSUES = 50;

type PromptEntry = Extract<TranscriptEntry, { type: 'prompt' }>;
type ToolChunk = Extract<KnownChunk, { type: `tool-${string}` }>;

const isBusy = (status: RunStatus) => status === 'streaming' || status === 'resuming';

/** `awaiting-input` while a question waits, else `otherwise`. */
const waiting = (s: RunSnapshot, otherwise: RunStatus): RunStatus => (s.pending.length > 0 ? 'awaiting-input' : otherwise);

/** The snapshot in run `runId`: another run than the current one starts with no text. */
const enter = (s: RunSnapshot, runId: string | undefined): RunSnapshot =>
  !runId || runId === s.runId ? s : { ...s, runId, text: '' };

/** Applies `patch` to the prompt entry `key`; an answered or expired prompt no longer waits. */
const setPrompt = (s: RunSnapshot, key: string, patch: Partial<PromptEntry> & Pick<PromptEntry, 'state'>): RunSnapshot => ({
  ...s,
  pending: patch.state === 'answered' || patch.state === 'expired' ? s.pending.filter((p) => p.key !== key) : s.pending,
  transcript: s.transcript.map((e) => (e.type === 'prompt' && e.id === key ? { ...e, ...patch } : e)),
});

/** Prompts whose answer was on its way go back to pending: the server never took it. */
const unsubmit = (t: TranscriptEntry[]): TranscriptEntry[] =>
  t.map((e) => (e.type === 'prompt' && e.state === 'submitting' ? { ...e, state: 'pending' } : e));

/**
 * Applies `patch` to the tool call of this chunk, or adds the call (`running` unless the patch
 * says otherwise). Keys are unique: a reused tool call id updates its entry.
 */
function setToolCall(s: RunSnapshot, chunk: ToolChunk, patch: Partial<ToolCallEntry>): RunSnapshot {
  const runId = chunk.runId ?? s.runId ?? '';
  const { toolCallId, toolName = '', args } = chunk.payload;
  const key = promptKey(runId, toolCallId);
  return {
    ...s,
    toolCalls: s.toolCalls.some((c) => c.key === key)
      ? s.toolCalls.map((c) => (c.key === key ? { ...c, ...patch } : c))
      : [...s.toolCalls, { key, runId, toolCallId, toolName, args, state: 'running', ...patch }],
  };
}

/**
 * Adds the question of a suspended `ask_user` call (another tool's call adds nothing) unless it is
 * already known. A live suspension (`fresh`) whose key belongs to a question already answered or
 * expired is a new question: tool call ids come from the model, and some number them by position
 * (a restarted server, a provider counting from call_1 again), so it gets a key of its own.
 */
function addPrompt(s: RunSnapshot, call: SuspendedToolCall, fresh?: boolean): RunSnapshot {
  if (!isAskUserCall(call)) return s;
  let prompt = parsePrompt(call);
  // Its entries in the transcript, and whether one still waits (is pending).
  const known = s.transcript.filter((e) => e.type === 'prompt' && e.prompt.runId === prompt.runId && e.prompt.toolCallId === prompt.toolCallId);
  if (known.length > 0) {
    if (!fresh || s.pending.some((p) => p.runId === prompt.runId && p.toolCallId === prompt.toolCallId)) return s;
    prompt = { ...prompt, key: `${prompt.key}#${known.length + 1}` };
  }
  return {
    ...s,
    pending: [...s.pending, prompt],
    transcript: [...s.transcript, { type: 'prompt', id: prompt.key, prompt, state: 'pending' }],
  };
}

function appendText(s: RunSnapshot, runId: string | undefined, text: string): RunSnapshot {
  if (!text) return s;
  s = enter(s, runId);
  const run = s.runId ?? '';
  // One copy of the transcript: its last entry grows, or a new one follows it.
  const transcript = s.transcript.slice();
  const last = transcript.at(-1);
  if (last?.type === 'assistant' && last.runId === run) transcript[transcript.length - 1] = { ...last, text: last.text + text };
  else transcript.push({ type: 'assistant', id: `${run}:text:${transcript.length}`, runId: run, text });
  return { ...s, text: s.text + text, transcript };
}

function reduceChunk(s: RunSnapshot, chunk: KnownChunk | UnknownChunk): RunSnapshot {
  switch (chunk.type) {
    case 'start':
      return enter(s, chunk.runId);
    case 'tool-call':
      return setToolCall(s, chunk, { toolName: chunk.payload.toolName, args: chunk.payload.args });
    case 'tool-call-suspended':
    case 'tool-call-approval': {
      let next = setToolCall(s, chunk, { state: 'suspended' });
      if (chunk.type === 'tool-call-suspended') next = addPrompt(next, { ...chunk.payload, runId: chunk.runId }, true);
      return next.status === 'error' ? next : { ...next, status: 'awaiting-input' };
    }
    case 'tool-result':
      return setToolCall(s, chunk, { state: chunk.payload.isError ? 'failed' : 'done', result: chunk.payload.result });
    case 'tool-error':
      return setToolCall(s, chunk, { state: 'failed', error: chunk.payload.error });
    case 'error':
      return {
        ...s,
        status: 'error',
        error: { code: 'stream', message: messageOf(chunk.payload.error, 'The agent reported an error.') },
      };
    case 'finish':
    case 'abort': {
      if (s.status === 'error') return s;
      // A finished run waits on a question, or on another suspended tool (one with no prompt).
      const status = waiting(
        s,
        chunk.type === 'abort'
          ? 'idle'
          : s.toolCalls.some((c) => c.state === 'suspended' && !s.transcript.some((e) => e.type === 'prompt' && e.id === c.key))
            ? 'awaiting-input'
            : 'done',
      );
      return status === s.status ? s : { ...s, status };
    }
    default:
      // step-start, step-finish, text-start, text-end, unknown types change nothing; text-delta is
      // appended by reduceEvents, a run of deltas at once.
      return s;
  }
}


/**
 * The pure reducer of a conversation: `(snapshot, action) → snapshot`. Never mutates; returns the
 * same object when nothing changed (a `step-start`, an unknown chunk type, a known prompt restored
 * again), so a store can skip notifying.
 * @example
 * let s = reduceRun(initialRunSnapshot, { type: 'send', id: 'u1', text: 'Plan a trip' });
 * s = reduceRun(s, { type: 'events', events: decodeText(sse) });
 * s = reduceRun(s, { type: 'stream-end' }); // → status 'awaiting-input', s.pending[0].question …
 */
export function reduceRun(s: RunSnapshot, action: RunAction): RunSnapshot {
  switch (action.type) {
    case 'send':
      return {
        ...s,
        status: 'streaming',
        runId: undefined,
        text: '',
        error: undefined,
        transcript: [...s.transcript, { type: 'user', id: action.id, text: action.text }],
      };
    case 'events': {
      // Text deltas in a row (of one run) are joined and appended once: a long reply copies the
      // transcript once per network read, not once per delta.
      let text = '';
      let runId: string | undefined;
      for (const event of action.events) {
        const parsed = event.kind === 'chunk' ? parseChunk(event.chunk) : { ok: false as const, issue: event.issue };
        if (!parsed.ok) {
          s = { ...s, issues: [...s.issues, parsed.issue].slice(-MAX_ISSUES) };
          continue;
        }
        const { chunk } = parsed;
        if (chunk.type === 'text-delta' && chunk.runId === runId) {
          text += chunk.payload.text;
          continue;
        }
        s = appendText(s, runId, text);
        text = '';
        if (chunk.type === 'text-delta') {
          runId = chunk.runId;
          text = chunk.payload.text;
        } else {
          s = reduceChunk(s, chunk);
        }
      }
      return appendText(s, runId, text);
    }
    case 'stream-end':
      return isBusy(s.status)
        ? { ...s, status: 'error', error: { code: 'network', message: 'The connection closed before the run ended.' } }
        : s;
    case 'stream-error':
      return { ...s, status: 'error', error: action.error, transcript: unsubmit(s.transcript) };
    case 'cancelled':
      // Only a request in flight can be cancelled, and only then is an answer on its way.
      return isBusy(s.status) ? { ...s, status: waiting(s, 'idle'), transcript: unsubmit(s.transcript) } : s;
    case 'answer-start': {
      const { key, answer } = action;
      const prompt = s.pending.find((p) => p.key === key);
      if (!prompt) return s;
      return {
        ...enter(setPrompt(s, key, { state: 'submitting', answer, error: undefined }), prompt.runId),
        status: 'resuming',
        error: undefined,
      };
    }
    case 'answer-accepted':
      return { ...setPrompt(s, action.key, { state: 'answered', error: undefined }), status: 'streaming' };
    case 'answer-failed': {
      const { key, error } = action;
      // A failed attempt is not the answer: the prompt waits again, with the reason.
      const next = setPrompt(s, key, error.code === 'expired' ? { state: 'expired', error } : { state: 'pending', answer: undefined, error });
      return { ...next, status: waiting(next, 'error'), error };
    }
    case 'restore': {
      let next = s;
      for (const { runId, toolCalls } of action.runs) {
        for (const call of toolCalls) {
          if (!call.requiresApproval) next = addPrompt(next, { ...call, runId });
        }
      }
      return next === s || isBusy(next.status) ? next : { ...next, status: 'awaiting-input' };
    }
    case 'reset':
      return initialRunSnapshot;
    default:
      action satisfies never;
      return s;
  }
}
