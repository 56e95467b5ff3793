// The run's machinery as types: the actions that change a snapshot, the kinds of items a store
// supports, and the store itself. Types only, on top of ./dataTypes.ts, whose types are re-exported
// here for the modules that import them from this one.
import type {
  AgentTransport,
  AnswerFields,
  DecodeEvent,
  ItemAnswer,
  ItemCall,
  Refusal,
  RunError,
  RunSnapshot,
  SuspendedRun,
  SuspensionItem,
} from './dataTypes.ts';
import type { AnswerValue } from './prompt.ts';
import type { AnswerOptions } from './validateAnswer.ts';

export type * from './dataTypes.ts';

/** What changes a `RunSnapshot`. The store dispatches these; tests and tools may too. */
export type RunAction =
  /** A user message goes out; a new run starts streaming. Open malformed prompts expire. */
  | { type: 'send'; id: string; text: string }
  /** A batch of decoded events (one network read). */
  | { type: 'events'; events: readonly DecodeEvent[] }
  /** The stream ended normally (not necessarily with a `finish`). */
  | { type: 'stream-end' }
  /** The stream or its request failed. */
  | { type: 'stream-error'; error: RunError }
  /** `cancel()` stopped the request or stream in flight. */
  | { type: 'cancelled' }
  /** An answer to an open prompt is on its way. */
  | { type: 'submit-start'; key: string; answer: AnswerValue }
  /** The server took the answer; the resumed run streams. */
  | { type: 'submit-accepted'; key: string }
  /** The answer's request failed: the prompt is `failed`, its answer kept for a retry. */
  | { type: 'submit-failed'; key: string; error: RunError }
  /** The server refused the answer: the question expired, or another client answered it first. */
  | { type: 'submit-refused'; key: string; refusal: Refusal & { code: 'expired' | 'answered-elsewhere' } }
  /**
   * Open prompts from Mastra's suspended-runs list. `reopen` names answered prompts whose reply
   * broke off (with that error): listed again, they become `failed`.
   */
  | { type: 'restore'; runs: readonly SuspendedRun[]; reopen?: readonly { key: string; error: RunError }[] }
  /**
   * A change made outside the reducer, by the kit's opt-in entries (e.g. `@ask-user-kit/core/history`
   * loading a thread's messages): kept out of it so that apps without them do not carry their code.
   */
  | { type: 'edit'; edit: (snapshot: RunSnapshot) => RunSnapshot }
  /** Back to the initial snapshot. */
  | { type: 'reset' }
  | ItemAction;

/** What changes an approval or form item (see `SuspensionItem`): the lifecycle of a prompt's answer. */
export type ItemAction =
  | { type: 'item-start'; key: string; answer: ItemAnswer }
  | { type: 'item-accepted'; key: string }
  | { type: 'item-failed'; key: string; error: RunError }
  | { type: 'item-refused'; key: string; refusal: Refusal & { code: 'expired' | 'answered-elsewhere' } };

/**
 * One kind of item an app supports (`approvals`, `forms` from `@ask-user-kit/core/items`), given to
 * `createRunStore({ items })`. Without any, the store knows only `ask_user` prompts: the code of
 * items stays out of an app that does not use them.
 */
export interface ItemKind {
  /** The item of a suspended call, when it is of this kind. */
  parse(call: ItemCall, key: string): SuspensionItem | undefined;
  /** The machinery every kind shares (one object): how items enter a snapshot and get answered. */
  readonly support: ItemSupport;
}

/** What the reducer and the store call when items are supported (see `ItemKind`). */
export interface ItemSupport {
  /**
   * Follows `reduceRun` for prompts: `next` is what `action` made of `s` for prompts; the result
   * adds what it means for items (new, answered, expired items, and the status they give).
   */
  after(s: RunSnapshot, action: RunAction, next: RunSnapshot, kinds: readonly ItemKind[]): RunSnapshot;
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
