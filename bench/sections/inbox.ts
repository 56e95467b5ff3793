// The inbox: the first page of 50 from the inbox index (`inboxIndex` of @ask-user-kit/server) with
// 100, 10,000 and 100,000 waiting items for one resource, against Mastra's suspended-runs listing
// of the same runs, on LibSQL and (when ASK_POSTGRES_URL names a server) PostgreSQL. Every figure
// is a GET over loopback to a real Mastra server, timed at the client.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { answerGuard, inboxIndex, libsqlClaimStore } from '@ask-user-kit/server';
import { postgresClaimStore } from '@ask-user-kit/server/postgres';
import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
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
  quote(column: string): string;
  /** `n` rows numbered 1..n, as a FROM item giving column `i`. */
  series(n: number): string;
  /** The ISO time `i` seconds before now, as an SQL expression over column `i`. */
  secondsAgo: string;
  concat(...parts: string[]): string;
  snapshotTable: string;
}

interface Bench {
  server: MastraTestServer;
  inbox: ReturnType<typeof inboxIndex>;
  db: Database;
  close(): Promise<void>;
}

async function timeGet(url: string, runs: number): Promise<number[]> {
  // A kept-alive socket the server closed while the rows were copied: the first GET opens a new one.
  await fetch(url)
    .then((res) => res.arrayBuffer())
    .catch(() => undefined);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
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

/** Copies the template's rows until `count` runs wait (`from` of them already do). */
async function grow(db: Database, template: string, from: number, count: number, withSnapshots: boolean) {
  const extra = count - from;
  if (extra <= 0) return;
  const newId = (column: string) => db.concat(`'bench-${from}-'`, `CAST(i AS TEXT)`) + ` AS ${column}`;
  const copy = async (table: string, runColumn: string, overrides: Record<string, string>) => {
    const columns = await db.columns(table);
    const select = columns.map((column) => {
      if (column === runColumn) return newId(db.quote(column));
      return overrides[column] ?? db.quote(column);
    });
    await db.execute(
      `INSERT INTO ${table} (${columns.map(db.quote).join(', ')})
       SELECT ${select.join(', ')} FROM ${table}, ${db.series(extra)} WHERE ${db.quote(runColumn)} = '${template}'`,
    );
  };
  await copy('ask_user_kit_waiting', 'run_id', { created_at: db.secondsAgo });
  if (withSnapshots) await copy(db.snapshotTable, 'run_id', {});
}

async function libsqlBench(dir: string): Promise<Bench> {
  const url = `file:${path.join(dir, 'inbox-bench.db')}`;
  const claims = libsqlClaimStore({ url });
  const inbox = inboxIndex({ claims, reconcileMs: 3_600_000 });
  const server = await startMastraTestServer({
    agents: { planner: askUserAgent('planner', tripPlannerScript) },
    storage: url,
    middleware: [answerGuard({ claims, inbox })],
    apiRoutes: inbox.routes,
  });
  const client = createClient({ url });
  const db: Database = {
    name: 'LibSQL (file)',
    execute: async (sql) => void (await client.execute(sql)),
    columns: async (table) =>
      (await client.execute(`PRAGMA table_info(${table})`)).rows.map((row) => String(row.name)),
    quote: (column) => `"${column}"`,
    series: (n) =>
      `(WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n}) SELECT i FROM seq)`,
    secondsAgo: `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || i || ' seconds') AS created_at`,
    concat: (...parts) => parts.join(' || '),
    snapshotTable: 'mastra_workflow_snapshot',
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
  const inbox = inboxIndex({ claims, reconcileMs: 3_600_000 });
  const storage = new PostgresStore({ id: 'inbox-bench', connectionString: url.toString() });
  const server = await startMastraTestServer({
    agents: { planner: askUserAgent('planner', tripPlannerScript) },
    storage,
    middleware: [answerGuard({ claims, inbox })],
    apiRoutes: inbox.routes,
  });
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
    quote: (column) => `"${column}"`,
    series: (n) => `generate_series(1, ${n}) AS i`,
    secondsAgo: `to_char((now() - make_interval(secs => i)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`,
    concat: (...parts) => parts.join(' || '),
    snapshotTable: 'mastra_workflow_snapshot',
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

async function measure(bench: Bench, rows: (string | number)[][]) {
  const { server, db } = bench;
  const template = await askOnce(server);
  const page = `${server.url}/inbox?resource=${RESOURCE}&limit=50`;
  const mastraPage = `${server.url}/api/agents/planner/suspended-runs?resourceId=${RESOURCE}&perPage=50&page=0`;
  let waiting = 1;
  for (const size of SIZES) {
    const mastraRuns = MASTRA_RUNS[size];
    await grow(db, template, waiting, size, mastraRuns !== undefined);
    waiting = size;
    await timeGet(page, 20);
    const index = await timeGet(page, INDEX_RUNS);
    console.error(
      `inbox bench: ${db.name} ${size}: index p50 ${fixed(quantile(index, 0.5), 2)} p95 ${fixed(quantile(index, 0.95), 2)} ms`,
    );
    const listed = mastraRuns === undefined ? undefined : await timeGet(mastraPage, mastraRuns);
    const ratio = listed ? `${fixed(quantile(listed, 0.5) / quantile(index, 0.5), 0)}×` : '–';
    rows.push([
      db.name,
      size.toLocaleString('en'),
      fixed(quantile(index, 0.5), 2),
      fixed(quantile(index, 0.95), 2),
      listed ? fixed(quantile(listed, 0.5), 0) : 'not run',
      listed ? fixed(quantile(listed, 0.95), 0) : 'not run',
      ratio,
    ]);
    console.error(
      `inbox bench: ${db.name} ${size}: Mastra ${listed ? listed.map((ms) => fixed(ms, 0)).join(', ') : '–'} ms`,
    );
  }
}

export async function inboxSection(): Promise<void> {
  console.log('\n## Inbox: first page of 50 for one resource\n');
  console.log(
    `GET /inbox?limit=50 (the index, ${INDEX_RUNS} runs) against Mastra's GET suspended-runs?perPage=50&page=0 ` +
      `for the same runs (${Object.entries(MASTRA_RUNS)
        .map(([n, r]) => `${r} runs at ${n}`)
        .join(', ')}), ` +
      'wall ms over loopback, timed at the client; every run waits on one question, all of one resource. ' +
      "Mastra's listing is not run at 100,000 (it reads every run for every page).\n",
  );
  const rows: (string | number)[][] = [];
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ask-user-kit-inbox-bench-'));
  try {
    const libsql = await libsqlBench(dir);
    try {
      await measure(libsql, rows);
    } finally {
      await libsql.close();
    }
    const postgresUrl = process.env.ASK_POSTGRES_URL;
    if (postgresUrl) {
      const postgres = await postgresBench(postgresUrl);
      try {
        await measure(postgres, rows);
      } finally {
        await postgres.close();
      }
    } else
      console.log(
        '(PostgreSQL not run: set ASK_POSTGRES_URL to a server the bench may create a database on.)\n',
      );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  printTable(
    [
      'storage',
      'waiting items',
      'index p50',
      'index p95',
      'Mastra p50',
      'Mastra p95',
      'Mastra / index (p50)',
    ],
    rows,
  );
}
