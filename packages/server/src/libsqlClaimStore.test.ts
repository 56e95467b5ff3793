import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LibsqlClaimStore, libsqlClaimStore } from './libsqlClaimStore.ts';
import { createClient } from '@libsql/client';
import { claimStoreSuite, legacyTableTest } from './test/claimStoreSuite.ts';

let dir: string;
const stores: LibsqlClaimStore[] = [];
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ask-user-kit-claims-'));
});
afterAll(async () => {
  for (const store of stores.splice(0)) store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('libsqlClaimStore', () => {
  // Every store on one file, each with its own client: two processes on one database.
  claimStoreSuite(() => {
    const store = libsqlClaimStore({ url: `file:${path.join(dir, 'claims.db')}` });
    stores.push(store);
    return store;
  }, 'libsql');

  legacyTableTest(async () => {
    const url = `file:${path.join(dir, 'legacy.db')}`;
    return {
      execute: async (sql) => {
        const client = createClient({ url });
        try {
          await client.execute(sql);
        } finally {
          client.close();
        }
      },
      open: () => {
        const store = libsqlClaimStore({ url });
        stores.push(store);
        return store;
      },
    };
  });

  it('fails init on a file that is not a database, each time it is asked', async () => {
    const file = path.join(dir, 'not-a-database.db');
    await writeFile(file, 'this is not SQLite\n'.repeat(100));
    const store = libsqlClaimStore({ url: `file:${file}` });
    try {
      await expect(store.init()).rejects.toThrow();
      await expect(store.claim('run-1', 'call_1', '100', { holder: 'test', ms: 60_000 })).rejects.toThrow();
    } finally {
      store.close();
    }
  });
});
