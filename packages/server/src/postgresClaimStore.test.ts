import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startMastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerGuard } from './answerGuard.ts';
import { findSuspension } from './findSuspension.ts';
import { CLAIMS_TABLE } from './createClaimStore.ts';
import { postgresClaimStore } from './postgres.ts';
import type { PostgresClaimStore } from './postgresClaimStore.ts';
import { claimStoreSuite, legacyTableTest } from './test/claimStoreSuite.ts';

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
// The table as created before claims had leases, in a database of its own.
const legacyDatabase = `${database}_legacy`;
const databaseUrl = (name = database) => {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
};
const stores: PostgresClaimStore[] = [];
const open = () => {
  const store = postgresClaimStore({ connectionString: databaseUrl() });
  stores.push(store);
  return store;
};

describe.skipIf(!serverUrl)('postgresClaimStore', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.query(`CREATE DATABASE ${legacyDatabase}`);
    await admin.end();
  });
  afterAll(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin.query(`DROP DATABASE IF EXISTS ${legacyDatabase}`);
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

  claimStoreSuite(open, 'postgres');

  legacyTableTest(async () => ({
    execute: async (sql) => {
      const client = new pg.Client({ connectionString: databaseUrl(legacyDatabase) });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    },
    open: () => {
      const store = postgresClaimStore({ connectionString: databaseUrl(legacyDatabase) });
      stores.push(store);
      return store;
    },
  }));

  it(
    'lets a real server take over the claim a dead server left, once its lease ends',
    { timeout: 60_000 },
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'ask-user-kit-pg-guard-'));
      const server = await startMastraTestServer({
        agents: { planner: askUserAgent('planner', tripPlannerScript) },
        storage: `file:${path.join(dir, 'mastra.db')}`,
        middleware: [answerGuard({ claims: open(), leaseMs: 1000 })],
      });
      const post = (route: string, body: unknown) =>
        fetch(`${server.url}/api/agents/planner/${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      try {
        const started = await (
          await post('stream', { messages: [{ role: 'user', content: 'Plan a trip for me' }] })
        ).text();
        const runId = /"runId":"([^"]+)"/.exec(started)![1]!;
        const toolCallId = /"type":"tool-call-suspended".*?"toolCallId":"([^"]+)"/.exec(started)![1]!;
        // The dead server claimed it, as its guard does, and then never renewed the claim.
        const suspension = await findSuspension(server.mastra, { runId, toolCallId });
        expect(
          await open().claim(runId, toolCallId, suspension!.suspendedAt, { holder: 'dead', ms: 1000 }),
        ).toBe(true);

        const responses = await Promise.all(
          ['Lisbon', 'Porto'].map((answer) =>
            post('resume-stream', { runId, toolCallId, resumeData: answer }),
          ),
        );
        expect(responses.map((res) => res.status).sort()).toEqual([200, 409]);
        const resumed = await responses.find((res) => res.status === 200)!.text();
        expect(resumed).toContain('"type":"tool-result"');
        await responses.find((res) => res.status === 409)!.text();
      } finally {
        await server.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it('fails init on a database that cannot be reached, each time it is asked', async () => {
    const url = new URL(serverUrl!);
    url.pathname = '/ask_user_kit_no_such_database';
    const store = postgresClaimStore({ connectionString: url.toString() });
    try {
      await expect(store.init()).rejects.toThrow(/does not exist/);
      await expect(store.claim('run-1', 'call_1', '100', { holder: 'test', ms: 60_000 })).rejects.toThrow(
        /does not exist/,
      );
    } finally {
      await store.close();
    }
  });
});
