import {
  BUSY_MESSAGE,
  EXPIRED_MESSAGE,
  expiredRefusal,
  httpFailure,
  isAbortError,
  messageOf,
  RequestError,
  saysExpired,
  statusMessage,
  toRunError,
  TransportError,
} from './errors.ts';
import { isOpen } from './reduceRun.ts';
import { confirmExpiry } from './transports/confirmExpiry.ts';
import type { AnswerValue, Prompt } from './prompt.ts';
import type { PromptEntry, Refusal, RunError, SuspendedRun } from './types.ts';
import { validateAnswer, type AnswerOptions } from './validateAnswer.ts';

// The answers a foreign chat stack (the AI SDK's useChat, @mastra/react, AG-UI…) sends for its
// questions: the stack holds the questions and sends the resume its own way; this holds what
// became of each answer, with the same submit rules as `createRunStore`'s and one way to tell an
// answer that expired, was answered elsewhere or failed.

/** A question as the chat stack's own state shows it: open, or closed by what the stack holds. */
export interface FoundPrompt {
  prompt: Prompt;
  state: 'ready' | 'malformed' | 'answered' | 'expired';
  /** The answer the stack's state names (`answered`). */
  answer?: AnswerValue;
  /** The answer guard's signature of the question (`signingSecret`), to send back with the answer. */
  signature?: string;
}

/** An answer sent through the stack, and what came of it. */
export type Submission =
  | { state: 'submitting' | 'answered' | 'answered-elsewhere' | 'expired'; answer: AnswerValue }
  | { state: 'failed'; answer: AnswerValue; error: RunError };

export interface SubmissionSnapshot {
  /** The answers sent, by prompt key. */
  submissions: ReadonlyMap<string, Submission>;
  /** The suspended runs read by `restore`, and after a question closed elsewhere, oldest first (a run may come twice). */
  restored: readonly SuspendedRun[];
  /** Why the suspended runs could not be read, if they could not. */
  restoreError?: RunError;
}

export interface SubmissionTrackerOptions<F extends FoundPrompt> {
  /** Sends a validated answer the stack's way: settles when the stack took it, rejects as it failed. */
  send(found: F, answer: AnswerValue): Promise<void>;
  /** True while the stack runs a request of its own (one request at a time). */
  busy?(): boolean;
  /**
   * The conversation's suspended runs. Asked when an answer failed for a reason its failure does
   * not name (its question no longer listed → `expired`), and after a question closed elsewhere,
   * to find the one that waits now. Without it (or `undefined`), the server's own words say `expired`.
   */
  suspendedRuns?(): Promise<readonly SuspendedRun[]> | undefined;
  /**
   * Brings the stack up to date after a question closed elsewhere (answered in another window),
   * so that the question waiting now shows. Default: `restore`, the suspended runs read again.
   */
  refetch?(): Promise<void> | undefined;
}

export interface SubmissionTracker<F extends FoundPrompt = FoundPrompt> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SubmissionSnapshot;
  /** The stack's questions as transcript entries: what the stack says, then what its answer says. */
  entries(found: readonly FoundPrompt[], snapshot: SubmissionSnapshot): PromptEntry[];
  /** Answers `key`, one of the questions the stack holds now (`found`). */
  submit(found: readonly F[], key: string, answer: AnswerValue, options?: AnswerOptions): Promise<void>;
  /** Sends the failed answer of `key` again, with the options of its last submit. */
  retry(found: readonly F[], key: string): Promise<void>;
  /** Reads the suspended runs (`suspendedRuns`) into the snapshot's `restored`. */
  restore(): Promise<void>;
}

/** A question's entry: what the stack's state says, then what this client's answer says. */
function entryOf({ prompt, state, answer }: FoundPrompt, submission: Submission | undefined): PromptEntry {
  const base = { type: 'prompt' as const, id: prompt.key, prompt };
  // An open question is as its answer went; an answered one too when the output came from another
  // client's answer (this one's was refused).
  const asSent = state === 'ready' || (state === 'answered' && submission?.state === 'answered-elsewhere');
  if (submission && asSent) return { ...base, ...submission };
  // This client's own answer, exactly as sent, over the one read back from the tool's output.
  return state === 'answered' ? { ...base, state, answer: submission?.answer ?? answer } : { ...base, state };
}

/**
 * What a stack's request failed with, as the kit's failure: a transport's own, an abort, or an
 * HTTP error with its `status` and parsed body as `payload` (as AG-UI's `HttpAgent` rejects). A 409 is told by its body's `code`: the thread guard's `thread-waiting`
 * is an error of its own, any other the answer guard's `answered-elsewhere`.
 */
export function classifyFailure(rejection: unknown): RunError | Refusal {
  if (rejection instanceof TransportError || rejection instanceof RequestError || isAbortError(rejection))
    return toRunError(rejection);
  const { status, payload } = Object(rejection) as { status?: unknown; payload?: unknown };
  if (typeof status !== 'number') return toRunError(rejection);
  // The server's `{ error }`, or a short text; not a proxy's or dev server's HTML page.
  const said = (Object(payload) as { error?: unknown }).error ?? payload;
  const text = typeof said === 'string' && !said.trimStart().startsWith('<') ? said : '';
  return httpFailure(status, messageOf(text, statusMessage(status)), payload);
}

