import {
  ANSWERED_ELSEWHERE_MESSAGE,
  asRunError,
  EXPIRED_MESSAGE,
  isServerRefusal,
  RequestError,
  unknownPromptMessage,
} from './errors.ts';
import type { RunAction } from './reduceRun.ts';
import type { Refusal, RunError, WaitingEntry } from './types.ts';

// How a run store says no: the refusals it rejects with, and the action for a request that failed.

/** The action for a request that failed before its stream. */
export function requestFailed(failure: RunError | Refusal, key: string | undefined): RunAction {
  if (failure.code === 'aborted') return { type: 'cancelled' };
  if (!key) return { type: 'stream-error', error: asRunError(failure) };
  if (isServerRefusal(failure)) return { type: 'submit-refused', key, refusal: failure };
  return { type: 'submit-failed', key, error: asRunError(failure) };
}

export const refuse = (code: Refusal['code'], message: string, promptKey?: string) =>
  Promise.reject(new RequestError({ code, message }, { promptKey }));

/** The refusal of an answer to an entry that is not open. */
export function refuseClosed(key: string, entry: WaitingEntry | undefined): Promise<never> {
  if (!entry) return refuse('expired', unknownPromptMessage(key), key);
  if (entry.state === 'answered-elsewhere')
    return refuse('answered-elsewhere', ANSWERED_ELSEWHERE_MESSAGE, key);
  return refuse('expired', EXPIRED_MESSAGE, key);
}
