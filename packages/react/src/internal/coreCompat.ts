/**
 * The contract's core API (`openPrompts`, `submit`, `retry`, `RequestError`, `listSuspendedRuns`,
 * `PromptState` on prompt entries) over the core this branch still has (`pending`, `answer`,
 * `AnswerError`, `restorePending`, entry states `pending | submitting | answered | expired`).
 *
 * Every gap between the two is here and nowhere else, under the contract's names: once core's
 * rename is merged, delete this file and import the same names from `@ask-user-kit/core`.
 * Prompts keep their own `kind` (`'invalid'` on this core, `'malformed'` after the rename).
 */
import {
  AnswerError,
  createRunStore as createCoreRunStore,
  restorePending,
  TransportError,
  type AgentTransport,
  type AnswerOptions,
  type AnswerValue,
  type DecodeIssue,
  type Prompt,
  type RunError,
  type RunSnapshot as CoreRunSnapshot,
  type RunStore as CoreRunStore,
  type SuspendedRun,
  type TranscriptEntry as CoreTranscriptEntry,
} from '@ask-user-kit/core';

export type { RunError };

/** A prompt's lifecycle (see docs/vocabulary.md). */
export type PromptState = 'ready' | 'submitting' | 'failed' | 'malformed' | 'answered' | 'answered-elsewhere' | 'expired';

export type RefusalCode = 'busy' | 'empty-message' | 'invalid-answer' | 'expired' | 'answered-elsewhere';

/** A request that was not taken, before or by the server. */
export interface Refusal {
  code: RefusalCode;
  message: string;
  status?: number;
}

type PromptEntry = {
  type: 'prompt';
  id: string;
  prompt: Prompt;
  state: PromptState;
  answer?: AnswerValue;
  error?: RunError | Refusal;
};

export type TranscriptEntry = Exclude<CoreTranscriptEntry, { type: 'prompt' }> | PromptEntry;

export interface RunSnapshot extends Omit<CoreRunSnapshot, 'pending' | 'transcript'> {
  transcript: TranscriptEntry[];
  /** The prompts the run still waits on: state `ready`, `submitting`, `failed` or `malformed`. */
  openPrompts: Prompt[];
}

export interface RunStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): RunSnapshot;
  send(text: string): Promise<void>;
  submit(key: string, answer: unknown, options?: AnswerOptions): Promise<void>;
  retry(key: string): Promise<void>;
  restore(runs: SuspendedRun[]): void;
  cancel(): void;
  reset(): void;
}

export interface RunStoreOptions {
  transport: AgentTransport;
  threadId?: string;
  resourceId?: string;
}

/** What `send`, `submit` and `retry` reject with when their request was not taken. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  readonly error: RunError | Refusal;
  readonly code: RunError['code'] | RefusalCode;
  readonly promptKey?: string;
  constructor(error: RunError | Refusal, promptKey?: string, options?: { cause?: unknown }) {
    super(error.message, options);
    this.error = error;
    this.code = error.code;
    this.promptKey = promptKey;
  }
}

const EMPTY_MESSAGE = 'A message cannot be empty.';
const BUSY = 'A request is still running.';
const ANSWERED_ELSEWHERE = 'This question was already answered.';
const NOTHING_TO_RETRY = 'This question has no failed answer to send again.';
const HTTP_CONFLICT = 409;

/**
 * A rejection of this core's store as a `RequestError`. The exactly-once guard answers a second
 * answer with HTTP 409: that is `answered-elsewhere`, whatever the body says.
 */
function requestErrorOf(thrown: unknown, promptKey?: string): RequestError {
  if (thrown instanceof RequestError) return thrown;
  if (!(thrown instanceof AnswerError || thrown instanceof TransportError)) {
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    return new RequestError({ code: 'network', message }, promptKey, { cause: thrown });
  }
  const { error } = thrown;
  if (error.status === HTTP_CONFLICT) {
    const refusal: Refusal = { code: 'answered-elsewhere', message: ANSWERED_ELSEWHERE, status: HTTP_CONFLICT };
    return new RequestError(refusal, promptKey, { cause: thrown });
  }
  return new RequestError(error, promptKey, { cause: thrown });
}

/** The last answer submitted for a prompt, kept for `retry`: this core forgets it when the submit fails. */
interface Attempt {
  answer: unknown;
  options: AnswerOptions | undefined;
  /** Why it was not taken, when this core's entry does not say so itself (a refusal, a 409). */
  error?: RunError | Refusal;
}

/** Refusals that leave the prompt `ready` as it was: nothing went out, and nothing needs retrying. */
const isUntried = (code: RequestError['code']) => code === 'invalid-answer' || code === 'expired';

/**
 * The contract's `createRunStore` over this core's: either id alone, or none, never throws (this
 * core refuses one id without the other, so a lone id is not passed on: the run is then not tied
 * to a conversation unless the server ties it, as an authenticated Mastra server does).
 */