const refusal = (key: string, code: Refusal['code'], message: string) =>
  Promise.reject(new RequestError({ code, message }, { promptKey: key }));

const closedElsewhere = (failure: RunError | Refusal) =>
  failure.code === 'answered-elsewhere' || failure.code === 'expired';

/**
 * One tracker per chat: `submit` refuses as `createRunStore`'s does (a second submit of an answer in
 * flight gets the first one's promise; a question no longer open `expired`, one still submitting
 * or any request running `busy`, an answer `validateAnswer` refuses `invalid-answer`), then sends,
 * and records what came of it. A failure is `classifyFailure`d; one its code does not settle is
 * asked of the suspended runs (see `confirmExpiry`), or else read for the server's words. After a
 * question closed elsewhere (`answered-elsewhere`, `expired`), the suspended runs are read again.
 */
export function createSubmissionTracker<F extends FoundPrompt>(
  options: SubmissionTrackerOptions<F>,
): SubmissionTracker<F> {
  const listeners = new Set<() => void>();
  let snapshot: SubmissionSnapshot = { submissions: new Map(), restored: [] };
  const inFlight = new Map<string, Promise<void>>();
  // The key of each answer by its tool call: a stack may read the question back under another key
  // (an AI SDK chat's history keys an answered question by its message).
  const keysByCall = new Map<string, string>();
  const lastOptions = new Map<string, AnswerOptions | undefined>();

  const submissionOf = ({ prompt }: FoundPrompt, submissions = snapshot.submissions) =>
    submissions.get(prompt.key) ?? submissions.get(keysByCall.get(prompt.toolCallId) ?? '');

  function update(next: Partial<SubmissionSnapshot>) {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  }
  const record = (key: string, submission: Submission) =>
    update({ submissions: new Map(snapshot.submissions).set(key, submission) });

  async function restore(): Promise<void> {
    const reading = options.suspendedRuns?.();
    if (!reading) return;
    try {
      // Kept with the earlier ones: a question read from them stays, answered, once it is no longer listed.
      update({ restored: [...snapshot.restored, ...(await reading)], restoreError: undefined });
    } catch (error) {
      update({ restoreError: toRunError(error) as RunError });
    }
  }

  /** The failure, with `expired` told by the suspended runs (or the server's words). */
  async function verdictOf(rejection: unknown, { runId, toolCallId }: Prompt, answer: AnswerValue) {
    const failure = classifyFailure(rejection);
    const saidExpired = saysExpired(rejection) || saysExpired(failure.message);
    // A transport's refusal is its verdict: createFetchTransport asked the list already.
    if (closedElsewhere(failure) || rejection instanceof TransportError) return failure;
    const words = saidExpired ? expiredRefusal(failure.status) : failure;
    if (failure.code !== 'http' && failure.code !== 'stream') return words;
    const reading = options.suspendedRuns?.();
    if (!reading) return words;
    // confirmExpiry may not ask (an access refusal says nothing of expiry): no unhandled rejection.
    reading.catch(() => {});
    const listSuspended = async () => ({ runs: [...(await reading)], issues: [] });
    return confirmExpiry(failure, saidExpired, { runId, toolCallId, resumeData: answer }, listSuspended);
  }

  async function sendAndRecord(found: F, answer: AnswerValue): Promise<void> {
    const key = found.prompt.key;
    keysByCall.set(found.prompt.toolCallId, key);
    record(key, { state: 'submitting', answer });
    try {
      await options.send(found, answer);
      record(key, { state: 'answered', answer });
    } catch (rejection) {
      const failure = await verdictOf(rejection, found.prompt, answer);
      if (closedElsewhere(failure)) {
        record(key, { state: failure.code as 'expired' | 'answered-elsewhere', answer });
        void (options.refetch?.() ?? restore()).catch(() => {});
      } else {
        record(key, { state: 'failed', answer, error: failure as RunError });
      }
      throw new RequestError(failure, { promptKey: key, cause: rejection });
    }
  }

  function submit(
    held: readonly F[],
    key: string,
    answer: AnswerValue,
    answerOptions?: AnswerOptions,
  ): Promise<void> {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const found = held.find((candidate) => candidate.prompt.key === key);
    const entry = found && entryOf(found, submissionOf(found));
    if (!found || !entry || !isOpen(entry.state)) return refusal(key, 'expired', EXPIRED_MESSAGE);
    const check = validateAnswer(entry.prompt, answer, answerOptions);
    if (!check.ok) return refusal(key, 'invalid-answer', check.message);
    if (entry.state === 'submitting' || inFlight.size > 0 || options.busy?.())
      return refusal(key, 'busy', BUSY_MESSAGE);
    lastOptions.set(key, answerOptions);
    const request = sendAndRecord(found, check.value).finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    entries: (found, { submissions }) =>
      found.map((entry) => entryOf(entry, submissionOf(entry, submissions))),
    submit,
    retry: (held, key) =>
      submit(held, key, snapshot.submissions.get(key)?.answer ?? '', lastOptions.get(key)),
    restore,
  };
}
