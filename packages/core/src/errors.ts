import type { RunError } from './types.ts';

/**
 * Thrown (as a rejection) by a transport when a request fails: `error.code` is `http` (with the
 * server's `status` and message), `network`, `expired` or `stream`.
 */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  readonly error: RunError;
  constructor(error: RunError, options?: { cause?: unknown }) {
    super(error.message, options);
    this.error = error;
  }
}

/**
 * The rejection of `RunStore.answer`: the answer was refused (`invalid-answer`, `busy`), or the
 * server did not take it (`http`, `network`, `expired`, `aborted`). The prompt stays pending unless
 * `expired`.
 */
export class AnswerError extends Error {
  override readonly name = 'AnswerError';
  readonly error: RunError;
  /** The prompt the answer was for. */
  readonly promptKey: string;
  constructor(promptKey: string, error: RunError) {
    super(error.message);
    this.error = error;
    this.promptKey = promptKey;
  }
}

// Mastra's words when a run or tool call no longer waits (already resumed, finished, or unknown):
// "could not find a suspended run for runId …" (AGENT_RESUME_NO_SNAPSHOT_FOUND) and
// "cannot resume tool call … because it is not suspended" (AGENT_RESUME_TOOL_CALL_NOT_SUSPENDED).
const EXPIRED = /could not find a suspended run|because it is not suspended|AGENT_RESUME_NO_SNAPSHOT_FOUND|AGENT_RESUME_TOOL_CALL_NOT_SUSPENDED/i;

/** True when a server message says the run (or tool call) is no longer suspended. */
export const isExpiredMessage = (message: string): boolean => EXPIRED.test(message);

/** The `RunError` for an HTTP error answer: `expired` when Mastra says the run no longer waits. */
export function httpRunError(status: number, message: string): RunError {
  if (isExpiredMessage(message)) {
    return { code: 'expired', status, message: 'This question was already answered or has expired.' };
  }
  return { code: 'http', status, message };
}

/** True for the error an aborted `fetch` (or stream read) rejects with. */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    ((error as { name?: unknown }).name === 'AbortError' || (error as { code?: unknown }).code === 'ABORT_ERR')
  );
}

/** A readable message from anything thrown or carried in an `error` chunk. */
export function messageOf(error: unknown, fallback = 'Unknown error'): string {
  if (typeof error === 'string') return error || fallback;
  if (error instanceof Error) return error.message || fallback;
  if (typeof error === 'object' && error !== null) {
    const { message } = error as { message?: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/** Any failure as a `RunError`: a transport's own, an abort, or else a network failure. */
export function toRunError(error: unknown): RunError {
  if (error instanceof TransportError || error instanceof AnswerError) return error.error;
  if (isAbortError(error)) return { code: 'aborted', message: 'The request was cancelled.' };
  return { code: 'network', message: `The connection to the agent failed: ${messageOf(error, 'no answer')}.` };
}
