import type { ItemEntry, ItemKind, SuspensionItem } from './items.ts';
import type { RunAction } from './reduceRun.ts';
import type { FormData } from './validateForm.ts';
import type { AnswerValue, Prompt, PromptState, SuspendedToolCall } from './prompt.ts';
import type { AnswerOptions } from './validateAnswer.ts';

/**
 * Where a conversation is:
 * - `idle`: nothing sent yet, cancelled with nothing to answer, or the prompts it waited on were
 *   answered elsewhere or expired
 * - `streaming`: a run's stream is being read
 * - `awaiting-input`: at least one open prompt can be answered (not only `malformed` ones), or
 *   another tool's suspension waits (see `toolCalls`)
 * - `resuming`: an answer was sent; waiting for the server to take it
 * - `done`: the last run finished, or stopped on a question that cannot be answered
 * - `error`: the last request or run failed (see `error`)
 */
export type RunStatus = 'idle' | 'streaming' | 'awaiting-input' | 'resuming' | 'done' | 'error';

/**
 * What can go wrong with a request or a run:
 * - `http`: the server answered with an error status (`status`, the server's `message`)
 * - `network`: the server could not be reached
 * - `connection-lost`: the server was reached, and the connection broke while the reply streamed;
 *   also when the server then no longer has the run (it ended there, and its reply was lost: send
 *   again)
 * - `timeout`: the server sent nothing for too long
 * - `too-large`: a frame of the stream that the kit reads was over the size limit (`maxFrameLength`)
 * - `stream`: the agent reported an error chunk (or, in process, threw)
 * - `ended-early`: the stream ended without finishing, suspending or failing
 * - `aborted`: `cancel()` or `reset()` stopped the request
 */
export type RunErrorCode =
  'http' | 'network' | 'connection-lost' | 'timeout' | 'too-large' | 'stream' | 'ended-early' | 'aborted';

/** What went wrong with a request or a run, for the user and for code: `snapshot.error`, a failed prompt's `error`. */
export interface RunError {
  code: RunErrorCode;
  message: string;
  status?: number;
}

/**
 * Why a request was not made or an answer not taken:
 * - `busy`: another request of this store is still running; nothing was sent
 * - `empty-message`: `send` was given no text
 * - `invalid-answer`: validation refused the answer; nothing was sent
 * - `expired`: the server no longer waits for the question (confirmed through its suspended-runs list)
 * - `answered-elsewhere`: another client answered the question first (HTTP 409 from the guard)
 */
export type RefusalCode = 'busy' | 'empty-message' | 'invalid-answer' | 'expired' | 'answered-elsewhere';

/** A request refused before it was sent, or an answer refused by the server. Never in `snapshot.error`. */
export interface Refusal {
  code: RefusalCode;
  message: string;
  status?: number;
}

/** A prompt in the transcript: the single source of truth for its lifecycle. */
export interface PromptEntry {
  type: 'prompt';
  /** The prompt's key. */
  id: string;
  prompt: Prompt;
  state: PromptState;
  /** The answer sent (from `submitting` on; kept when `failed`, for `retry`). */
  answer?: AnswerValue;
  /** Why the last submit failed (state `failed`). */
  error?: RunError;
}

/** One entry of the conversation, in order. */
export type TranscriptEntry =
  | { type: 'user'; id: string; text: string }
  | { type: 'assistant'; id: string; runId: string; text: string }
  | PromptEntry;

/** A tool call seen in the stream, with its outcome. */
export interface ToolCallEntry {
  /** `promptKey(runId, toolCallId)`. */
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
  /** The prompts the user should see, oldest first: state `ready`, `submitting`, `failed` or `malformed`. */
  openPrompts: Prompt[];
  /** Every approval and form (other tools' suspensions) seen, with its lifecycle, oldest first. */
  items: ItemEntry[];
  /** The approvals and forms the user should see, oldest first: the open states of `openPrompts`. */
  openItems: SuspensionItem[];
  /** Every tool call seen in the streams, in order (ask_user calls included). */
  toolCalls: ToolCallEntry[];
  /** The last failure; cleared by the next `send` or `submit`. */
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
  toolCalls: (Omit<SuspendedToolCall, 'runId'> & {
    /** A call waiting for approval (Mastra's `requireApproval`), not for data. */
    requiresApproval?: boolean;
    /** The arguments of a call waiting for approval. */
    args?: unknown;
    /** A form's JSON Schema: Mastra's list has none; `forms.withResumeSchemas` gives it. */
    resumeSchema?: unknown;
  })[];
}

/** Suspended runs as listed, and the entries of the list that could not be read (skipped). */
export interface SuspendedRunList {
  runs: SuspendedRun[];
  issues: DecodeIssue[];
}

/** What `AgentTransport.stream` takes. */
export interface StreamRequest {
  /** The new user message(s). */
  messages: { role: 'user'; content: string }[];
  threadId?: string;
  resourceId?: string;
  signal?: AbortSignal;
}

/**
 * What `AgentTransport.resume` takes: the suspended call and the (validated) answer, or, for a
 * call waiting for approval, `approval` (the answer is then Mastra's approve or decline route).
 */
