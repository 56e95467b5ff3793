import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIMS_TABLE } from './libsqlClaimStore.ts';
import { postgresClaimStore, type PostgresClaimStore } from './postgresClaimStore.ts';

// A PostgreSQL to test against: `bash scripts/scale.sh --ci` (pnpm check:scale) starts one and sets
// this; without it the tests are skipped, and say why.
const serverUrl = process.env.ASK_POSTGRES_URL;
if (!serverUrl) {
  console.log(
    'postgresClaimStore tests skipped: ASK_POSTGRES_URL is not set. `pnpm check:scale` starts a ' +
      'PostgreSQL and runs them.',
  );
}

// Each run gets a database of its own, dropped at the end: the table is created from nothing.
const database = `ask_user_kit_claims_test_${process.pid}_${Date.now()}`;
const databaseUrl = () => {
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  return url.toString();
};
const stores: PostgresClaimStore[] = [];
const open = (takeOverAfterMs?: number) => {
  const store = postgresClaimStore({ connectionString: databaseUrl(), takeOverAfterMs });
  stores.push(store);
  return store;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!serverUrl)('postgresClaimStore', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
  });
  afterAll(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin.end();
  });

  it('creates its table once when several instances start at the same time', async () => {
    const starting = Array.from({ length: 4 }, () => open());
    await Promise.all(starting.map((store) => store.init()));
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    const { rows } = await client.query('SELECT COUNT(*)::int AS n FROM pg_tables WHERE tablename = $1', [
      CLAIMS_TABLE,
    ]);
    await client.end();
    expect(rows[0].n).toBe(1);
  });

  it('gives one claim per question to exactly one of many concurrent callers on separate pools', async () => {
    const pools = [open(), open()];
    for (let question = 0; question < 5; question++) {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) => pools[index % 2]!.claim('run-1', `call_${question}`, '100')),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    }
  });

  it('replaces a claim only for another suspension of the same call, and releases only its own', async () => {
    const store = open();
    expect(await store.claim('run-2', 'call_1', '100')).toBe(true);
    expect(await store.claim('run-2', 'call_1', '100')).toBe(false);
    // The run moved on: a late answer finds no suspension for the call and is refused.
    expect(await store.claim('run-2', 'call_1')).toBe(false);
    // A new question that reuses the call id, suspended later.
    expect(await store.claim('run-2', 'call_1', '200')).toBe(true);
    expect(await store.claim('run-2', 'call_1', '200')).toBe(false);

    // A stale release (for suspension 100) leaves the newer claim alone.
    await store.release('run-2', 'call_1', '100');
    expect(await store.claim('run-2', 'call_1', '200')).toBe(false);
    await store.release('run-2', 'call_1', '200');
    expect(await store.claim('run-2', 'call_1', '200')).toBe(true);

    // Without a suspension on either side, the pair alone decides.
    expect(await store.claim('run-3', 'call_1')).toBe(true);
    expect(await store.claim('run-3', 'call_1')).toBe(false);
    await store.release('run-3', 'call_1');
    expect(await store.claim('run-3', 'call_1')).toBe(true);
  });

  it('lets exactly one caller take over a claim older than the bound for the same suspension', async () => {
    const never = open();
    const pools = [open(50), open(50)];
    expect(await never.claim('run-4', 'call_1', '100')).toBe(true);
    // Within the bound the claim holds.
    expect(await pools[0]!.claim('run-4', 'call_1', '100')).toBe(false);
    await sleep(100);
    // Without a bound, it holds forever.
    expect(await never.claim('run-4', 'call_1', '100')).toBe(false);
    // Past the bound, only an answer to the same, still open suspension takes it over; only one does.
    expect(await pools[0]!.claim('run-4', 'call_1')).toBe(false);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => pools[index % 2]!.claim('run-4', 'call_1', '100')),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('fails init on a database that cannot be reached, each time it is asked', async () => {
    const url = new URL(serverUrl!);
    url.pathname = '/ask_user_kit_no_such_database';
    const store = postgresClaimStore({ connectionString: url.toString() });
    try {
      await expect(store.init()).rejects.toThrow(/does not exist/);
      await expect(store.claim('run-1', 'call_1')).rejects.toThrow(/does not exist/);
    } finally {
      await store.close();
    }
  });
});