export function createRunStore({ transport, threadId, resourceId }: RunStoreOptions): RunStore {
  const conversation = threadId && resourceId ? { threadId, resourceId } : {};
  const core: CoreRunStore = createCoreRunStore({ transport, ...conversation });
  const attempts = new Map<string, Attempt>();
  const listeners = new Set<() => void>();
  let seen: { core: CoreRunSnapshot; attempts: number; snapshot: RunSnapshot } | undefined;
  // Bumped whenever `attempts` changes what a prompt's state is.
  let version = 0;

  const notify = () => {
    version++;
    for (const listener of [...listeners]) listener();
  };

  function stateOf(entry: Extract<CoreTranscriptEntry, { type: 'prompt' }>, attempt: Attempt | undefined): PromptState {
    if (entry.prompt.kind === 'invalid') return 'malformed';
    if (entry.state !== 'pending') return entry.state;
    const error = attempt?.error ?? entry.error;
    if (!error) return 'ready';
    if (error.code === 'answered-elsewhere') return 'answered-elsewhere';
    return 'failed';
  }

  function promptEntryOf(entry: Extract<CoreTranscriptEntry, { type: 'prompt' }>): PromptEntry {
    const attempt = attempts.get(entry.id);
    const state = stateOf(entry, attempt);
    if (state === 'ready' || state === 'malformed') return { ...entry, state, error: undefined };
    if (state !== 'failed' && state !== 'answered-elsewhere') return { ...entry, state };
    // This core drops a failed answer from the entry; the contract keeps it (the draft is kept).
    const answer = entry.answer ?? (attempt?.answer as AnswerValue | undefined);
    return { ...entry, state, answer, error: attempt?.error ?? entry.error };
  }

  // One mapped entry per entry of this core and version: rows keyed by entry keep their identity.
  const mapped = new WeakMap<CoreTranscriptEntry, { version: number; entry: PromptEntry }>();
  function toEntry(entry: CoreTranscriptEntry): TranscriptEntry {
    if (entry.type !== 'prompt') return entry;
    const known = mapped.get(entry);
    if (known?.version === version) return known.entry;
    const next = promptEntryOf(entry);
    mapped.set(entry, { version, entry: next });
    return next;
  }

  function getSnapshot(): RunSnapshot {
    const current = core.getSnapshot();
    if (seen?.core === current && seen.attempts === version) return seen.snapshot;
    const { pending, transcript: coreTranscript, ...rest } = current;
    const transcript = coreTranscript.map(toEntry);
    const closed = new Set<string>();
    for (const entry of transcript) {
      if (entry.type === 'prompt' && entry.state === 'answered-elsewhere') closed.add(entry.id);
    }
    // The same list as long as nothing closed it here: a new list is what tells React a prompt changed.
    const openPrompts = closed.size === 0 ? pending : pending.filter((p) => !closed.has(p.key));
    const snapshot: RunSnapshot = { ...rest, transcript, openPrompts };
    seen = { core: current, attempts: version, snapshot };
    return snapshot;
  }

  async function submit(key: string, answer: unknown, options?: AnswerOptions): Promise<void> {
    attempts.set(key, { answer, options });
    notify();
    try {
      await core.answer(key, answer, options);
    } catch (thrown) {
      const error = requestErrorOf(thrown, key);
      if (!isUntried(error.code)) {
        attempts.set(key, { answer, options, error: error.error });
        notify();
      }
      throw error;
    }
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      const unsubscribe = core.subscribe(listener);
      return () => {
        listeners.delete(listener);
        unsubscribe();
      };
    },
    getSnapshot,
    async send(text) {
      if (typeof text !== 'string' || !text.trim()) {
        throw new RequestError({ code: 'empty-message', message: EMPTY_MESSAGE });
      }
      try {
        await core.send(text);
      } catch (thrown) {
        // This core's send rejects only before anything was sent: another request still runs.
        throw new RequestError({ code: 'busy', message: BUSY }, undefined, { cause: thrown });
      }
    },
    submit,
    retry(key) {
      const entry = getSnapshot().transcript.find((e) => e.type === 'prompt' && e.id === key);
      const attempt = attempts.get(key);
      if (entry?.type !== 'prompt' || entry.state !== 'failed' || !attempt) {
        return Promise.reject(new RequestError({ code: 'invalid-answer', message: NOTHING_TO_RETRY }, key));
      }
      return submit(key, attempt.answer, attempt.options);
    },
    restore: (runs) => core.restore(runs),
    cancel: () => core.cancel(),
    reset() {
      attempts.clear();
      core.reset();
      notify();
    },
  };
}

/** The contract's `listSuspendedRuns` over this core's `restorePending` (which reports no issues). */
export async function listSuspendedRuns(
  transport: Pick<AgentTransport, 'listSuspended'>,
  options: { threadId?: string; resourceId?: string; signal?: AbortSignal },
): Promise<{ runs: SuspendedRun[]; issues: DecodeIssue[] }> {
  return { runs: await restorePending(transport, options), issues: [] };
}
