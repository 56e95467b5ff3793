import { isAskUserCall } from './prompt.ts';
import type { AgentTransport, SuspendedRun } from './types.ts';

/** Which conversation `restorePending` looks at. */
export interface RestorePendingOptions {
  threadId?: string;
  resourceId?: string;
  signal?: AbortSignal;
}

/**
 * Lists the suspended runs that still wait for an `ask_user` answer in this conversation, ready for
 * `store.restore(runs)`: after a reload or a server restart, the questions come back. Runs of
 * another thread (when `threadId` is given) and runs waiting on other tools are left out.
 * @example
 * const runs = await restorePending(transport, { threadId: 't-1', resourceId: 'u-1' });
 * store.restore(runs);
 */
export async function restorePending(
  transport: Pick<AgentTransport, 'listSuspended'>,
  options: RestorePendingOptions,
): Promise<SuspendedRun[]> {
  const { threadId } = options;
  return (await transport.listSuspended(options)).filter(
    (run) =>
      (!threadId || run.threadId === threadId) && run.toolCalls.some((call) => isAskUserCall(call) && !call.requiresApproval),
  );
}
