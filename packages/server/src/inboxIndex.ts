import type { Mastra } from '@mastra/core';
import type { ApiRoute } from '@mastra/core/server';
import type { ClaimStore } from './ClaimStore.ts';
import { dialectOf } from './createClaimStore.ts';
import { inboxRoutes, type InboxCaller } from './inboxRoute.ts';
import { readAllWaiting, readWaiting } from './waitingItems.ts';
import { createWaitingTable, type WaitingTable } from './waitingTable.ts';

const DEFAULT_RECONCILE_MS = 60_000;
const DEFAULT_PATH = '/inbox';
const NOT_SQL_MESSAGE =
  "ask-user-kit: inboxIndex keeps its table in the claim store's database: pass a store from libsqlClaimStore or postgresClaimStore as `claims`.";

export interface InboxIndexOptions {
  /** The answer guard's claim store (`libsqlClaimStore` or `postgresClaimStore`): the inbox's table sits beside its claims, on its connection. */
  claims: ClaimStore;
  /** Where runs are read. Default: the instance Mastra's Hono adapter puts on the first request the index sees. */
  mastra?: Mastra;
  /** The route's path, outside Mastra's API prefix; the count is served at `<path>/count`. Default: `/inbox`. */
  path?: string;
  /**
   * How often the table is checked against Mastra's storage, in milliseconds (it also is when the
   * index starts): runs that suspended while no server wrote them down are added, runs that ended
   * are dropped. Mastra is the truth, but for a cleared thread: Mastra keeps its runs suspended, the
   * inbox does not list what they asked before. Default: 60 000.
   */
  reconcileMs?: number;
  /** How long an approval takes answers: the same as `answerGuard`'s `approvalTtlMs`. */
  approvalTtlMs?: number;
  /**
   * Which other resources a signed-in caller may read (an operator's team), decided by the app;
   * `undefined` or `[]` for none. A caller reads their own resource's items in any case.
   * @example
   * operator: ({ user }) => (user as User).role === 'operator' ? teamOf(user as User) : undefined
   */
  operator?: (caller: InboxCaller) => readonly string[] | undefined | Promise<readonly string[] | undefined>;
}

/**
 * Every question, approval and form a user's runs wait on, across threads and agents, kept in a
 * table of the database Mastra uses (`ask_user_kit_waiting`) so that a page costs the page, not
 * the backlog. Written when the guard sees a run suspend, cleared when it lets an answer through,
 * when the run ends, when the question expires, and when the conversation is cleared on the
 * server (its thread deleted through Mastra's `DELETE /memory/threads/:threadId`); checked against
 * Mastra's storage when it starts and every `reconcileMs`.
 */
export interface InboxIndex {
  /** `GET <path>` (a page) and `GET <path>/count`: put them in Mastra's `server.apiRoutes`. */
  routes: ApiRoute[];
  /**
   * Reads Mastra's storage and makes the table agree with it; runs when the index starts and on
   * the schedule. The index starts with the first request it sees, or here when given the Mastra
   * instance (call it once the instance is built, to have the inbox right before the first request).
   */
  reconcile(mastra?: Mastra): Promise<void>;
  /** Stops the schedule. */
  close(): void;
}

/** What the answer guard tells the index. */
export interface InboxHooks {
  /** The guard saw these runs stream: what they wait on now is read again. */
  runsStreamed(mastra: Mastra | undefined, runIds: readonly string[]): Promise<void>;
  /** Mastra took an answer to this call. */
  answered(mastra: Mastra | undefined, runId: string, toolCallId: string): Promise<void>;
  /** Mastra deleted this thread: the conversation was cleared on the server. */
  threadCleared(mastra: Mastra | undefined, thread: string): Promise<void>;
}

const hooks = new WeakMap<InboxIndex, InboxHooks>();

/** The guard's way in to an index (not a public part of it). */
export const inboxHooksOf = (index: InboxIndex): InboxHooks | undefined => hooks.get(index);