export interface ResumeRequest {
  runId: string;
  toolCallId: string;
  /** The answer; `undefined` for an approval. */
  resumeData: AnswerValue | FormData | undefined;
  /** Set for a call waiting for approval (Mastra's `requireApproval`): approve or decline it. */
  approval?: 'approve' | 'decline';
  /** With `approval: 'decline'` only: told to the model instead of Mastra's "Tool call was not approved by the user". */
  reason?: string;
  threadId?: string;
  resourceId?: string;
  signal?: AbortSignal;
}

/** A resume request without what the store adds (its thread, resource and abort signal). */
export type AnswerFields = Omit<ResumeRequest, 'threadId' | 'resourceId' | 'signal'>;

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
  /** Resumes a suspended run with an answer (or approves or declines a call); same output as `stream`. */
  resume(request: ResumeRequest): Promise<AsyncIterable<DecodeEvent[]>>;
  /**
   * Lists the agent's suspended runs (to restore open prompts after a reload or a restart, and to
   * confirm that a refused answer's question expired). Entries it cannot read are skipped and
   * reported in `issues`.
   */
  listSuspended(request: ListSuspendedRequest): Promise<SuspendedRunList>;
}

/** What decoding yields: a chunk (known or not), or a skipped malformed frame. */
export type DecodeEvent =
  { kind: 'chunk'; chunk: MastraChunk } | { kind: 'decode-error'; issue: DecodeIssue };

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
   * The conversation, sent as Mastra's `memory: { thread, resource }`, the only way a run is
   * recorded so that its suspended runs can be listed after a reload. Either id alone, both, or
   * none; never throws:
   * - both: the run is recorded in that thread of that resource.
   * - `resourceId` alone: the store makes up a thread id of its own (one per store), so
   *   `listSuspendedRuns(transport, { resourceId })` finds the runs.
   * - `threadId` alone: sent as `memory: { thread }`, for a server whose auth sets the resource
   *   (`server.auth` with `mapUserToResourceId`); a server without it answers 400 ("A resource ID
   *   is required when using memory"), which the run shows as an `http` error.
   * - none: runs are not tied to a conversation; only the app's own bookkeeping finds them again.
   */
  threadId?: string;
  resourceId?: string;
  /**
   * The kinds of items besides `ask_user` prompts the store shows (`approvals`, `forms` from
   * `@ask-user-kit/core/items`). Without them, approvals and other tools' suspensions are only
   * suspended tool calls (the run is `awaiting-input`, with nothing to answer).
   */
  items?: readonly ItemKind[];
}

/** The framework-agnostic run state machine (see `createRunStore`). `useAgentRun` binds it to React. */
export interface RunStore {
  /** Calls `listener` after every change of the snapshot (once per network read at most). Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot: the same object until something changes. */
  getSnapshot(): RunSnapshot;
  /**
   * Sends a user message and streams the run. Resolves when the stream ends (suspended, done,
   * failed or cancelled: see the snapshot's `status` and `error`). Rejects with a `RequestError`
   * only when nothing was sent: `empty-message`, or `busy` (another request of this store runs).
   * Open `malformed` prompts become `expired`: the new message moves the conversation on.
   */
  send(text: string): Promise<void>;
  /**
   * Validates and sends an answer, then streams the resumed run; resolves when that stream ends.
   * Rejects with a `RequestError` (its `promptKey` set) when the answer was not taken:
   * `invalid-answer` (no request made, the prompt stays `ready`), `busy`, a `RunError` (`http`,
   * `network`, … : the prompt is `failed`, its answer kept for `retry`), `aborted` (back to
   * `ready`), `expired` or `answered-elsewhere` (the prompt closes in that state).
   * A second call for a prompt whose answer is in flight returns the same promise (one request).
   */
  submit(promptKey: string, answer: unknown, options?: AnswerOptions): Promise<void>;
  /**
   * Resumes the run to answer `key` with `answer`, dispatching `start` first, and follows the
   * stream as `submit` does: the promise in flight when `key` is being answered (one request),
   * refused (`busy`) while another request runs. Checks nothing else: it is what item kinds
   * (`itemAnswers(store)` of `@ask-user-kit/core/items`) build on; apps call `submit`.
   */
  resumeWith(key: string, answer: AnswerFields, start: RunAction): Promise<void>;
  /** Submits a `failed` prompt's answer again, with the options of its last submit. Rejects like `submit`. */
  retry(promptKey: string): Promise<void>;
  /**
   * Adds open prompts from Mastra's suspended-runs list (after a reload, a server restart or
   * another client's answer); known ones are skipped. A prompt this store saw answered, whose
   * reply then broke off before it finished, is re-opened (`failed`, ready to `retry`) when a list
   * requested after that break still has it; a list requested earlier is stale for it.
   */
  restore(runs: SuspendedRun[]): void;
  /**
   * Applies a change to the snapshot (listeners are told if it returns a new one). For the kit's
   * opt-in entries, e.g. `loadHistory(store, entries)` of `@ask-user-kit/core/history`; `change`
   * must return a snapshot as the reducer would (immutable, `openPrompts` matching the transcript).
   */
  edit(change: (snapshot: RunSnapshot) => RunSnapshot): void;
  /** Aborts the request or stream in flight, if any; what arrived is kept. */
  cancel(): void;
  /** Aborts what is in flight and clears the conversation (a new thread id is the caller's business). */
  reset(): void;
}
