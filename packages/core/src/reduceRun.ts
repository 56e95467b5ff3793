import { parseChunk, type KnownChunk, type UnknownChunk } from './chunks.ts';
import { messageOf } from './errors.ts';
import { isAskUserCall, parsePrompt, promptKey, type AnswerValue, type Prompt } from './prompt.ts';
import type {
  DecodeEvent,
  DecodeIssue,
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

/** The snapshot before anything happened. */
export const initialRunSnapshot: RunSnapshot = Object.freeze({
  status: 'idle',
  runId: undefined,
  text: '',
  transcript: Object.freeze([]),
  pending: Object.freeze([]),
  toolCalls: Object.freeze([]),
  error: undefined,
  issues: Object.freeze([]),
}) as unknown as RunSnapshot;

/** How many decode issues a snapshot keeps (the most recent). */
export const MAX_ISSUES = 50;

const NETWORK_CUT: RunError = {
  code: 'network',
  message: 'The connection closed before the run finished or asked a question.',
};

const isBusy = (status: RunStatus) => status === 'streaming' || status === 'resuming';

function addIssue(s: RunSnapshot, issue: DecodeIssue): RunSnapshot {
  const issues = s.issues.length >= MAX_ISSUES ? [...s.issues.slice(1 - MAX_ISSUES), issue] : [...s.issues, issue];
  return { ...s, issues };
}

function updatePromptEntry(
  transcript: TranscriptEntry[],
  key: string,
  update: (entry: TranscriptEntry & { type: 'prompt' }) => TranscriptEntry,
): TranscriptEntry[] {
  const i = transcript.findIndex((e) => e.type === 'prompt' && e.id === key);
  if (i < 0) return transcript;
  const next = transcript.slice();
  next[i] = update(transcript[i] as TranscriptEntry & { type: 'prompt' });
  return next;
}

function upsertToolCall(
  calls: ToolCallEntry[],
  key: string,
  make: () => ToolCallEntry,
  update: (call: ToolCallEntry) => ToolCallEntry,
): ToolCallEntry[] {
  for (let i = calls.length - 1; i >= 0; i--) {
    if (calls[i]!.key === key) {
      const next = calls.slice();
      next[i] = update(calls[i]!);
      return next;
    }
  }
  return [...calls, make()];
}

/** Adds a prompt (pending, in the transcript) unless its key is known already. */
/**
 * Adds a question unless it is already known. A live suspension (`fresh`) whose key belongs to a
 * question already answered or expired is a new question: tool call ids come from the model, and
 * some number them by position (a restarted server, a provider counting from call_1 again), so
 * it gets a key of its own.
 */
function addPrompt(s: RunSnapshot, prompt: Prompt, fresh = false): RunSnapshot {
  const same = (e: TranscriptEntry) =>
    e.type === 'prompt' && e.prompt.runId === prompt.runId && e.prompt.toolCallId === prompt.toolCallId;
  const known = s.transcript.filter(same);
  if (known.length > 0) {
    if (!fresh || known.some((e) => e.type === 'prompt' && e.state !== 'answered' && e.state !== 'expired')) return s;
    prompt = { ...prompt, key: `${prompt.key}#${known.length + 1}` };
  }
  return {
    ...s,
    pending: [...s.pending, prompt],
    transcript: [...s.transcript, { type: 'prompt', id: prompt.key, prompt, state: 'pending' }],
  };
}

function appendText(s: RunSnapshot, runId: string | undefined, text: string): RunSnapshot {
  if (text === '') return s;
  const run = runId ?? s.runId ?? '';
  const last = s.transcript[s.transcript.length - 1];
  const transcript = s.transcript.slice();
  if (last && last.type === 'assistant' && last.runId === run) {
    transcript[transcript.length - 1] = { ...last, text: last.text + text };
  } else {
    transcript.push({ type: 'assistant', id: `${run}:text:${transcript.length}`, runId: run, text });
  }
  const sameRun = run === (s.runId ?? '');
  return { ...s, runId: run || s.runId, text: sameRun ? s.text + text : text, transcript };
}

/** Prompts whose answer was on its way go back to pending (the server never took it). */
function unsubmit(transcript: TranscriptEntry[]): TranscriptEntry[] {
  if (!transcript.some((e) => e.type === 'prompt' && e.state === 'submitting')) return transcript;
  return transcript.map((e) => (e.type === 'prompt' && e.state === 'submitting' ? { ...e, state: 'pending' } : e));
}

/** Where a run goes once it stops streaming: a question (or another suspended tool) waits, or it is done. */
function settled(s: RunSnapshot): RunStatus {
  if (s.pending.length > 0) return 'awaiting-input';
  const prompts = new Set(s.transcript.flatMap((e) => (e.type === 'prompt' ? [e.id] : [])));
  return s.toolCalls.some((c) => c.state === 'suspended' && !prompts.has(c.key)) ? 'awaiting-input' : 'done';
}

function reduceChunk(s: RunSnapshot, chunk: KnownChunk | UnknownChunk): RunSnapshot {
  switch (chunk.type) {
    case 'start':
      if (!chunk.runId || chunk.runId === s.runId) return s;
      return { ...s, runId: chunk.runId, text: '' };
    case 'step-start':
    case 'step-finish':
    case 'text-start':
    case 'text-end':
    case 'unknown':
      return s;
    case 'text-delta':
      return appendText(s, chunk.runId, chunk.payload.text);
    case 'tool-call': {
      const runId = chunk.runId ?? s.runId ?? '';
      const { toolCallId, toolName, args } = chunk.payload;
      const key = promptKey(runId, toolCallId);
      return {
        ...s,
        toolCalls: upsertToolCall(
          s.toolCalls,
          key,
          () => ({ key, runId, toolCallId, toolName, args, state: 'running' }),
          (c) => ({ ...c, toolName, args }),
        ),
      };
    }
    case 'tool-call-suspended':
    case 'tool-call-approval': {
      const { runId } = chunk;
      const { toolCallId, toolName, args } = chunk.payload;
      const key = promptKey(runId, toolCallId);
      let next: RunSnapshot = {
        ...s,
        toolCalls: upsertToolCall(
          s.toolCalls,
          key,
          () => ({ key, runId, toolCallId, toolName, args, state: 'suspended' }),
          (c) => ({ ...c, state: 'suspended' }),
        ),
      };
      if (chunk.type === 'tool-call-suspended') {
        const call = { runId, toolCallId, toolName, suspendPayload: chunk.payload.suspendPayload };
        if (isAskUserCall(call)) next = addPrompt(next, parsePrompt(call), true);
      }
      return next.status === 'error' ? next : { ...next, status: 'awaiting-input' };
    }
    case 'tool-result':
    case 'tool-error': {
      const runId = chunk.runId ?? s.runId ?? '';
      const { toolCallId } = chunk.payload;
      const key = promptKey(runId, toolCallId);
      const outcome: Partial<ToolCallEntry> =
        chunk.type === 'tool-result'
          ? { state: chunk.payload.isError ? 'failed' : 'done', result: chunk.payload.result }
          : { state: 'failed', error: chunk.payload.error };
      const toolName = chunk.payload.toolName ?? '';
      return {
        ...s,
        toolCalls: upsertToolCall(
          s.toolCalls,
          key,
          () => ({ key, runId, toolCallId, toolName, args: undefined, state: 'running', ...outcome }),
          (c) => ({ ...c, ...outcome }),
        ),
      };
    }
    case 'error':
      return {
        ...s,
        status: 'error',
        error: { code: 'stream', message: messageOf(chunk.payload.error, 'The agent reported an error.') },
      };
    case 'finish':
    case 'abort': {
      if (s.status === 'error') return s;
      const status = chunk.type === 'finish' ? settled(s) : s.pending.length > 0 ? 'awaiting-input' : 'idle';
      return status === s.status ? s : { ...s, status };
    }
    default:
      chunk satisfies never;
      return s;
  }
}

function reduceEvents(s: RunSnapshot, events: readonly DecodeEvent[]): RunSnapshot {
  let next = s;
  for (const event of events) {
    if (event.kind === 'decode-error') {
      next = addIssue(next, event.issue);
      continue;
    }
    const parsed = parseChunk(event.chunk);
    next = parsed.ok ? reduceChunk(next, parsed.chunk) : addIssue(next, parsed.issue);
  }
  return next;
}

function restore(s: RunSnapshot, runs: readonly SuspendedRun[]): RunSnapshot {
  let next = s;
  for (const run of runs) {
    for (const call of run.toolCalls) {
      const full = { ...call, runId: run.runId };
      if (call.requiresApproval || !isAskUserCall(full)) continue;
      next = addPrompt(next, parsePrompt(full));
    }
  }
  if (next === s) return s;
  return isBusy(next.status) ? next : { ...next, status: 'awaiting-input' };
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
    case 'events':
      return reduceEvents(s, action.events);
    case 'stream-end':
      return isBusy(s.status) ? { ...s, status: 'error', error: NETWORK_CUT } : s;
    case 'stream-error':
      return { ...s, status: 'error', error: action.error, transcript: unsubmit(s.transcript) };
    case 'cancelled': {
      const transcript = unsubmit(s.transcript);
      if (!isBusy(s.status) && transcript === s.transcript) return s;
      return { ...s, transcript, status: isBusy(s.status) ? (s.pending.length > 0 ? 'awaiting-input' : 'idle') : s.status };
    }
    case 'answer-start': {
      const prompt = s.pending.find((p) => p.key === action.key);
      if (!prompt) return s;
      const sameRun = prompt.runId === s.runId;
      return {
        ...s,
        status: 'resuming',
        error: undefined,
        runId: prompt.runId,
        text: sameRun ? s.text : '',
        transcript: updatePromptEntry(s.transcript, action.key, (e) => ({
          type: 'prompt',
          id: e.id,
          prompt: e.prompt,
          state: 'submitting',
          answer: action.answer,
        })),
      };
    }
    case 'answer-accepted':
      return {
        ...s,
        status: 'streaming',
        pending: s.pending.filter((p) => p.key !== action.key),
        transcript: updatePromptEntry(s.transcript, action.key, (e) => ({ ...e, state: 'answered', error: undefined })),
      };
    case 'answer-failed': {
      const expired = action.error.code === 'expired';
      const pending = expired ? s.pending.filter((p) => p.key !== action.key) : s.pending;
      return {
        ...s,
        status: pending.length > 0 ? 'awaiting-input' : 'error',
        error: action.error,
        pending,
        transcript: updatePromptEntry(s.transcript, action.key, (e) =>
          expired
            ? { ...e, state: 'expired', error: action.error }
            : { type: 'prompt', id: e.id, prompt: e.prompt, state: 'pending', error: action.error },
        ),
      };
    }
    case 'restore':
      return restore(s, action.runs);
    case 'reset':
      return s === initialRunSnapshot ? s : initialRunSnapshot;
    default:
      action satisfies never;
      return s;
  }
}
