import type { ClaimStore, Lease } from './ClaimStore.ts';

/** How long a claim holds unless its server renews it: see `AnswerGuardOptions.leaseMs`. */
export const DEFAULT_LEASE_MS = 10_000;
// How often a taker looks again at a claim it waits on.
const POLL_MS = 100;

const RELEASE_FAILED_MESSAGE = 'ask-user-kit: could not release a claim; the question stays answered';
const RENEW_FAILED_MESSAGE = 'ask-user-kit: could not renew the claim of an answer in flight';
const LOST_MESSAGE =
  'ask-user-kit: the claim of an answer in flight was taken over, its lease having ended first; raise leaseMs';

/** Where the guard reports what it cannot tell a client (Mastra's logger). */
export interface ClaimLogger {
  error(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
}

/** How often a holder renews its claim: often enough that a taker sees it alive within a second. */
export const renewEvery = (leaseMs: number) => Math.min(1000, leaseMs / 4);

export interface TakeClaim {
  claims: ClaimStore;
  runId: string;
  toolCallId: string;
  suspension: string | undefined;
  lease: Lease;
  /** True while the run still waits on that suspension (read again from Mastra's storage). */
  stillSuspended(): Promise<boolean>;
  /** The request's: a client that went away while waiting takes nothing. */
  signal?: AbortSignal;
}

/**
 * Claims the question for `lease.holder`. When another holds it, tells apart an answer in flight
 * from one whose server died: it waits until the holder renews its lease (alive: `false`), the run
 * moves on (that answer was taken: `false`) or the lease ends (dead: the claim is taken, `true`).
 * A live holder renews within {@link renewEvery}, so a losing answer waits about a second; an
 * answer to a question whose server died waits until that lease ends, then goes through.
 */
export async function takeClaim(take: TakeClaim): Promise<boolean> {
  const { claims, runId, toolCallId, suspension, lease } = take;
  // Past the end of the lease first seen (one of ours when it has none), the claim would have been
  // taken: a bound on the wait, whatever happens.
  let deadline = Date.now() + lease.ms + 2 * renewEvery(lease.ms);
  let first: string | undefined;
  for (;;) {
    if (await claims.claim(runId, toolCallId, suspension, lease)) return true;
    const held = await claims.find(runId, toolCallId);
    // Gone (released) since: claim again. Renewed, or taken by another answer: its holder is alive.
    if (held) {
      const seen = `${held.holder} ${held.heldUntil}`;
      if (first === undefined) {
        first = seen;
        if (held.heldUntil !== undefined) deadline = held.heldUntil + 2 * renewEvery(lease.ms);
      } else if (seen !== first) return false;
    }
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (take.signal?.aborted || !(await take.stillSuspended())) return false;
  }
}

/** A claim the guard holds while its answer is in flight. */
export interface HeldAnswer {
  /** Stops renewing and forgets the claim: Mastra did not take the answer. */
  release(): Promise<void>;
  /**
   * The response, its body passed through as is; the claim is renewed until the body has been
   * sent (Mastra runs a streamed answer as the stream is read) or cancelled. After that the lease
   * runs out by itself; the claim then still holds as long as the run has moved past the question.
   */
  holdUntilSent(response: Response): Response;
}

/** When a held claim stops being renewed before its answer's response is sent. */
export interface HoldLimits {
  /** The answer's request: its client went away. */
  signal?: AbortSignal;
  /** Mastra has not started answering (no response yet) after this many milliseconds. */
  startTimeoutMs?: number;
}

/**
 * Starts renewing the holder's claim every {@link renewEvery}, until the answer's response has been
 * sent, its client went away, or Mastra has not started answering within `startTimeoutMs`: a
 * request Mastra never answers (it can wait on a thread forever) then stops holding the question,
 * whose claim a retry takes over once the lease ends.
 */
export function holdClaim(
  claims: ClaimStore,
  runId: string,
  toolCallId: string,
  lease: Lease,
  logger: ClaimLogger | undefined,
  { signal, startTimeoutMs }: HoldLimits = {},
): HeldAnswer {
  let renewing = false;
  const renew = async () => {
    // A renewal still waiting on the database is not doubled.
    if (renewing) return;
    renewing = true;
    try {
      if (!(await claims.renew(runId, toolCallId, lease))) logger?.warn(LOST_MESSAGE, { runId, toolCallId });
    } catch (error) {
      logger?.error(RENEW_FAILED_MESSAGE, { runId, toolCallId, error });
    } finally {
      renewing = false;
    }
  };
  const timer = setInterval(() => void renew(), renewEvery(lease.ms));
  // A pending renewal never keeps the process alive on its own.
  timer.unref?.();
  const notStarted = startTimeoutMs === undefined ? undefined : setTimeout(() => stop(), startTimeoutMs);
  const started = () => clearTimeout(notStarted);
  const stop = () => {
    started();
    clearInterval(timer);
  };
  if (signal?.aborted) stop();
  else signal?.addEventListener('abort', stop, { once: true });

  return {
    async release() {
      stop();
      try {
        await claims.release(runId, toolCallId, lease.holder);
      } catch (error) {
        // The request already failed; report the release failure without hiding that answer.
        logger?.error(RELEASE_FAILED_MESSAGE, { runId, toolCallId, error });
      }
    },
    holdUntilSent(response) {
      started();
      if (!response.body) {
        stop();
        return response;
      }
      const reader = response.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { done, value } = await reader.read();
            if (done) {
              stop();
              controller.close();
            } else controller.enqueue(value);
          } catch (error) {
            stop();
            controller.error(error);
          }
        },
        cancel(reason) {
          stop();
          return reader.cancel(reason);
        },
      });
      return new Response(body, response);
    },
  };
}
