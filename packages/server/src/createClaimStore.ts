import { randomUUID } from 'node:crypto';
import type { AnswerRecord, ClaimStore } from './ClaimStore.ts';

/** The table every claim store creates: one row per answered question. */
export const CLAIMS_TABLE = 'ask_user_kit_claims';
/** The audit trail's table, beside the claims: one row per answer the guard read. */
export const ANSWERS_TABLE = 'ask_user_kit_answers';

/** What a database must offer a claim store: see `libsqlClaimStore` and `postgresClaimStore`. */
export interface ClaimDialect {
  /** The `n`th (from 1) parameter of a statement: `?1` in SQLite, `$1` in PostgreSQL. */
  param(n: number): string;
  /** Runs one statement; resolves to the number of rows it inserted, changed or deleted. */
  execute(sql: string, args?: unknown[]): Promise<number>;
  /** Runs one query; resolves to its rows, each keyed by column name. */
  query(sql: string, args?: unknown[]): Promise<Record<string, unknown>[]>;
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
  holder TEXT,
  held_until TEXT,
  PRIMARY KEY (run_id, tool_call_id)
)`;
const createAnswersTable = () => `CREATE TABLE IF NOT EXISTS ${ANSWERS_TABLE} (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL,
  tool_call_id TEXT,
  at TEXT NOT NULL,
  route TEXT NOT NULL,
  outcome TEXT NOT NULL,
  status INTEGER NOT NULL,
  resource TEXT,
  user_id TEXT,
  answer TEXT,
  sensitive INTEGER NOT NULL
)`;
const createAnswersIndex = () =>
  `CREATE INDEX IF NOT EXISTS ${ANSWERS_TABLE}_by_run ON ${ANSWERS_TABLE} (run_id, at)`;
const recordSql = (p: ClaimDialect['param']) => `INSERT INTO ${ANSWERS_TABLE}
  (id, run_id, tool_call_id, at, route, outcome, status, resource, user_id, answer, sensitive)
  VALUES (${Array.from({ length: 11 }, (_, index) => p(index + 1)).join(', ')})`;
const historySql = (p: ClaimDialect['param']) => `SELECT run_id, tool_call_id, at, route, outcome, status,
  resource, user_id, answer, sensitive FROM ${ANSWERS_TABLE} WHERE run_id = ${p(1)} ORDER BY at, id`;

// A table created before claims had leases lacks the last two columns.
const LEASE_COLUMNS = ['holder', 'held_until'];
const probeLeaseColumns = () => `SELECT ${LEASE_COLUMNS.join(', ')} FROM ${CLAIMS_TABLE} WHERE 1 = 0`;

// One statement, decided by the primary key: of concurrent claims of one key, the database lets
// one write and makes the others wait for it (SQLite's write lock; PostgreSQL's row lock, after
// which it evaluates their `DO UPDATE … WHERE` against the committed row), so exactly one caller
// changes a row. A row for another suspension of the same call is replaced; so is one for the same
// suspension whose lease ended before now (parameter 4), or, recorded before leases, that was
// claimed more than one lease ago (parameter 7).
const claimSql = (p: ClaimDialect['param']) =>
  `INSERT INTO ${CLAIMS_TABLE} AS claims (run_id, tool_call_id, suspension, claimed_at, holder, held_until)
  VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)})
  ON CONFLICT (run_id, tool_call_id) DO UPDATE SET suspension = excluded.suspension,
    claimed_at = excluded.claimed_at, holder = excluded.holder, held_until = excluded.held_until
  WHERE claims.suspension IS DISTINCT FROM excluded.suspension
    OR claims.held_until < excluded.claimed_at
    OR (claims.held_until IS NULL AND claims.claimed_at < ${p(7)})`;
const renewSql = (p: ClaimDialect['param']) => `UPDATE ${CLAIMS_TABLE} SET held_until = ${p(4)}
  WHERE run_id = ${p(1)} AND tool_call_id = ${p(2)} AND holder = ${p(3)}`;
const releaseSql = (p: ClaimDialect['param']) => `DELETE FROM ${CLAIMS_TABLE}
  WHERE run_id = ${p(1)} AND tool_call_id = ${p(2)} AND holder = ${p(3)}`;
const findSql = (p: ClaimDialect['param']) => `SELECT holder, held_until FROM ${CLAIMS_TABLE}
  WHERE run_id = ${p(1)} AND tool_call_id = ${p(2)}`;

const dialects = new WeakMap<object, ClaimDialect>();

/** The database a claim store built here runs on, so the inbox's table shares its connection. */
export function dialectOf(store: object): ClaimDialect | undefined {
  return dialects.get(store);
}

// ISO times (always 24 characters until the year 10000) compare in order as text.
const isoTime = (ms: number) => new Date(ms).toISOString();

/**
 * The claim store both `libsqlClaimStore` and `postgresClaimStore` are: the same table, the same
 * upsert, the same lazy table creation (tried again after a failure); only the driver differs.
 */
export function createClaimStore(dialect: ClaimDialect): SqlClaimStore & { close(): Promise<void> } {
  const sql = {
    claim: claimSql(dialect.param),
    renew: renewSql(dialect.param),
    release: releaseSql(dialect.param),
    find: findSql(dialect.param),
    record: recordSql(dialect.param),
    history: historySql(dialect.param),
  };
  let ready: Promise<void> | undefined;

  async function create(): Promise<void> {
    await dialect.setUp?.();
    for (const statement of [createTable(), createAnswersTable(), createAnswersIndex()]) {
      try {
        await dialect.execute(statement);
      } catch (error) {
        if (!dialect.createdConcurrently?.(error)) throw error;
      }
    }
    await addLeaseColumns();
  }

  // Adds the lease columns to a table created before them. Several instances may do it at once:
  // a column another one added first fails here, and the table then has it all the same.
  async function addLeaseColumns(): Promise<void> {
    try {
      await dialect.query(probeLeaseColumns());
      return;
    } catch {
      // Missing columns: added below.
    }
    for (const column of LEASE_COLUMNS) {
      try {
        await dialect.execute(`ALTER TABLE ${CLAIMS_TABLE} ADD COLUMN ${column} TEXT`);
      } catch {
        // Added by another instance, or failing for a reason the probe below reports.
      }
    }
    await dialect.query(probeLeaseColumns());
  }

  function init(): Promise<void> {
    ready ??= create().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  }

  const store: SqlClaimStore & { close(): Promise<void> } = {
    init,
    async claim(runId, toolCallId, suspension, { holder, ms }) {
      await init();
      const now = Date.now();
      const args = [runId, toolCallId, suspension ?? null, isoTime(now), holder, isoTime(now + ms)];
      return (await dialect.execute(sql.claim, [...args, isoTime(now - ms)])) === 1;
    },
    async renew(runId, toolCallId, { holder, ms }) {
      await init();
      return (await dialect.execute(sql.renew, [runId, toolCallId, holder, isoTime(Date.now() + ms)])) === 1;
    },
    async release(runId, toolCallId, holder) {
      await init();
      await dialect.execute(sql.release, [runId, toolCallId, holder]);
    },
    async find(runId, toolCallId) {
      await init();
      const [row] = await dialect.query(sql.find, [runId, toolCallId]);
      if (!row) return undefined;
      const heldUntil = typeof row.held_until === 'string' ? Date.parse(row.held_until) : undefined;
      return { holder: typeof row.holder === 'string' ? row.holder : undefined, heldUntil };
    },
    async record(entry) {
      await init();
      const { runId, toolCallId, at, route, outcome, status, resource, user, answer, sensitive } = entry;
      await dialect.execute(sql.record, [
        randomUUID(),
        runId,
        toolCallId ?? null,
        at,
        route,
        outcome,
        status,
        resource ?? null,
        user ?? null,
        answer ?? null,
        sensitive ? 1 : 0,
      ]);
    },
    async history(runId) {
      await init();
      return (await dialect.query(sql.history, [runId])).map(toAnswerRecord);
    },
    close: () => dialect.close(),
  };
  dialects.set(store, dialect);
  return store;
}

const textOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);

function toAnswerRecord(row: Record<string, unknown>): AnswerRecord {
  return {
    runId: String(row.run_id),
    toolCallId: textOrUndefined(row.tool_call_id),
    at: String(row.at),
    route: String(row.route),
    outcome: String(row.outcome) as AnswerRecord['outcome'],
    status: Number(row.status),
    resource: textOrUndefined(row.resource),
    user: textOrUndefined(row.user_id),
    answer: textOrUndefined(row.answer),
    sensitive: Number(row.sensitive) === 1,
  };
}
