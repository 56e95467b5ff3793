import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerGuard, libsqlClaimStore, postgresClaimStore } from '@ask-user-kit/server';
import { askUserAgent, startMastraTestServer, tripPlannerScript } from '@ask-user-kit/testing';
import { PostgresStore } from '@mastra/pg';
import type { MiddlewareHandler } from 'hono';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT || 4111);
const model = process.env.MODEL || undefined;
// Named in a response header on every answer, so a client (or scripts/scale.sh) behind a load
// balancer can tell which instance served it.
const instance = process.env.INSTANCE || undefined;
const INSTANCE_HEADER = 'x-ask-user-kit-instance';
// A claim left by an instance that died after taking an answer, on a run still suspended on that
// question, may be taken over after this long (see @ask-user-kit/server's takeOverAfterMs).
const DEFAULT_CLAIM_TAKE_OVER_MS = 30_000;
const takeOverAfterMs = Number(process.env.CLAIM_TAKE_OVER_MS || DEFAULT_CLAIM_TAKE_OVER_MS);

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(
    `ask-user-kit server: PORT must be a port number (0 picks a free one), got "${process.env.PORT}".`,
  );
  process.exit(1);
}

function defaultStorage(): string {
  const dir = path.resolve(here, '../.data');
  mkdirSync(dir, { recursive: true });
  return `file:${path.join(dir, 'mastra.db')}`;
}

if (!Number.isFinite(takeOverAfterMs) || takeOverAfterMs < 0) {
  console.error(
    `ask-user-kit server: CLAIM_TAKE_OVER_MS must be a number of milliseconds, got "${process.env.CLAIM_TAKE_OVER_MS}".`,
  );
  process.exit(1);
}

const storage = process.env.STORAGE_URL || defaultStorage();
const onPostgres = /^postgres(ql)?:\/\//i.test(storage);
// The URL as printed: without its password.
const shownStorage = onPostgres ? storage.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@') : storage;
const agents = {
  planner: askUserAgent(
    'planner',
    model ?? tripPlannerScript,
    'You are a friendly trip planner. Ask the user, with the ask_user tool, where they want to go (free text), ' +
      'how they will travel (single choice: Train, Plane, Car, with descriptions) and what the trip should include ' +
      '(multiple choice), then write a short plan that uses their answers.',
  ),
};

function fail(message: string): never {
  console.error(`ask-user-kit server: ${message}`);
  process.exit(1);
}

function storageFailure(error: unknown): never {
  const message = (error as Error).message || String(error);
  if (onPostgres) {
    fail(
      `cannot reach PostgreSQL at ${shownStorage}: ${message}. Start it, or check the host, port, ` +
        `user, password and database in STORAGE_URL.`,
    );
  }
  fail(`cannot use storage ${storage}: ${message}. Point STORAGE_URL at a new or valid LibSQL file.`);
}

const instanceHeader: MiddlewareHandler = async (c, next) => {
  if (instance) c.header(INSTANCE_HEADER, instance);
  await next();
};

// The guard's claims live in the same database as the runs, so every server on it shares them.
const claims = onPostgres
  ? postgresClaimStore({ connectionString: storage, takeOverAfterMs })
  : libsqlClaimStore({ url: storage, takeOverAfterMs });
const closeClaims = () => Promise.resolve(claims.close()).catch(() => {});

let server: Awaited<ReturnType<typeof startMastraTestServer>>;
try {
  server = await startMastraTestServer({
    agents,
    storage: onPostgres ? new PostgresStore({ id: 'ask-user-kit', connectionString: storage }) : storage,
    port,
    middleware: [instanceHeader, answerGuard({ claims })],
  });
} catch (error) {
  const e = error as NodeJS.ErrnoException;
  await closeClaims();
  if (e.code === 'EADDRINUSE') {
    fail(`port ${port} on 127.0.0.1 is already in use. Stop the other process or set PORT.`);
  }
  if (e.code === 'EACCES') fail(`not allowed to listen on port ${port}. Pick a port above 1024 with PORT.`);
  if (onPostgres || /database|sqlite|libsql|connection/i.test(String(e.message))) storageFailure(e);
  fail(`could not start on port ${port} with storage ${shownStorage}: ${e.stack ?? e}`);
}

// Both stores connect lazily: a bad file or an unreachable PostgreSQL would only fail on the first request.
try {
  await server.mastra.getStorage()?.init();
  await claims.init();
} catch (error) {
  await server.close().catch(() => {});
  await closeClaims();
  storageFailure(error);
}

console.log(
  `ask-user-kit server ready at ${server.url}/api · agents: ${Object.keys(agents).join(', ')} · ` +
    `model: ${model ?? 'scripted (no API key)'} · storage: ${shownStorage}` +
    (instance ? ` · instance: ${instance}` : ''),
);
const stop = () =>
  void server
    .close()
    .then(closeClaims)
    .then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
