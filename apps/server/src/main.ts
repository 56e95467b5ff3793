import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerGuard, type LibsqlClaimStore, libsqlClaimStore } from '@ask-user-kit/server';
import {
  askUserAgent,
  conciergeAgent,
  startMastraTestServer,
  tripPlannerScript,
} from '@ask-user-kit/testing';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT || 4111);
const model = process.env.MODEL || undefined;

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

const storage = process.env.STORAGE_URL || defaultStorage();
const agents = {
  planner: askUserAgent(
    'planner',
    model ?? tripPlannerScript,
    'You are a friendly trip planner. Ask the user, with the ask_user tool, where they want to go (free text), ' +
      'how they will travel (single choice: Train, Plane, Car, with descriptions) and what the trip should include ' +
      '(multiple choice), then write a short plan that uses their answers.',
  ),
  concierge: conciergeAgent(),
};

function fail(message: string): never {
  console.error(`ask-user-kit server: ${message}`);
  process.exit(1);
}

let server: Awaited<ReturnType<typeof startMastraTestServer>>;
// The guard's claims live in the same database as the runs, so every server on it shares them.
let claims: LibsqlClaimStore;
try {
  claims = libsqlClaimStore({ url: storage });
  server = await startMastraTestServer({ agents, storage, port, middleware: [answerGuard({ claims })] });
} catch (error) {
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE') {
    fail(`port ${port} on 127.0.0.1 is already in use. Stop the other process or set PORT.`);
  }
  if (e.code === 'EACCES') fail(`not allowed to listen on port ${port}. Pick a port above 1024 with PORT.`);
  if (/database|sqlite|libsql|connection/i.test(String(e.message))) {
    fail(
      `cannot open storage ${storage}: ${e.message}. Check that its directory exists and is writable, or set STORAGE_URL.`,
    );
  }
  fail(`could not start on port ${port} with storage ${storage}: ${e.stack ?? e}`);
}

// LibSQL opens a file lazily: a file that is not a database would only fail on the first request.
try {
  await server.mastra.getStorage()?.init();
  await claims.init();
} catch (error) {
  await server.close().catch(() => {});
  claims.close();
  fail(
    `cannot use storage ${storage}: ${(error as Error).message ?? error}. Point STORAGE_URL at a new or valid LibSQL file.`,
  );
}

console.log(
  `ask-user-kit server ready at ${server.url}/api · agents: ${Object.keys(agents).join(', ')} · ` +
    `model: ${model ?? 'scripted (no API key)'} · storage: ${storage}`,
);
const stop = () =>
  void server.close().then(() => {
    claims.close();
    process.exit(0);
  });
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
