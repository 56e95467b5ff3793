import type { RunError } from './types.ts';

/** A failure that carries a `RunError`: the base of the kit's two error classes. */
class RunFailure extends Error {
  declare readonly error: RunError;
  constructor(error: RunError, options?: { cause?: unknown }) {
    super(error.message, options);
    this.error = error;
  }
}

/**
 * Thrown (as a rejection) by a transport when a request fails: `error.code` is `http` (with the
 * server's `status` and message), `network`, `expired` or `stream`.
 */
export class TransportError extends RunFailure {
  override readonly name = 'TransportError';
}

/**
 * The rejection of `RunStore.answer`: the answer was refused (`invalid-answer`, `busy`), or the
 * server did not take it (`http`, `network`, `expired`, `aborted`). The prompt stays pending unless
 * `expired`.
 */
export class AnswerError extends RunFailure {
  override readonly name = 'AnswerError';
  /** The prompt the answer was for. */
  declare readonly promptKey: string;
  constructor(promptKey: string, error: RunError) {
    super(error);
    this.promptKey = promptKey;
  }
}

// Mastra's words when a run or tool call no longer waits (already resumed, finished, or unknown):
// "could not find a suspended run for runId …" (AGENT_RESUME_NO_SNAPSHOT_FOUND) and
// "cannot resume tool call … because it is not suspended" (AGENT_RESUME_TOOL_CALL_NOT_SUSPENDED).
/** True when a server message says the run (or tool call) is no longer suspended. */
export const isExpiredMessage = (message: string): boolean => /(not[ _]|find a )suspended|NO_SNAPSHOT/i.test(message);

/** The `RunError` for an HTTP error answer: `expired` when Mastra says the run no longer waits. */
export const httpRunError = (status: number, message: string): RunError =>
  isExpiredMessage(message)
    ? { code: 'expired', status, message: 'This question was already answered or has expired.' }
    : { code: 'http', status, message };

/** True for the error an aborted `fetch` (or stream read) rejects with: a DOMException, or Node's AbortError. */
export const isAbortError = (error: unknown): boolean => (error as { name?: unknown } | null | undefined)?.name === 'AbortError';

/** A readable message from anything thrown or carried in an `error` chunk, else `fallback`. */
export const messageOf = (error: unknown, fallback: string): string =>
  // A string has no `message`: it is its own.
  (error = (error as { message?: unknown } | null | undefined)?.message ?? error) && typeof error === 'string' ? error : fallback;

/** Any failure as a `RunError`: a transport's own, an abort, or else a network failure. */
export const toRunError = (error: unknown): RunError =>
  error instanceof RunFailure
    ? error.error
    : isAbortError(error)
      ? { code: 'aborted', message: 'The request was cancelled.' }
      : { code: 'network', message: `Could not reach the agent server: ${messageOf(error, 'no answer')}.` };
