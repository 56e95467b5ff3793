import type { AnswerValue, Prompt, SuspendedToolCall } from './prompt.ts';

/** Where a run is. */
export type RunStatus = 'idle' | 'streaming' | 'awaiting-input' | 'resuming' | 'done' | 'error';

/** What went wrong, for the user and for code. */
export interface RunError {
  /**
   * - `http`: the server answered with an error status (`status`, the server's `message`)
   * - `network`: no answer (server down, connection cut)
   * - `expired`: the run is no longer suspended (already answered elsewhere, or gone)
   * - `stream`: the agent reported an error chunk
   * - `invalid-answer`: the answer was refused before any request
   */
  code: 'http' | 'network' | 'expired' | 'stream' | 'invalid-answer';
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
      /** `pending` until answered; `answered` once the server took the answer. */
      state: 'pending' | 'answered';
      answer?: AnswerValue;
    };

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
  error: RunError | undefined;
  /** Malformed frames seen and skipped. */
  issues: DecodeIssue[];
}

/** A suspended run as Mastra's suspended-runs route lists it. */
export interface SuspendedRun {
  runId: string;
  suspendedAt?: string;
  threadId?: string;
  resourceId?: string;
  toolCalls: Omit<SuspendedToolCall, 'runId'>[];
}

export interface StreamRequest {
  /** The new user message(s). */
  messages: { role: 'user'; content: string }[];
  threadId?: string;
  resourceId?: string;
  signal?: AbortSignal;
}

export interface ResumeRequest {
  runId: string;
  toolCallId: string;
  resumeData: AnswerValue;
  threadId?: string;
  resourceId?: string;
  signal?: AbortSignal;
}

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

export interface RunStoreOptions {
  transport: AgentTransport;
  threadId?: string;
  resourceId?: string;
}

export interface AnswerOptions {
  allowOther?: boolean;
  maxLength?: number;
}

/** The framework-agnostic run state machine. `useAgentRun` binds it to React. */
export interface RunStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): RunSnapshot;
  /** Sends a user message and streams the run. Resolves when the stream ends (suspended, done or failed). */
  send(text: string): Promise<void>;
  /**
   * Validates and sends an answer, then streams the resumed run. Rejects with an `AnswerError`
   * (its `error: RunError`) when refused or failed; the prompt stays pending so the user can retry.
   * A second call for a prompt whose answer is in flight returns the same promise (one request).
   */
  answer(promptKey: string, value: unknown, options?: AnswerOptions): Promise<void>;
  /** Adds pending prompts from Mastra's suspended-runs list (after a reload or server restart). */
  restore(runs: SuspendedRun[]): void;
  /** Aborts the stream in flight, if any. */
  cancel(): void;
  /** Clears the conversation (a new thread id is the caller's business). */
  reset(): void;
}
