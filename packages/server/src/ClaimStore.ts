/**
 * Where the answer guard records which questions were answered. `claim` must be atomic for every
 * process that shares the store: of concurrent callers for one question, exactly one gets `true`.
 *
 * `suspension` tells apart two questions that share a `toolCallId` in one run (some models number
 * tool calls by position, and a restarted server may count from `call_1` again): the guard passes
 * the time Mastra recorded for the suspension, or `undefined` when the run holds none for that call.
 */
export interface ClaimStore {
  /**
   * Records `(runId, toolCallId)` as answered and returns `true`; returns `false` when it already
   * was, unless that claim was for another, earlier `suspension` (then it is replaced: `true`).
   */
  claim(runId: string, toolCallId: string, suspension?: string): Promise<boolean>;
  /** Forgets a claim whose request the server did not take, so the question can be answered again. */
  release(runId: string, toolCallId: string, suspension?: string): Promise<void>;
}
