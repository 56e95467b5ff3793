// The inbox: the first page of 50 from the inbox index (`inboxIndex` of @ask-user-kit/server) with
// 100, 10,000 and 100,000 waiting items for one resource, against Mastra's suspended-runs listing
// of the same runs, on LibSQL and (when ASK_POSTGRES_URL names a server) PostgreSQL. Every figure
// is a GET over loopback to a real Mastra server, timed in the server (from the first middleware
// to the response, sent back as Server-Timing) and at the client. The waiting runs are copies of
// one real suspension, written by bulk INSERT … SELECT (asking 100,000 times would take hours).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { answerGuard, inboxIndex, libsqlClaimStore } from '@ask-user-kit/server';
import { postgresClaimStore } from '@ask-user-kit/server/postgres';
import {
  startMastraTestServer,
  type MastraTestServer,
  type MastraTestServerOptions,
} from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { PostgresStore } from '@mastra/pg';
import pg from 'pg';
import { fixed, printTable, quantile } from '../lib/table.ts';

const RESOURCE = 'bench-user';
const SIZES = [100, 10_000, 100_000];
const INDEX_RUNS = 200;
// Mastra reads the whole list for every page: a few runs are enough at 10,000, and 100,000 is left out.
const MASTRA_RUNS: Record<number, number> = { 100: 20, 10_000: 3 };

/** Runs a statement on the database; `{{n}}` is the row count, `{{template}}` the real run's id. */
interface Database {
  name: string;
  execute(sql: string): Promise<void>;
  columns(table: string): Promise<string[]>;
  /** `n` rows numbered 1..n, as a FROM item giving column `i`. */
  series(n: number): string;
  /** The ISO time `i` seconds before now, as an SQL expression over column `i`. */
  secondsAgo: string;
}

interface Bench {
  server: MastraTestServer;
  inbox: ReturnType<typeof inboxIndex>;
  db: Database;
  close(): Promise<void>;
}

/** Times each request in the server, from the first middleware to its response: `Server-Timing: app;dur=…`. */
const serverTiming: NonNullable<MastraTestServerOptions['middleware']>[number] = async (c, next) => {
  const started = performance.now();
  await next();
  c.res.headers.append('Server-Timing', `app;dur=${(performance.now() - started).toFixed(3)}`);
};

interface Timed {
  /** Server time, ms. */
  server: number[];
  /** Wall time at the client, ms. */
  wall: number[];
}

async function timeGet(url: string, runs: number): Promise<Timed> {
  // A kept-alive socket the server closed while the rows were copied: the first GET opens a new one.
  await fetch(url)
    .then((res) => res.arrayBuffer())
    .catch(() => undefined);
  const timed: Timed = { server: [], wall: [] };
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
    timed.wall.push(performance.now() - started);
    const dur = /app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1];
    if (dur === undefined) throw new Error(`GET ${url}: no Server-Timing`);
    timed.server.push(Number(dur));
  }
  return timed;
}

