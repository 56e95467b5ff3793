import { quote } from './quote.ts';
import type { Refusal, RunError } from './types.ts';

// The messages the kit builds, each written once. Text from the user or the server in them is cut
// by `quote` (or `messageOf`).
export const BUSY_MESSAGE = 'A request is still running.';
export const EMPTY_MESSAGE = 'send() needs a non-empty message.';
export const EXPIRED_MESSAGE = 'This question was already answered or has expired.';
export const ANSWERED_ELSEWHERE_MESSAGE = 'This question was already answered elsewhere.';
export const ABORTED_MESSAGE = 'The request was cancelled.';
export const CONNECTION_LOST_MESSAGE = 'The connection was lost while the reply was streaming.';
export const REPLY_LOST_MESSAGE =
  'The run ended while the connection was lost: its reply was lost. Send your message again.';
export const ENDED_EARLY_MESSAGE = 'The stream ended before the run finished.';
export const AGENT_ERROR_MESSAGE = 'The agent reported an error.';
export const AGENT_FAILED_MESSAGE = 'The agent failed.';
export const NO_BODY_MESSAGE = 'The server answered without a body.';
/** The code of `@ask-user-kit/server`'s `threadGuard` 409: the thread waits on another agent's question. */
export const THREAD_WAITING_CODE = 'thread-waiting';
export const threadWaitingMessage = (agentId: string | undefined) =>
  `This conversation is waiting for an answer to ${agentId === undefined ? "another agent's" : `agent "${quote(agentId)}"'s`} ` +
  `question: answer it there first, or start a new conversation.`;
/** A request the server took but did not start answering within `responseTimeout` (`runErrorHint` says what to check). */
export const responseTimeoutMessage = (ms: number) => `The server did not start answering within ${ms} ms.`;
export const unknownPromptMessage = (key: string) =>
  `No question with key "${quote(key)}" is waiting for an answer.`;
export const networkMessage = (detail: string) => `Could not reach the agent server: ${detail}.`;
export const statusMessage = (status: number) => `The server answered ${status}.`;
/** What a server that is not Mastra's API (a dev server's page, a proxy's error page) answered instead of `expected`. */
export const unexpectedAnswerMessage = (got: string, expected: string) =>
  `The server answered ${got}, not ${expected}: is baseUrl the Mastra server?`;

/** A failure that carries a `RunError` or a `Refusal`: the base of the kit's two error classes. */
class RunFailure extends Error {
  declare readonly error: RunError | Refusal;
  declare readonly code: RunError['code'] | Refusal['code'];
  constructor(error: RunError | Refusal, options?: { cause?: unknown }) {
    super(error.message, options);
    this.error = error;
    this.code = error.code;
  }
}

/**
 * Thrown (as a rejection) by a transport when a request fails: a `RunError` (`http` with the
 * server's `status` and message, `network`, `stream`, …), or the server's refusal of an answer
 * (`expired`, `answered-elsewhere`). A custom transport throws it to say which.
 */
export class TransportError extends RunFailure {
  override readonly name = 'TransportError';
}

/**
 * What `send`, `submit` and `retry` reject with when their request was not taken: a `RunError`
 * (`error.code` `http`, `network`, `aborted`, …) or a refusal, before the request (`busy`,
 * `empty-message`, `invalid-answer`) or by the server (`expired`, `answered-elsewhere`).
 * `promptKey` names the prompt of a refused or failed answer.
 */
export class RequestError extends RunFailure {
  override readonly name = 'RequestError';
  declare readonly promptKey?: string;
  constructor(error: RunError | Refusal, options?: { promptKey?: string; cause?: unknown }) {
    super(error, options);
    if (options?.promptKey !== undefined) this.promptKey = options.promptKey;
  }
}

// Mastra's words when a run or tool call no longer waits (already resumed, finished, or unknown):
// "could not find a suspended run for runId …" (AGENT_RESUME_NO_SNAPSHOT_FOUND) and
// "cannot resume tool call … because it is not suspended" (AGENT_RESUME_TOOL_CALL_NOT_SUSPENDED).
// Only a fallback: a server's `onError` may reword them; the suspended-runs list is asked first.
/** True when a server message says the run (or tool call) is no longer suspended. */
export const isExpiredMessage = (message: string): boolean =>
  /(not[ _]|find a )suspended|NO_SNAPSHOT/i.test(message);

