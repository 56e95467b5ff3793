import { type Client, createClient } from '@libsql/client';
import type { ClaimStore } from './ClaimStore.ts';

/** The table the LibSQL claim store creates: one row per answered question. */
export const CLAIMS_TABLE = 'ask_user_kit_claims';

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${CLAIMS_TABLE} (
  run_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  suspension TEXT,
  claimed_at TEXT NOT NULL,
  PRIMARY KEY (run_id, tool_call_id)
)`;
// One statement, decided by the primary key: SQLite takes the write lock for it, so of two
// concurrent claims (two connections, two processes) exactly one inserts or replaces the row. A
// row for another suspension of the same call id is replaced; `<>` is never true beside a NULL. So
// is a claim of the same suspension older than the take-over bound (NULL when there is none).
const CLAIM = `INSERT INTO ${CLAIMS_TABLE} (run_id, tool_call_id, suspension, claimed_at) VALUES (?, ?, ?, ?)
  ON CONFLICT (run_id, tool_call_id) DO UPDATE SET suspension = excluded.suspension, claimed_at = excluded.claimed_at
  WHERE ${CLAIMS_TABLE}.suspension <> excluded.suspension
    OR (${CLAIMS_TABLE}.suspension = excluded.suspension AND ${CLAIMS_TABLE}.claimed_at < ?)`;
const RELEASE = `DELETE FROM ${CLAIMS_TABLE} WHERE run_id = ? AND tool_call_id = ? AND suspension IS ?`;
// Two processes on one file contend for its write lock; wait for it rather than fail with SQLITE_BUSY.
const BUSY_TIMEOUT = 'PRAGMA busy_timeout = 5000';

/** Where the claims live: a LibSQL URL (the one Mastra's `LibSQLStore` uses), or an open client. */
export type LibsqlClaimStoreOptions = ({ url: string; authToken?: string } | { client: Client }) & {
  /**
   * A claim older than this many milliseconds may be taken over by a new answer to the *same*
   * suspension (the run is still suspended on that question: the server that took the first answer
   * died before Mastra moved the run on). Default: never. See `postgresClaimStore`.
   */
  takeOverAfterMs?: number;
};

export interface LibsqlClaimStore extends ClaimStore {
  /** Creates the table now (it is otherwise created on the first claim), so a bad URL fails at startup. */
  init(): Promise<void>;
  /** Closes the client if this store opened it; a client passed in stays open. */
  close(): void;
}

/**
 * Claims kept in a LibSQL/SQLite table, `ask_user_kit_claims`. Point it at the same URL as the
 * Mastra storage: every server process on that database then sees the same claims.
 * @example
 * const claims = libsqlClaimStore({ url: 'file:./mastra.db' });
 */
export function libsqlClaimStore(options: LibsqlClaimStoreOptions): LibsqlClaimStore {
  const ownsClient = !('client' in options);
  const client = ownsClient
    ? createClient({ url: options.url, authToken: options.authToken })
    : options.client;
  let ready: Promise<void> | undefined;

  async function createTable(): Promise<void> {
    if (client.protocol === 'file') await client.execute(BUSY_TIMEOUT);
    await client.execute(CREATE_TABLE);
  }

  function init(): Promise<void> {
    if (!ready) {
      ready = createTable().catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
    }
    return ready;
  }

  return {
    init,
    async claim(runId, toolCallId, suspension) {
      await init();
      const now = Date.now();
      const { takeOverAfterMs } = options;
      const takeOverBefore =
        takeOverAfterMs === undefined ? null : new Date(now - takeOverAfterMs).toISOString();
      const args = [runId, toolCallId, suspension ?? null, new Date(now).toISOString(), takeOverBefore];
      const result = await client.execute({ sql: CLAIM, args });
      return result.rowsAffected === 1;
    },
    async release(runId, toolCallId, suspension) {
      await init();
      await client.execute({ sql: RELEASE, args: [runId, toolCallId, suspension ?? null] });
    },
    close() {
      if (ownsClient) client.close();
    },
  };
}
