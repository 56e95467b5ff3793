import type { ClaimStore } from './ClaimStore.ts';

/** The table every claim store creates: one row per answered question. */
export const CLAIMS_TABLE = 'ask_user_kit_claims';

/** What a database must offer a claim store: see `libsqlClaimStore` and `postgresClaimStore`. */
export interface ClaimDialect {
  /** The `n`th (from 1) parameter of a statement: `?1` in SQLite, `$1` in PostgreSQL. */
  param(n: number): string;
  /** Runs one statement; resolves to the number of rows it inserted, changed or deleted. */
  execute(sql: string, args?: unknown[]): Promise<number>;
  /** Runs before the table is created (e.g. SQLite's busy timeout). */
  setUp?(): Promise<void>;
  /**
   * True for the error `CREATE TABLE IF NOT EXISTS` may raise when another process created the
   * table at the same moment (PostgreSQL checks its catalog before it locks it): a no-op.
   */
  createdConcurrently?(error: unknown): boolean;
  /** Closes what the store opened; what was passed in stays open. */
  close(): Promise<void>;
}

export interface ClaimStoreOptions {
  /**
   * A claim older than this many milliseconds may be taken over by a new answer to the *same*
   * suspension, i.e. when the run is still suspended on that question: the server that took the
   * first answer died before Mastra moved the run on. Default: never (such a question then answers
   * 409 until its row is deleted). Set it above the longest time your server takes between taking
   * an answer and storing the run's next state.
   */
  takeOverAfterMs?: number;
}

/** A claim store over a database: `init` creates the table now (else on first use). */
export interface SqlClaimStore extends ClaimStore {
  /** Creates the table now (it is otherwise created on the first claim), so a bad URL fails at startup. */
  init(): Promise<void>;
}

const createTable = () => `CREATE TABLE IF NOT EXISTS ${CLAIMS_TABLE} (
  run_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  suspension TEXT,
  claimed_at TEXT NOT NULL,
  PRIMARY KEY (run_id, tool_call_id)
)`;
// One statement, decided by the primary key: of concurrent claims of one key, the database lets
// one write and makes the others wait for it (SQLite's write lock; PostgreSQL's row lock, after
// which it evaluates their `DO UPDATE … WHERE` against the committed row), so exactly one caller
// changes a row. A row for another suspension of the same call id is replaced (`<>` is never true
// beside a NULL); so is a claim of the same suspension older than the take-over bound (parameter
// 5; NULL when there is none, and the comparison is then never true).
const claimSql = (p: ClaimDialect['param']) =>
  `INSERT INTO ${CLAIMS_TABLE} AS claims (run_id, tool_call_id, suspension, claimed_at)
  VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)})
  ON CONFLICT (run_id, tool_call_id) DO UPDATE SET suspension = excluded.suspension, claimed_at = excluded.claimed_at
  WHERE claims.suspension <> excluded.suspension
    OR (claims.suspension = excluded.suspension AND claims.claimed_at < ${p(5)})`;
const releaseSql = (p: ClaimDialect['param']) => `DELETE FROM ${CLAIMS_TABLE}
  WHERE run_id = ${p(1)} AND tool_call_id = ${p(2)} AND suspension IS NOT DISTINCT FROM ${p(3)}`;

/**
 * The claim store both `libsqlClaimStore` and `postgresClaimStore` are: the same table, the same
 * upsert, the same lazy table creation (tried again after a failure); only the driver differs.
 */
export function createClaimStore(
  dialect: ClaimDialect,
  { takeOverAfterMs }: ClaimStoreOptions = {},
): SqlClaimStore & { close(): Promise<void> } {
  const claim = claimSql(dialect.param);
  const release = releaseSql(dialect.param);
  let ready: Promise<void> | undefined;

  async function create(): Promise<void> {
    await dialect.setUp?.();
    try {
      await dialect.execute(createTable());
    } catch (error) {
      if (!dialect.createdConcurrently?.(error)) throw error;
    }
  }

  function init(): Promise<void> {
    ready ??= create().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
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
      return (await dialect.execute(claim, args)) === 1;
    },
    async release(runId, toolCallId, suspension) {
      await init();
      await dialect.execute(release, [runId, toolCallId, suspension ?? null]);
    },
    close: () => dialect.close(),
  };
}
