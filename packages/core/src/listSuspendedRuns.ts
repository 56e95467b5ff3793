import type { AgentTransport, SuspendedRun, SuspendedRunList } from './types.ts';

/** Which conversation `listSuspendedRuns` looks at. */
export interface ListSuspendedRunsOptions {
  threadId?: string;
  resourceId?: string;
  signal?: AbortSignal;
}

// When each list was requested, on the clock of `performance.now()`: `store.restore(runs)` reads
// it to tell a list requested after a reply broke off from one requested before the answer.
const requestedAt = new WeakMap<readonly SuspendedRun[], number>();

/** When `listSuspendedRuns` requested this list, if it did. */
export const listRequestedAt = (runs: readonly SuspendedRun[]): number | undefined => requestedAt.get(runs);

/**
 * Lists the suspended runs that still wait for an answer in this conversation (an `ask_user`
 * question, an approval or a form), ready for `store.restore(runs)`: after a reload or a server
 * restart, they come back. Runs of another thread (when `threadId` is given) are left out. Entries
 * of the list that cannot be read are skipped and reported in `issues`; the good ones are kept.
 * Rejects (with a `TransportError`) only when the list cannot be had at all.
 * @example
 * const { runs, issues } = await listSuspendedRuns(transport, { threadId: 't-1', resourceId: 'u-1' });
 * store.restore(runs);
 */
export async function listSuspendedRuns(
  transport: Pick<AgentTransport, 'listSuspended'>,
  options: ListSuspendedRunsOptions,
): Promise<SuspendedRunList> {
  const { threadId } = options;
  const started = performance.now();
  const list = await transport.listSuspended(options);
  const runs = list.runs.filter(
    (run) => (!threadId || run.threadId === threadId) && run.toolCalls.length > 0,
  );
  requestedAt.set(runs, started);
  return { runs, issues: list.issues };
}
