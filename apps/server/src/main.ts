import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { askUserAgent, startMastraTestServer, tripPlannerScript } from '@ask-user-kit/testing';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 4111);
const model = process.env.MODEL;

function defaultStorage(): string {
  const dir = path.resolve(here, '../.data');
  mkdirSync(dir, { recursive: true });
  return `file:${path.join(dir, 'mastra.db')}`;
}

const storage = process.env.STORAGE_URL ?? defaultStorage();
const agents = {
  planner: askUserAgent(
    'planner',
    model ?? tripPlannerScript,
    'You are a friendly trip planner. Ask the user, with the ask_user tool, where they want to go (free text), ' +
      'how they will travel (single choice: Train, Plane, Car, with descriptions) and what the trip should include ' +
      '(multiple choice), then write a short plan that uses their answers.',
  ),
};

try {
  const server = await startMastraTestServer({ agents, storage, port });
  console.log(
    `ask-user-kit server ready at ${server.url}/api · agents: ${Object.keys(agents).join(', ')} · ` +
      `model: ${model ?? 'scripted (no API key)'} · storage: ${storage}`,
  );
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE') {
    console.error(`ask-user-kit server: port ${port} on 127.0.0.1 is already in use. Stop the other process or set PORT.`);
  } else {
    console.error(`ask-user-kit server could not start (storage: ${storage}): ${e.message ?? e}`);
  }
  process.exit(1);
}
