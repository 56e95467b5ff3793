// The data a conversation is made of: its snapshot, the transcript's entries, prompts' and items'
// lifecycles, errors and refusals, and what goes to and comes from a transport. Types only, and
// nothing here imports the modules that compute them (reduceRun, items, chunks, errors), so every
// module can import these without an import cycle.
import type { AnswerValue, Prompt, PromptState, SuspendedToolCall } from './prompt.ts';
import type { FormData } from './validateForm.ts';
import type { ItemAnswer, SuspensionItem } from './itemTypes.ts';

/**
 * Where a conversation is:
 * - `idle`: nothing sent yet, cancelled with nothing to answer, or the prompts it waited on were
 *   answered elsewhere or expired
 * - `streaming`: a run's stream is being read
 * - `reconnecting`: the connection broke while the reply streamed; the kit re-attaches to the run
 *   (given `reconnect`, a transport with `observe`, a durable agent) to read the rest of the same reply
 * - `awaiting-input`: at least one open prompt can be answered (not only `malformed` ones), or
 *   another tool's suspension waits (see `toolCalls`)
 * - `resuming`: an answer was sent; waiting for the server to take it
 * - `done`: the last run finished, or stopped on a question that cannot be answered
 * - `error`: the last request or run failed (see `error`)
 */
export type RunStatus =
  'idle' | 'streaming' | 'reconnecting' | 'awaiting-input' | 'resuming' | 'done' | 'error';

/**
 * What can go wrong with a request or a run:
 * - `http`: the server answered with an error status (`status`, the server's `message`)
 * - `network`: the server could not be reached
 * - `connection-lost`: the server was reached, and the connection broke while the reply streamed;
 *   also when the server then no longer has the run (it ended there, and its reply was lost: send
 *   again)
 * - `timeout`: the server sent nothing for too long, or did not start answering in time
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

/**
 * What every waiting entry has, whatever it waits on: its key and its lifecycle (`PromptState`),
 * changed by one submit and retry path for every kind.
 */
interface Waiting<Answer> {
  /** The key of the prompt or item (`prompt.key`, `item.key`). */
  id: string;
  state: PromptState;
  /** The answer sent (from `submitting` on; kept when `failed`, for `retry`). */
  answer?: Answer;
  /** Why the last submit failed (state `failed`). */
  error?: RunError;
  /** The server's signature of what it waits on (`answerGuard`'s `signingSecret`), sent back with the answer. */
  signature?: string;
}

/** An `ask_user` question in the transcript: the single source of truth for its lifecycle. */
export interface PromptEntry extends Waiting<AnswerValue> {
  type: 'prompt';
  prompt: Prompt;
}

/** An approval or form (`snapshot.items`) and its lifecycle: the same states as a prompt's. */
export interface ItemEntry extends Waiting<ItemAnswer> {
  type: 'item';
  item: SuspensionItem;
}

/** Something a run waits on, with its lifecycle: a prompt or an item. */
export type WaitingEntry = PromptEntry | ItemEntry;

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
    /** The answer guard's signature of the call (`signingSecret`), sent back with its answer. */
    signature?: string;
  })[];
}

/** Suspended runs as listed, and the entries of the list that could not be read (skipped). */
export interface SuspendedRunList {
  runs: SuspendedRun[];
  issues: DecodeIssue[];
}

/** What `AgentTransport.stream` takes. */
export interface StreamRequest {
  /** The new user message(s); none when a workflow starts. */
  messages: { role: 'user'; content: string }[];
  /** A workflow's input (`startWorkflow`); an agent's transport leaves it out. */
  inputData?: unknown;
  /** The new run's id, made by the client so that it can re-attach to the run however early its reply breaks off. */
  runId?: string;
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
  /** The signature the server gave the suspension (`answerGuard`'s `signingSecret`): it takes no answer without it. */
  signature?: string;
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
  /**
   * Optional: re-attaches to a run whose reply broke off (Mastra's `observe` route, which replays
   * the events of a durable agent's run and follows it live), yielding the chunks that come after
   * the first `position` chunks of the run, to the reply's end (the run's end or its next
   * suspension). Fails when the server has nothing to replay. Without it, a broken reply is not
   * picked up again.
   */
  observe?(request: {
    runId: string;
    position: number;
    signal?: AbortSignal;
  }): Promise<AsyncIterable<DecodeEvent[]>>;
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

export type * from './itemTypes.ts';