/** One real suspension (the template), through the guard: a real snapshot and a real index row. */
async function askOnce(server: MastraTestServer): Promise<string> {
  const res = await fetch(`${server.url}/api/agents/planner/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      messages: [{ role: 'user', content: 'Plan a trip' }],
      memory: { thread: 'bench-thread', resource: RESOURCE },
    }),
  });
  const text = await res.text();
  const runId = /"runId":"([^"]+)"/.exec(text)?.[1];
  if (!runId) throw new Error('the template run did not start');
  return runId;
}

const quote = (column: string) => `"${column}"`;

/** Copies the template's rows until `count` runs wait (`from` of them already do). */
async function grow(db: Database, template: string, from: number, count: number, withSnapshots: boolean) {
  const extra = count - from;
  if (extra <= 0) return;
  const newId = (column: string) => `'bench-${from}-' || CAST(i AS TEXT)` + ` AS ${column}`;
  const copy = async (table: string, runColumn: string, overrides: Record<string, string>) => {
    const columns = await db.columns(table);
    const select = columns.map((column) => {
      if (column === runColumn) return newId(quote(column));
      return overrides[column] ?? quote(column);
    });
    await db.execute(
      `INSERT INTO ${table} (${columns.map(quote).join(', ')})
       SELECT ${select.join(', ')} FROM ${table}, ${db.series(extra)} WHERE ${quote(runColumn)} = '${template}'`,
    );
  };
  await copy('ask_user_kit_waiting', 'run_id', { created_at: db.secondsAgo });
  if (withSnapshots) await copy('mastra_workflow_snapshot', 'run_id', {});
}

/** The planner on `storage`, its guard keeping the inbox's index beside `claims`; reconciled only when it starts. */
async function startIndexed(
  storage: MastraTestServerOptions['storage'],
  claims: Parameters<typeof inboxIndex>[0]['claims'],
): Promise<{ server: MastraTestServer; inbox: ReturnType<typeof inboxIndex> }> {
  const inbox = inboxIndex({ claims, reconcileMs: 3_600_000 });
  const server = await startMastraTestServer({
    agents: { planner: askUserAgent('planner', tripPlannerScript) },
    storage,
    middleware: [serverTiming, answerGuard({ claims, inbox })],
    apiRoutes: inbox.routes,
  });
  return { server, inbox };
}

async function libsqlBench(dir: string): Promise<Bench> {
  const url = `file:${path.join(dir, 'inbox-bench.db')}`;
  const claims = libsqlClaimStore({ url });
  const { server, inbox } = await startIndexed(url, claims);
  const client = createClient({ url });
  const db: Database = {
    name: 'LibSQL (file)',
    execute: async (sql) => void (await client.execute(sql)),
    columns: async (table) =>
      (await client.execute(`PRAGMA table_info(${table})`)).rows.map((row) => String(row.name)),
    series: (n) =>
      `(WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n}) SELECT i FROM seq)`,
    secondsAgo: `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || i || ' seconds') AS created_at`,
  };
  return {
    server,
    inbox,
    db,
    close: async () => {
      inbox.close();
      await server.close();
      client.close();
      claims.close();
    },
  };
}

async function postgresBench(serverUrl: string): Promise<Bench> {
  const database = `ask_user_kit_inbox_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const pool = new pg.Pool({ connectionString: url.toString() });
  const claims = postgresClaimStore({ pool });
  const storage = new PostgresStore({ id: 'inbox-bench', connectionString: url.toString() });
  const { server, inbox } = await startIndexed(storage, claims);
  const db: Database = {
    name: 'PostgreSQL',
    execute: async (sql) => void (await pool.query(sql)),
    columns: async (table) =>
      (
        await pool.query(
          `SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`,
          [table],
        )
      ).rows.map((row: { column_name: string }) => row.column_name),
    series: (n) => `generate_series(1, ${n}) AS i`,
    secondsAgo: `to_char((now() - make_interval(secs => i)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`,
  };
  return {
    server,
    inbox,
    db,
    close: async () => {
      inbox.close();
      await server.close();
      await pool.end();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${database}`);
      await dropper.end();
    },
  };
}

const load = () => os.loadavg()[0]!.toFixed(1);

async function measure(bench: Bench, rows: (string | number)[][], indexOnly: boolean) {
  const { server, db } = bench;
  const template = await askOnce(server);
  const page = `${server.url}/inbox?resource=${RESOURCE}&limit=50`;
  const mastraPage = `${server.url}/api/agents/planner/suspended-runs?resourceId=${RESOURCE}&perPage=50&page=0`;
  let waiting = 1;
  for (const size of SIZES) {
    const mastraRuns = indexOnly ? undefined : MASTRA_RUNS[size];
    const seeding = performance.now();
    await grow(db, template, waiting, size, mastraRuns !== undefined);
    const seeded = ((performance.now() - seeding) / 1000).toFixed(1);
    waiting = size;
    const loadBefore = load();
    await timeGet(page, 20);
    const index = await timeGet(page, INDEX_RUNS);
    const loadAfter = load();
    const listed = mastraRuns === undefined ? undefined : await timeGet(mastraPage, mastraRuns);
    const p50 = (values: number[]) => quantile(values, 0.5);
    const row = [
      db.name,
      size.toLocaleString('en'),
      fixed(p50(index.server), 2),
      fixed(quantile(index.server, 0.95), 2),
      fixed(quantile(index.wall, 0.95), 2),
      listed ? fixed(p50(listed.server), 0) : 'not run',
      listed ? `${fixed(p50(listed.server) / p50(index.server), 0)}×` : '–',
      `${loadBefore} / ${loadAfter}`,
    ];
    console.error(`inbox bench: ${row.join(' | ')} (seeded in ${seeded} s)`);
    rows.push(row);
  }
}

/** `quick`: the index only, not Mastra's listing (which takes minutes a page at 10,000 on LibSQL). */
export async function inboxSection({ quick = false } = {}): Promise<void> {
  console.log('\n## Inbox: first page of 50 for one resource\n');
  const mastra = quick
    ? "Mastra's listing not run (--quick)"
    : `against Mastra's GET suspended-runs?perPage=50&page=0 for the same runs (${Object.entries(MASTRA_RUNS)
        .map(([n, r]) => `${r} runs at ${n}`)
        .join(', ')}; not run at 100,000: it reads every run for every page)`;
  console.log(
    `GET /inbox?limit=50 (the index, ${INDEX_RUNS} runs), ${mastra}, ms over loopback, timed in the server ` +
      '(Server-Timing, from the first middleware to the response) and at the client; every run waits on one ' +
      'question, all of one resource, copied from one real suspension by bulk INSERT … SELECT. The machine is ' +
      'shared: the load average is beside each row.\n',
  );
  const rows: (string | number)[][] = [];
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ask-user-kit-inbox-bench-'));
  const postgresUrl = process.env.ASK_POSTGRES_URL;
  const benches = [() => libsqlBench(dir), ...(postgresUrl ? [() => postgresBench(postgresUrl)] : [])];
  try {
    for (const start of benches) {
      const bench = await start();
      try {
        await measure(bench, rows, quick);
      } finally {
        await bench.close();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (!postgresUrl)
    console.log(
      '(PostgreSQL not run: set ASK_POSTGRES_URL to a server the bench may create a database on.)\n',
    );
  printTable(
    [
      'storage',
      'waiting items',
      'index server p50',
      'index server p95',
      'index client p95',
      'Mastra server p50',
      'Mastra / index (server p50)',
      'load avg (1 min) before / after',
    ],
    rows,
  );
}
