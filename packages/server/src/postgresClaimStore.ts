import pg from 'pg';
import type { ClaimStore } from './ClaimStore.ts';
import { CLAIMS_TABLE } from './libsqlClaimStore.ts';

// The same table as the LibSQL store, so the README's cleanup query works on both.
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${CLAIMS_TABLE} (
  run_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  suspension TEXT,
  claimed_at TEXT NOT NULL,
  PRIMARY KEY (run_id, tool_call_id)
)`;
// One statement, decided by the primary key: of concurrent inserts of one key, PostgreSQL lets one
// through and makes the others wait for it, then evaluates their `DO UPDATE … WHERE` against the
// row it committed; so exactly one caller changes a row. A row for another suspension of the same
// call id is replaced (`<>` is never true beside a NULL); so is a claim of the same suspension
// older than `$5`, the take-over bound (NULL when there is none: the comparison is then never true).
const CLAIM = `INSERT INTO ${CLAIMS_TABLE} AS claims (run_id, tool_call_id, suspension, claimed_at)
  VALUES ($1, $2, $3, $4)
  ON CONFLICT (run_id, tool_call_id) DO UPDATE SET suspension = excluded.suspension, claimed_at = excluded.claimed_at
  WHERE claims.suspension <> excluded.suspension
    OR (claims.suspension = excluded.suspension AND claims.claimed_at < $5)`;
const RELEASE = `DELETE FROM ${CLAIMS_TABLE}
  WHERE run_id = $1 AND tool_call_id = $2 AND suspension IS NOT DISTINCT FROM $3`;
// Two instances starting at once may both run CREATE TABLE IF NOT EXISTS; the loser of that race
// gets one of these instead of a no-op (PostgreSQL checks the catalog before it locks it).
const TABLE_CREATED_CONCURRENTLY = new Set(['42P07', '23505']);

/** What the store needs of a `pg` client or pool: parameterised queries and their row counts. */
export interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<{ rowCount: number | null }>;
}

export type PostgresClaimStoreOptions = (
  | {
      /** A `postgres://` URL; the store opens a small pool of its own. */
      connectionString: string;
    }
  | {
      /** An open `pg` Pool (e.g. the one given to Mastra's `PostgresStore`); left open by `close`. */
      pool: PgQueryable;
    }
) & {
  /**
   * A claim older than this many milliseconds may be taken over by a new answer to the *same*
   * suspension, i.e. when the run is still suspended on that question: the server that took the
   * first answer died before Mastra moved the run on. Default: never (such a question then answers
   * 409 until its row is deleted). Set it above the longest time your server takes between taking
   * an answer and storing the run's next state.
   */
  takeOverAfterMs?: number;
};

export interface PostgresClaimStore extends ClaimStore {
  /** Creates the table now (it is otherwise created on the first claim), so a bad URL fails at startup. */
  init(): Promise<void>;
  /** Ends the pool if this store opened it; a pool passed in stays open. */
  close(): Promise<void>;
}

/**
 * Claims kept in a PostgreSQL table, `ask_user_kit_claims`: the same table and the same upsert as
 * `libsqlClaimStore`. Point it at the database of Mastra's `PostgresStore`: every server instance
 * on that database then sees the same claims.
 * @example
 * const claims = postgresClaimStore({ connectionString: process.env.STORAGE_URL! });
 */
export function postgresClaimStore(options: PostgresClaimStoreOptions): PostgresClaimStore {
  const ownedPool =
    'connectionString' in options ? new pg.Pool({ connectionString: options.connectionString }) : undefined;
  const client: PgQueryable = ownedPool ?? (options as { pool: PgQueryable }).pool;
  const { takeOverAfterMs } = options;
  let ready: Promise<void> | undefined;

  async function createTable(): Promise<void> {
    try {
      await client.query(CREATE_TABLE);
    } catch (error) {
      if (!TABLE_CREATED_CONCURRENTLY.has((error as { code?: string }).code ?? '')) throw error;
    }
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
      const takeOverBefore =
        takeOverAfterMs === undefined ? null : new Date(now - takeOverAfterMs).toISOString();
      const args = [runId, toolCallId, suspension ?? null, new Date(now).toISOString(), takeOverBefore];
      const result = await client.query(CLAIM, args);
      return result.rowCount === 1;
    },
    async release(runId, toolCallId, suspension) {
      await init();
      await client.query(RELEASE, [runId, toolCallId, suspension ?? null]);
    },
    async close() {
      await ownedPool?.end();
    },
  };
}
