// The run's machinery as types: the kinds of items a store supports, and the store itself. Types only, on top of ./dataTypes.ts, whose types are re-exported
// here for the modules that import them from this one.
import type {
  AgentTransport,
  AnswerFields,
  ItemAnswer,
  ItemCall,
  RunSnapshot,
  SuspendedRun,
  SuspensionItem,
} from './dataTypes.ts';
import type { AnswerOptions } from './validateAnswer.ts';

export type * from './dataTypes.ts';

/**
 * One kind of item an app supports (`approvals`, `forms` from `@ask-user-kit/core/items`), given to
 * `createRunStore({ items })`. A kind is a parser, a validator and a resume-body builder: the store
 * and the reducer give every item the same lifecycle as a prompt. Without any kind, the store knows
 * only `ask_user` prompts: the code of items stays out of an app that does not use them.
 */
export interface ItemKind {
  /** The `kind` of the items it makes (`store.submit` finds an item's kind by it). */
  readonly name: SuspensionItem['kind'];
  /** The item of a suspended call, when it is of this kind. */
  parse(call: ItemCall, key: string): SuspensionItem | undefined;
  /** The answer `draft` makes for `item` (one this kind parsed), or why nothing can be sent. */
  validate(item: SuspensionItem, draft: unknown): ItemCheck;
  /** The resume request that sends `answer` for `item`. */
  resume(item: SuspensionItem, answer: ItemAnswer): AnswerFields;
}

/** What an item kind's `validate` gives: the answer to send, or the message of the refusal. */
export type ItemCheck = { ok: true; value: ItemAnswer } | { ok: false; message: string };

/**
 * Reading on a reply whose connection broke: `reconnect` from `@ask-user-kit/core` is its one
 * value, given to the store and to the fetch transport (see `reconnect`). Made by the kit only.
 */
export interface Reconnect {
  readonly name: 'reconnect';
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
  /**
   * `reconnect`: a reply whose connection broke is read on with the transport's `observe` (durable
   * agents). Without it, the break ends the run as an error at once.
   */
  reconnect?: Reconnect;
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
   * Validates an answer to the waiting entry `key` (a prompt or an item) and sends it, then streams
   * the resumed run; resolves when that stream ends. A prompt takes an `AnswerValue` (checked
   * with `options`), an approval `{ type: 'approve' }` or `{ type: 'decline', reason? }`, a form
   * its draft (checked by `validateForm`). Rejects with a `RequestError` (its `promptKey` set)
   * when the answer was not taken: `invalid-answer` (no request made, the entry stays `ready`),
   * `busy`, a `RunError` (`http`, `network`, … : the entry is `failed`, its answer kept for
   * `retry`), `aborted` (back to `ready`), `expired` or `answered-elsewhere` (the entry closes in
   * that state). A second call for an entry whose answer is in flight returns the same promise
   * (one request).
   * @example
   * await store.submit(prompt.key, 'Lisbon');
   * await store.submit(approval.key, { type: 'decline', reason: 'Not on Fridays' });
   */
  submit(key: string, answer: unknown, options?: AnswerOptions): Promise<void>;
  /** Sends a `failed` entry's answer again, unchanged. Rejects like `submit`. */
  retry(key: string): Promise<void>;
  /**
   * Adds open prompts from Mastra's suspended-runs list (after a reload, a server restart or
   * another client's answer); known ones are skipped. A prompt this store saw answered, whose
   * reply then broke off before it finished, is re-opened (`failed`, ready to `retry`) when a list
   * requested after that break still has it; a list requested earlier is stale for it.
   */
  restore(runs: SuspendedRun[]): void;
  /** Aborts the request or stream in flight, if any; what arrived is kept. */
  cancel(): void;
  /** Aborts what is in flight and clears the conversation (a new thread id is the caller's business). */
  reset(): void;
}