/**
 * True when a failure's own words say the run no longer waits: a message, an answer body's
 * `error`, a Mastra error id. Read before any message is cut.
 */
export function saysExpired(failure: unknown): boolean {
  if (typeof failure === 'string') return isExpiredMessage(failure);
  const { message, id, error, body } = Object(failure) as {
    message?: unknown;
    id?: unknown;
    error?: unknown;
    body?: unknown;
  };
  const words = [message, id, error, (Object(body) as { error?: unknown }).error];
  return words.some((word) => typeof word === 'string' && isExpiredMessage(word));
}

/** The refusal of an answer whose question no longer waits. */
export const expiredRefusal = (status?: number): Refusal =>
  status === undefined
    ? { code: 'expired', message: EXPIRED_MESSAGE }
    : { code: 'expired', status, message: EXPIRED_MESSAGE };

/**
 * The failure for an HTTP error answer: 409 is the exactly-once guard's "another client answered
 * first" (whatever the body says) unless its `body` is the thread guard's `thread-waiting` (an
 * `http` error that says what to do); 410 with `code: 'expired'` is the guard's "the question's
 * time ran out" (`expired`); anything else an `http` error with the server's message.
 */
export function httpFailure(status: number, message: string, body?: unknown): RunError | Refusal {
  const { code, waitingAgentId } = Object(body) as { code?: unknown; waitingAgentId?: unknown };
  if (status === 409 && code === THREAD_WAITING_CODE) {
    const agentId = typeof waitingAgentId === 'string' ? waitingAgentId : undefined;
    return { code: 'http', status, message: threadWaitingMessage(agentId) };
  }
  if (status === 409) return { code: 'answered-elsewhere', status, message: ANSWERED_ELSEWHERE_MESSAGE };
  if (status === 410 && code === 'expired') return expiredRefusal(status);
  return { code: 'http', status, message };
}

/** True for the error an aborted `fetch` (or stream read) rejects with: a DOMException, or Node's AbortError. */
export const isAbortError = (error: unknown): boolean =>
  (error as { name?: unknown } | null | undefined)?.name === 'AbortError';

/**
 * A readable message from anything thrown or carried in an `error` chunk (a string is its own
 * message), cut to 80 characters; `fallback` when there is none or it is blank.
 */
export function messageOf(error: unknown, fallback: string): string {
  const message =
    typeof error === 'string' ? error : (error as { message?: unknown } | null | undefined)?.message;
  if (typeof message !== 'string' || !message.trim()) return fallback;
  return quote(message.trim());
}

/** Any failure as a `RunError` or `Refusal`: a transport's or request's own, an abort, or else a network failure. */
export function toRunError(error: unknown): RunError | Refusal {
  if (error instanceof RunFailure) return error.error;
  if (isAbortError(error)) return { code: 'aborted', message: ABORTED_MESSAGE };
  return { code: 'network', message: networkMessage(messageOf(error, 'no answer')) };
}

/**
 * A failure while a reply streams: the transport's own (a decoder's limit, an agent's error), an
 * abort, or else the connection was lost (the server was reached: it is not `network`).
 */
export function toStreamError(error: unknown): RunError | Refusal {
  if (error instanceof RunFailure || isAbortError(error)) return toRunError(error);
  return { code: 'connection-lost', message: CONNECTION_LOST_MESSAGE };
}

type ServerRefusal = Refusal & { code: 'expired' | 'answered-elsewhere' };

export const isServerRefusal = (failure: RunError | Refusal): failure is ServerRefusal =>
  failure.code === 'expired' || failure.code === 'answered-elsewhere';

const REFUSAL_CODES: ReadonlySet<string> = new Set<Refusal['code']>([
  'busy',
  'empty-message',
  'invalid-answer',
  'expired',
  'answered-elsewhere',
]);

/** A failure as a run's error: a refusal a run cannot hold (from a custom transport) reads as the server's `http` answer. */
export function asRunError(failure: RunError | Refusal): RunError {
  if (!REFUSAL_CODES.has(failure.code)) return failure as RunError;
  return {
    code: 'http',
    message: failure.message,
    ...(failure.status === undefined ? {} : { status: failure.status }),
  };
}
