import type { AnswerValue, Prompt, SuspendedToolCall } from './prompt.ts';

/**
 * Where a conversation is:
 * - `idle`: nothing sent yet (or cancelled with no question waiting)
 * - `streaming`: a run's stream is being read
 * - `awaiting-input`: a question (or another suspended tool) waits for the user
 * - `resuming`: an answer was sent; waiting for the server to take it
 * - `done`: the last run finished
 * - `error`: the last request or run failed (see `error`)
 */
export type RunStatus = 'idle' | 'streaming' | 'awaiting-input' | 'resuming' | 'done' | 'error';

/** What went wrong, for the user and for code. */
export interface RunError {
  /**
   * - `http`: the server answered with an error status (`status`, the server's `message`)
   * - `network`: no answer (server down, connection cut)
   * - `expired`: the run is no longer suspended (already answered elsewhere, or gone)
   * - `stream`: the agent reported an error chunk (or, in process, threw)
   * - `too-large`: the server sent a frame longer than the transport's `maxFrameLength`
   * - `timeout`: the server sent nothing for the transport's `idleTimeout`
   * - `invalid-answer`: the answer was refused before any request
   * - `aborted`: `cancel()` or `reset()` stopped the request
   * - `busy`: another request of this store is still running; nothing was sent
   */
  code: 'http' | 'network' | 'expired' | 'stream' | 'too-large' | 'timeout' | 'invalid-answer' | 'aborted' | 'busy';
  message: string;
  status?: number;
}

/** One entry of the conversation, in order. */
export type TranscriptEntry =
  | { type: 'user'; id: string; text: string }
  | { type: 'assistant'; id: string; runId: string; text: string }
  | {
      type: 'prompt';
      id: string;
      prompt: Prompt;
      /**
       * - `pending`: waiting for an answer (also after a failed attempt: see `error`)
       * - `submitting`: an answer is on its way
       * - `answered`: the server took the answer
       * - `expired`: the server no longer waits for it (answered elsewhere, or gone)
       */
      state: 'pending' | 'submitting' | 'answered' | 'expired';
      /** The answer sent (set from `submitting` on). */
      answer?: AnswerValue;
      /** Why the last attempt to answer failed. */
      error?: RunError;
    };

/** A tool call seen in the stream, with its outcome. */
export interface ToolCallEntry {
  /** `runId` + `toolCallId` (see `promptKey`). */
  key: string;
  runId: string;
  toolCallId: string;
  toolName: string;
  args: unknown;
  /** `suspended` waits for resume data or an approval; `done` has a `result`; `failed` an `error`. */
  state: 'running' | 'suspended' | 'done' | 'failed';
  result?: unknown;
  error?: unknown;
}

/** A malformed frame or chunk that was skipped; the stream went on. */
export interface DecodeIssue {
  message: string;
  /** The offending text, cut to a readable length. */
  excerpt: string;
}

/** The state of a conversation with one agent. Immutable; keeps its identity when nothing changed. */
export interface RunSnapshot {
  status: RunStatus;
  /** The current (last) run's id, once the server named it. */
  runId: string | undefined;
  /** Assistant text of the current run. */
  text: string;
  transcript: TranscriptEntry[];
  /** Questions waiting for an answer, oldest first. */
  pending: Prompt[];
  /** Every tool call seen in the streams, in order (ask_user calls included). */
  toolCalls: ToolCallEntry[];
  /** The last failure; cleared by the next `send` or `answer`. */
  error: RunError | undefined;
  /** Malformed frames and chunks seen and skipped (the last 50). */
  issues: DecodeIssue[];
}

/** A suspended run as Mastra's suspended-runs route lists it. */
export interface SuspendedRun {
  runId: string;
  suspendedAt?: string;
  threadId?: string;
  resourceId?: string;
  toolCalls: (Omit<SuspendedToolCall, 'runId'> & { requiresApproval?: boolean })[];
}

