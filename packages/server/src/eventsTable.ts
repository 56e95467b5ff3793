// The tables behind `postgresPubSub`: every topic's events, numbered from 0, and each topic's next number.
import type pg from 'pg';

/** The table of every topic's events, numbered from 0 per topic: what a subscriber replays. */
export const EVENTS_TABLE = 'ask_user_kit_events';
/** The next number of each topic; its row lock orders the publishes of one topic across instances. */
export const COUNTERS_TABLE = 'ask_user_kit_event_counters';
/** The LISTEN/NOTIFY channel: a notification says `position:topic`, never the event (8000 bytes at most). */
export const CHANNEL = 'ask_user_kit_events';
export const READ_BATCH = 500;
// What CREATE TABLE IF NOT EXISTS raises in the instance that lost a race to create the table.
const TABLE_CREATED_CONCURRENTLY = new Set(['42P07', '42710', '23505']);

const CREATE_TABLES = [
  `CREATE TABLE IF NOT EXISTS ${EVENTS_TABLE} (topic text NOT NULL, position integer NOT NULL,
    event jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (topic, position))`,
  `CREATE TABLE IF NOT EXISTS ${COUNTERS_TABLE} (topic text PRIMARY KEY, next integer NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now())`,
];
// One statement, so one transaction: the counter's row lock is held until the event is stored and
// its notification queued, so one topic's events commit (and notify) in the order of their numbers.
export const PUBLISH = `WITH counter AS (
    INSERT INTO ${COUNTERS_TABLE} AS c (topic, next) VALUES ($1, 1)
    ON CONFLICT (topic) DO UPDATE SET next = c.next + 1, updated_at = now()
    RETURNING c.next - 1 AS position),
  stored AS (
    INSERT INTO ${EVENTS_TABLE} (topic, position, event) SELECT $1, position, $2::jsonb FROM counter
    RETURNING position)
  SELECT position, pg_notify('${CHANNEL}', position || ':' || $1) FROM stored`;
export const READ = `SELECT position, event FROM ${EVENTS_TABLE} WHERE topic = $1 AND position >= $2
  ORDER BY position LIMIT ${READ_BATCH}`;
export const NEXT_POSITION = `SELECT next FROM ${COUNTERS_TABLE} WHERE topic = $1`;

export const CLEAR_TOPIC = [
  `DELETE FROM ${EVENTS_TABLE} WHERE topic = $1`,
  `DELETE FROM ${COUNTERS_TABLE} WHERE topic = $1`,
];

/** Creates the tables when missing (several instances may start at once) and drops what is older than `retentionMs`. */
export async function createEventTables(pool: pg.Pool, retentionMs: number): Promise<void> {
  for (const statement of CREATE_TABLES) {
    await pool.query(statement).catch((error: { code?: string }) => {
      if (!TABLE_CREATED_CONCURRENTLY.has(error.code ?? '')) throw error;
    });
  }
  const cutoff = new Date(Date.now() - retentionMs);
  await pool.query(`DELETE FROM ${EVENTS_TABLE} WHERE created_at < $1`, [cutoff]);
  await pool.query(`DELETE FROM ${COUNTERS_TABLE} WHERE updated_at < $1`, [cutoff]);
}