/**
 * Keeps the inbox's index and serves it. Give it to `answerGuard` (as `inbox`) so it learns of
 * suspensions and answers, and put its routes in `server.apiRoutes`.
 * @example
 * const claims = libsqlClaimStore({ url: 'file:./mastra.db' });
 * const inbox = inboxIndex({ claims });
 * new Mastra({ storage, agents, server: { middleware: [answerGuard({ claims, inbox })], apiRoutes: inbox.routes } });
 */
export function inboxIndex(options: InboxIndexOptions): InboxIndex {
  const dialect = dialectOf(options.claims);
  if (!dialect || !('init' in options.claims)) throw new TypeError(NOT_SQL_MESSAGE);
  const claims = options.claims as ClaimStore & { init(): Promise<void> };
  const table = createWaitingTable(dialect, () => claims.init());
  const { approvalTtlMs, reconcileMs = DEFAULT_RECONCILE_MS } = options;
  let mastra = options.mastra;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const log = (message: string, error: unknown) =>
    mastra?.getLogger()?.warn(`ask-user-kit inbox: ${message}`, { error });

  function reconcile(): Promise<void> {
    if (!mastra) return Promise.resolve();
    if (closed) return Promise.resolve();
    running ??= reconcileWith(table, mastra, approvalTtlMs).finally(() => {
      running = undefined;
    });
    return running;
  }

  // The index starts with the first Mastra it is given or sees: reconciled then, and on the schedule.
  function attach(seen: Mastra | undefined): Mastra | undefined {
    if (closed) return mastra;
    mastra ??= seen;
    if (mastra && !timer) {
      timer = setInterval(
        () => reconcile().catch((error: unknown) => log('reconcile failed', error)),
        reconcileMs,
      );
      timer.unref?.();
      reconcile().catch((error: unknown) => log('reconcile failed', error));
    }
    return mastra;
  }
  if (mastra) attach(mastra);

  const index: InboxIndex = {
    routes: inboxRoutes({
      path: options.path ?? DEFAULT_PATH,
      table,
      operator: options.operator,
      attach,
    }),
    reconcile(given) {
      attach(given);
      return reconcile();
    },
    close() {
      closed = true;
      clearInterval(timer);
    },
  };
  hooks.set(index, {
    async runsStreamed(seen, runIds) {
      const from = attach(seen);
      if (!from) return;
      for (const runId of runIds) {
        try {
          await table.replaceRun(runId, await readWaiting(from, runId, approvalTtlMs));
        } catch (error) {
          log(`could not index run ${runId}`, error);
        }
      }
    },
    async answered(seen, runId, toolCallId) {
      attach(seen);
      try {
        await table.remove(runId, toolCallId);
      } catch (error) {
        log(`could not clear ${runId}/${toolCallId}`, error);
      }
    },
    async threadCleared(seen, thread) {
      attach(seen);
      try {
        await table.clearThread(thread);
      } catch (error) {
        log(`could not clear thread ${thread}`, error);
      }
    },
  });
  return index;
}

/**
 * Adds what Mastra lists as suspended and the table lacks; then each row the table had before
 * and Mastra did not list is read again from Mastra by its run (a run may have moved between
 * the pages of the list), and dropped if the run no longer waits on it.
 */
async function reconcileWith(table: WaitingTable, mastra: Mastra, approvalTtlMs: number | undefined) {
  const startedAt = new Date().toISOString();
  const listed = new Set<string>();
  for await (const items of readAllWaiting(mastra, approvalTtlMs)) {
    await table.add(items);
    for (const item of items) listed.add(`${item.runId}\u0000${item.toolCallId}`);
  }
  const unlisted = new Set<string>();
  for (const { runId, toolCallId } of await table.keysIndexedBefore(startedAt)) {
    if (!listed.has(`${runId}\u0000${toolCallId}`)) unlisted.add(runId);
  }
  for (const runId of unlisted)
    await table.replaceRun(runId, await readWaiting(mastra, runId, approvalTtlMs));
  await table.removeExpired();
}
