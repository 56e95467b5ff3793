import pg from 'pg';
import { createClaimStore, type SqlClaimStore } from './createClaimStore.ts';

// What CREATE TABLE IF NOT EXISTS raises in the instance that lost a race to create the table:
// the table exists (42P07), its row type exists (42710, "type … already exists"), or the catalog's
// unique index caught the second insert (23505).
const TABLE_CREATED_CONCURRENTLY = new Set(['42P07', '42710', '23505']);

/** What the store needs of a `pg` client or pool: parameterised queries and their row counts. */
export interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<{ rowCount: number | null; rows: unknown[] }>;
}

/** Where `postgresClaimStore` keeps the claims: a URL (a pool of its own) or a client or pool of yours. */
export type PostgresClaimStoreOptions =
  | {
      /** A `postgres://` URL; the store opens a small pool of its own. */
      connectionString: string;
    }
  | {
      /** An open `pg` Pool (e.g. the one given to Mastra's `PostgresStore`); left open by `close`. */
      pool: PgQueryable;
    };

export interface PostgresClaimStore extends SqlClaimStore {
  /** Ends the pool if this store opened it; a pool passed in stays open. */
  close(): Promise<void>;
}

/**
 * Claims kept in a PostgreSQL table, `ask_user_kit_claims`: the same table and the same upsert as
 * `libsqlClaimStore`. Point it at the database of Mastra's `PostgresStore`: every server instance
 * on that database then sees the same claims.
 * @example
 * import { postgresClaimStore } from '@ask-user-kit/server/postgres';
 * const claims = postgresClaimStore({ connectionString: process.env.STORAGE_URL! });
 */
export function postgresClaimStore(options: PostgresClaimStoreOptions): PostgresClaimStore {
  const ownedPool =
    'connectionString' in options ? new pg.Pool({ connectionString: options.connectionString }) : undefined;
  const client: PgQueryable = ownedPool ?? (options as { pool: PgQueryable }).pool;
  return createClaimStore({
    param: (n) => `$${n}`,
    execute: async (sql, args) => (await client.query(sql, args)).rowCount ?? 0,
    query: async (sql, args) => (await client.query(sql, args)).rows as Record<string, unknown>[],
    createdConcurrently: (error) =>
      TABLE_CREATED_CONCURRENTLY.has((error as { code?: string } | null)?.code ?? ''),
    close: async () => {
      await ownedPool?.end();
    },
  });
}
