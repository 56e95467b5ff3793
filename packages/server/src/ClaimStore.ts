/**
 * Where the answer guard records which questions were answered. `claim` must be atomic for every
 * process that shares the store: of concurrent callers for one pair, exactly one gets `true`.
 */
export interface ClaimStore {
  /** Records `(runId, toolCallId)` as answered. `false` when it already was. */
  claim(runId: string, toolCallId: string): Promise<boolean>;
  /** Forgets a claim whose request the server did not take, so the question can be answered again. */
  release(runId: string, toolCallId: string): Promise<void>;
}
