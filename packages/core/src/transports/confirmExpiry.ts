import { expiredRefusal, isAbortError } from '../errors.ts';
import type { AgentTransport, Refusal, ResumeRequest, RunError } from '../types.ts';

/**
 * Whether the question of a resume the server refused has expired, asked of the suspended-runs
 * list rather than read from the server's English (a `server.onError` may reword it): not listed
 * → the `expired` refusal; still listed → the failure as it was, which a retry may get past. An
 * access refusal (401, 403) or the guard's 409 says nothing about expiry. When the list cannot
 * be had, `saidExpired` (the server's own words, see `saysExpired`) decides.
 */
export async function confirmExpiry(
  failure: RunError | Refusal,
  saidExpired: boolean,
  request: ResumeRequest,
  listSuspended: AgentTransport['listSuspended'],
): Promise<RunError | Refusal> {
  if (failure.code !== 'http' && failure.code !== 'stream') return failure;
  if (
    failure.status !== undefined &&
    (failure.status < 400 || failure.status === 401 || failure.status === 403)
  )
    return failure;
  const { runId, toolCallId, resourceId, signal } = request;
  try {
    // By resource only: a thread filter would need memory on the server; the run id decides.
    const { runs } = await listSuspended({ resourceId, signal });
    const listed = runs.some(
      (run) => run.runId === runId && run.toolCalls.some((call) => call.toolCallId === toolCallId),
    );
    return listed ? failure : expiredRefusal(failure.status);
  } catch (error) {
    if (isAbortError(error)) throw error;
    return saidExpired ? expiredRefusal(failure.status) : failure;
  }
}
