import { type Client, createClient } from '@libsql/client';
import { createClaimStore, type SqlClaimStore } from './createClaimStore.ts';

export { CLAIMS_TABLE } from './createClaimStore.ts';

// Two processes on one file contend for its write lock; wait for it rather than fail with SQLITE_BUSY.
const BUSY_TIMEOUT = 'PRAGMA busy_timeout = 5000';

/** Where the claims live: a LibSQL URL (the one Mastra's `LibSQLStore` uses), or an open client. */
export type LibsqlClaimStoreOptions = { url: string; authToken?: string } | { client: Client };

/** A claim store in a LibSQL database (what `libsqlClaimStore` returns). */
export interface LibsqlClaimStore extends SqlClaimStore {
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
  const close = () => {
    if (ownsClient) client.close();
  };
  const store = createClaimStore({
    param: (n) => `?${n}`,
    execute: async (sql, args = []) => (await client.execute({ sql, args: args as never })).rowsAffected,
    query: async (sql, args = []) =>
      (await client.execute({ sql, args: args as never })).rows as unknown as Record<string, unknown>[],
    setUp: async () => {
      if (client.protocol === 'file') await client.execute(BUSY_TIMEOUT);
    },
    close: async () => close(),
  });
  // The same object, so the inbox finds its database (`dialectOf`).
  return Object.assign(store, { close });
}
