/**
 * Where the answer guard records which questions were answered. `claim` must be atomic for every
 * process that shares the store: of concurrent callers for one question, exactly one gets `true`.
 *
 * `suspension` tells apart two questions that share a `toolCallId` in one run (some models number
 * tool calls by position, and a restarted server may count from `call_1` again): the guard passes
 * the time Mastra recorded for the suspension (`undefined` when it recorded none).
 *
 * A claim carries a lease: its holder renews it while the answer is in flight. A claim whose lease
 * ended while the run still waits on the same suspension is one whose answer never moved the run
 * on (its server died, or Mastra failed it after a 200): it can be taken, so the question can be
 * answered again.
 */
export interface ClaimStore {
  /**
   * Records `(runId, toolCallId)` as answered, held by `lease.holder` for `lease.ms` from now, and
   * returns `true`; returns `false` when it already was, unless that claim was for another
   * `suspension`, or its lease ended (then it is taken: `true`).
   */
  claim(runId: string, toolCallId: string, suspension: string | undefined, lease: Lease): Promise<boolean>;
  /** Extends the holder's claim to `lease.ms` from now; `false` when it no longer holds it. */
  renew(runId: string, toolCallId: string, lease: Lease): Promise<boolean>;
  /** Forgets the holder's claim (a request the server did not take), so the question can be answered again. */
  release(runId: string, toolCallId: string, holder: string): Promise<void>;
  /** The claim recorded for `(runId, toolCallId)`, if any. */
  find(runId: string, toolCallId: string): Promise<HeldClaim | undefined>;
  /** Adds one answer's record to the audit trail. */
  record(entry: AnswerRecord): Promise<void>;
  /** Every answer recorded for a run, oldest first. */
  history(runId: string): Promise<AnswerRecord[]>;
}

/**
 * What the guard did with one answer: who sent it, to which question, when, by which route, and
 * what came of it. Every answer the guard reads is recorded, taken or not.
 */
export interface AnswerRecord {
  runId: string;
  /** The call answered; `undefined` when the request named none and nothing was suspended. */
  toolCallId: string | undefined;
  /** When the guard decided, an ISO time. */
  at: string;
  /** The request's path, e.g. `/api/agents/planner/resume-stream`. */
  route: string;
  /**
   * `accepted` (Mastra took it), `failed` (Mastra refused it: its claim was released),
   * `already-answered` (409), `expired` (410), `bad-signature` (403: see `signingSecret`),
   * `not-owner` (403), `unauthenticated` (401), `invalid-edit` (400: edited arguments refused, see
   * `editableTool`).
   */
  outcome:
    | 'accepted'
    | 'failed'
    | 'already-answered'
    | 'expired'
    | 'bad-signature'
    | 'not-owner'
    | 'unauthenticated'
    | 'invalid-edit';
  /** The HTTP status the request got. */
  status: number;
  /** The caller's resource (`server.auth`'s `mapUserToResourceId`); `undefined` without auth. */
  resource: string | undefined;
  /** The signed-in user's `id`, when `authenticateToken`'s user has one. */
  user: string | undefined;
  /**
   * The answer as JSON (at most 4,096 characters), or the route's decision for an approval
   * (`{"approved":true}`); `undefined` when the question is sensitive, or the caller may not answer.
   */
  answer: string | undefined;
  /** The question was marked sensitive (its suspend payload's `sensitive: true`): its answer is not kept. */
  sensitive: boolean;
}

/** Who holds a claim, and for how long without renewing it. */
export interface Lease {
  /** A new id for each answer the guard lets through. */
  holder: string;
  /** How long the claim holds from now unless renewed, in milliseconds. */
  ms: number;
}

/** A claim as recorded. */
export interface HeldClaim {
  /** `undefined` for a claim recorded before claims had holders. */
  holder: string | undefined;
  /** When its lease ends, in milliseconds since 1970; `undefined` for a claim recorded before leases. */
  heldUntil: number | undefined;
}