/** What `AgentTransport.stream` takes. */
export interface StreamRequest {
  /** The new user message(s). */
  messages: { role: 'user'; content: string }[];
  threadId?: string;
  resourceId?: string;
  signal?: AbortSignal;
}

/** What `AgentTransport.resume` takes: the suspended call and the (validated) answer. */
export interface ResumeRequest {
  runId: string;
  toolCallId: string;
  resumeData: AnswerValue;
  threadId?: string;
  resourceId?: string;
  signal?: AbortSignal;
}

/** What `AgentTransport.listSuspended` takes: filters (a transport may filter `threadId` itself). */
export interface ListSuspendedRequest {
  threadId?: string;
  resourceId?: string;
  signal?: AbortSignal;
}

/** How the kit talks to an agent. Three implementations: fetch (default), client-js, in-process agent. */
export interface AgentTransport {
  /** Starts a run. Yields batches of decoded events: one batch per network read, so a burst notifies once. */
  stream(request: StreamRequest): Promise<AsyncIterable<DecodeEvent[]>>;
  /** Resumes a suspended run with an answer; same output as `stream`. */
  resume(request: ResumeRequest): Promise<AsyncIterable<DecodeEvent[]>>;
  /** Lists the agent's suspended runs (to restore pending prompts after a reload or a restart). */
  listSuspended(request: ListSuspendedRequest): Promise<SuspendedRun[]>;
}

/** What decoding yields: a chunk (known or not), or a skipped malformed frame. */
export type DecodeEvent = { kind: 'chunk'; chunk: MastraChunk } | { kind: 'decode-error'; issue: DecodeIssue };

/** A chunk of Mastra's agent stream. Types the kit models are typed; others pass through as data. */
export interface MastraChunk {
  type: string;
  runId?: string;
  from?: string;
  payload?: unknown;
}

/** What `createRunStore` takes. */
export interface RunStoreOptions {
  transport: AgentTransport;
  /**
   * The conversation, sent as Mastra's `memory: { thread, resource }` so its suspended runs can be
   * listed after a reload. Give both or neither (one alone throws a `TypeError`).
   */
  threadId?: string;
  resourceId?: string;
}

/** How `RunStore.answer` validates (the same as `validateAnswer`'s options). */
export interface AnswerOptions {
  /** Accept a typed answer that is not among the options. Default false. */
  allowOther?: boolean;
  /** Longest free-text answer, in characters. Default 4000. */
  maxLength?: number;
}

/** The framework-agnostic run state machine (see `createRunStore`). `useAgentRun` binds it to React. */
export interface RunStore {
  /** Calls `listener` after every change of the snapshot (once per network read at most). Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot: the same object until something changes. */
  getSnapshot(): RunSnapshot;
  /**
   * Sends a user message and streams the run. Resolves when the stream ends (suspended, done,
   * failed or cancelled: see the snapshot's `status` and `error`). Rejects only when nothing was
   * sent: an empty message (`TypeError`), or another request of this store still running.
   */
  send(text: string): Promise<void>;
  /**
   * Validates and sends an answer, then streams the resumed run; resolves when that stream ends.
   * Rejects with an `AnswerError` (its `error: RunError`) when the answer was not taken:
   * `invalid-answer` (no request made), `busy`, `http`, `network`, `aborted` (the prompt stays
   * pending so the user can retry), or `expired` (the prompt is marked `expired`).
   * A second call for a prompt whose answer is in flight returns the same promise (one request).
   */
  answer(promptKey: string, value: unknown, options?: AnswerOptions): Promise<void>;
  /** Adds pending prompts from Mastra's suspended-runs list (after a reload or server restart); known ones are skipped. */
  restore(runs: SuspendedRun[]): void;
  /** Aborts the request or stream in flight, if any; what arrived is kept. */
  cancel(): void;
  /** Aborts what is in flight and clears the conversation (a new thread id is the caller's business). */
  reset(): void;
}
