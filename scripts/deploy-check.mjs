#!/usr/bin/env node
// The kit's server pieces in a real Mastra deployment (`bash scripts/deploy-check.sh`:
// it starts a PostgreSQL and runs this with --postgres). The server example (examples/mastra-server,
// a Mastra project as users write it; copied to .deploy/app, outside the workspace) installs the
// packed @ask-user-kit/server, /testing and /core with npm, beside the `mastra` CLI, @mastra/core,
// /libsql, /pg and /memory from the registry. Its planner agent asks with Mastra's askUserTool (a scripted model, no API key); its
// storage is LibSQL (a file) or PostgreSQL, by STORAGE_URL, with `server.middleware:
// [answerGuard(…)]` on a claim store on the same database. Each check is one test in the report
// (deploy.json, shaped as consumers.json):
//   typecheck               `tsc` over the project (strict, as create-mastra sets it up)
//   snippets                the server docs' code blocks (packages/server and packages/testing
//                           READMEs; scripts/snippets.mjs) type-checked in the project, as pasted
//   build                   `mastra build`
//   built-answer            `node .mastra/output/index.mjs` on LibSQL: the planner asks, one client
//                           answers, a second client's answer to the same question gets the guard's
//                           409 (answered-elsewhere)
//   built-restart           SIGTERM while the next question waits (the server must exit 0 by itself),
//                           start again on the same database: the question is listed again
//                           (suspended-runs), and answering it and the last one completes the run
//                           with the three answers
//   built-postgres-answer,  the same two on PostgreSQL (postgresClaimStore from
//   built-postgres-restart  @ask-user-kit/server/postgres); skipped without --postgres=URL
//   dev-answer              `mastra dev` on LibSQL at the README's `file:./mastra.db`: the first
//                           answer and the 409
// The client is the kit's own (@ask-user-kit/core's createFetchTransport and createRunStore, from
// the tarball): test/deploy/drive.mjs, copied into the project. Flags: --only=name,name (with the steps they need),
// --postgres=URL (an empty database).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { exec, freePort, npmInstall, packPackages, root, startProcess, useTarballs } from './processes.mjs';
import { SERVER_DOCS, describeSnippets, writeSnippets } from './snippets.mjs';

const work = path.join(root, '.deploy');
const tarballs = path.join(work, 'tarballs');
const app = path.join(work, 'app');
const reportDir = path.resolve(root, process.env.ASK_REPORT_DIR ?? '.ci/reports');
const postgresUrl = process.argv.find((a) => a.startsWith('--postgres='))?.slice('--postgres='.length);
const noPostgres = postgresUrl
  ? undefined
  : 'no PostgreSQL: `bash scripts/deploy-check.sh` starts one, or pass --postgres=URL';
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

/** The packages the project installs, with their tarball's fixed name. */
const PACKED = [
  { dir: 'packages/core', tarball: 'ask-user-kit-core.tgz' },
  { dir: 'packages/server', tarball: 'ask-user-kit-server.tgz' },
  { dir: 'packages/testing', tarball: 'ask-user-kit-testing.tgz' },
];
// One conversation: the suspended-runs list is asked by resource, and filtered by thread.
const CONVERSATION = { resourceId: 'deploy-check', threadId: 'deploy-check-thread' };
// Mastra's CLI and server report usage to a remote host by default: not from a check.
const ENV = { MASTRA_TELEMETRY_DISABLED: '1' };
const BUILT_READY = /Mastra API running \{ url: '(http:\/\/[^']+)\/api' \}/;
const DEV_READY = /API:\s+(http:\/\/\S+?)\/api/;
const DEV_READY_TIMEOUT_MS = 5 * 60_000;
// Where `file:./mastra.db` lands under `mastra dev` (its server's working directory is Mastra's public dir).
const DEV_DATABASE = 'src/mastra/public/mastra.db';

const pack = () => packPackages(PACKED, tarballs);

/**
 * Copies the server example (not what running it in place left there), with the kit's packages
 * from the tarballs and the client that drives it, and installs it with npm.
 */
async function install() {
  rmSync(app, { recursive: true, force: true });
  const skipped = new Set(['node_modules', '.mastra', 'mastra.db']);
  cpSync(path.join(root, 'examples/mastra-server'), app, {
    recursive: true,
    filter: (file) => !skipped.has(path.basename(file)),
  });
  cpSync(path.join(root, 'test/deploy/drive.mjs'), path.join(app, 'drive.mjs'));
  const manifest = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8'));
  writeFileSync(
    path.join(app, 'package.json'),
    `${JSON.stringify(useTarballs(manifest, tarballs), null, 2)}\n`,
  );
  await npmInstall(app);
}

/** A new LibSQL file in the project (the restart reuses it). */
function newLibsqlFile(name) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(app, name + suffix), { force: true });
  return `file:${path.join(app, name)}`;
}

/** A built server's environment: its storage, and a free port on 127.0.0.1. */
async function serverEnv(storage) {
  return { ...ENV, PORT: String(await freePort()), MASTRA_HOST: '127.0.0.1', STORAGE_URL: storage };
}

/** The drive steps, imported from the installed project so that `@ask-user-kit/core` is the packed one. */
const drive = () => import(pathToFileURL(path.join(app, 'drive.mjs')).href);

/** How to stop what the checks started and left running (a failed check may). */
const stops = [];

/**
 * The built server's two checks on one storage (`storageUrl()` makes it and gives its URL): the first
 * leaves the server running and the run waiting on its second question for the second.
 */
function builtChecks(storageUrl) {
  const state = { env: undefined, server: undefined, runId: undefined };
  const stop = async () => {
    const ended = await state.server?.stop();
    state.server = undefined;
    return ended;
  };
  stops.push(stop);
  const start = () =>
    startProcess('node', ['.mastra/output/index.mjs'], { cwd: app, env: state.env, ready: BUILT_READY });
  return {
    async answer() {
      state.env = await serverEnv(await storageUrl());
      state.server = await start();
      ({ runId: state.runId } = await (await drive()).answerOnceOnly(state.server.match[1], CONVERSATION));
    },
    async restart() {
      if (!state.runId) throw new Error('the first answer did not leave a run waiting');
      const { output } = state.server;
      const ended = await stop();
      // Mastra's own SIGTERM handler drains the server, shuts Mastra down and exits 0.
      if (ended.forced || ended.code !== 0) {
        throw new Error(`the server did not shut down by itself (${JSON.stringify(ended)}):\n${output()}`);
      }
      state.server = await start();
      try {
        await (await drive()).finishAfterRestart(state.server.match[1], CONVERSATION, state.runId);
      } finally {
        await stop();
      }
    },
  };
}

/** `tsc` over the project, as create-mastra sets it up (strict): the kit's types as a user's editor sees them. */
async function checkTypes() {
  await exec(path.join(app, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: app });
}

/** The server docs' code blocks in the project's own tsconfig, with the `./agents` they import. */
async function checkSnippets() {
  const dir = path.join(app, 'snippets');
  rmSync(dir, { recursive: true, force: true });
  const written = writeSnippets(SERVER_DOCS, dir, '../tsconfig.json');
  cpSync(path.join(root, 'test/snippets/agents.ts'), path.join(dir, 'agents.ts'));
  await exec(path.join(app, 'node_modules/.bin/tsc'), ['-p', dir, '--pretty', 'false'], { cwd: app });
  console.log(`  ${describeSnippets(written)}`);
}

async function checkBuild() {
  await exec(path.join(app, 'node_modules/.bin/mastra'), ['build'], { cwd: app, env: ENV });
}

/**
 * `mastra dev` with the storage URL a user writes, `file:./mastra.db`: the dev server runs in
 * src/mastra/public, so that is where Mastra's runs and the guard's claims meet.
 */
async function checkDev() {
  // An empty STORAGE_URL (not one from the caller's environment) leaves the project's default.
  const env = { ...ENV, PORT: String(await freePort()), MASTRA_HOST: '127.0.0.1', STORAGE_URL: '' };
  const server = await startProcess(path.join(app, 'node_modules/.bin/mastra'), ['dev'], {
    cwd: app,
    env,
    ready: DEV_READY,
    timeoutMs: DEV_READY_TIMEOUT_MS,
  });
  stops.push(server.stop);
  // It prints localhost; it listens where MASTRA_HOST says.
  await (await drive()).answerOnceOnly(`http://127.0.0.1:${env.PORT}`, CONVERSATION);
  await server.stop();
  const database = path.join(app, DEV_DATABASE);
  // packages/server/README.md says so: a user's relative URL lands there.
  if (!existsSync(database)) {
    throw new Error(
      `under mastra dev, file:./mastra.db is no longer ${DEV_DATABASE}: update packages/server/README.md`,
    );
  }
}

const onLibsql = builtChecks(() => newLibsqlFile('built.db'));
const onPostgres = builtChecks(() => postgresUrl);

/** Each step with the steps it needs: it is skipped when one of them did not pass. */
const steps = [
  { name: 'pack', run: pack, needs: [] },
  { name: 'install', run: install, needs: ['pack'] },
  { name: 'typecheck', run: checkTypes, needs: ['install'] },
  { name: 'snippets', run: checkSnippets, needs: ['install'] },
  { name: 'build', run: checkBuild, needs: ['install'] },
  { name: 'built-answer', run: onLibsql.answer, needs: ['build'] },
  { name: 'built-restart', run: onLibsql.restart, needs: ['built-answer'] },
  { name: 'built-postgres-answer', run: onPostgres.answer, needs: ['build'], skip: noPostgres },
  {
    name: 'built-postgres-restart',
    run: onPostgres.restart,
    needs: ['built-postgres-answer'],
    skip: noPostgres,
  },
  // After the built server's checks: `mastra dev` bundles into the same .mastra/output.
  { name: 'dev-answer', run: checkDev, needs: ['install'] },
];
// --only=name keeps that step and the steps it needs.
const wanted = new Set(only ?? steps.map((step) => step.name));
for (const step of [...steps].reverse()) {
  if (wanted.has(step.name)) step.needs.forEach((name) => wanted.add(name));
}

const results = [];
const passed = (name) => results.some((r) => r.name === name && r.status === 'passed');
mkdirSync(work, { recursive: true });
const started = Date.now();
try {
  for (const step of steps.filter(({ name }) => wanted.has(name))) {
    const missing = step.needs.find((name) => !passed(name));
    const skipped = step.skip ?? (missing && `${missing} did not pass`);
    if (skipped) {
      results.push({ name: step.name, status: 'skipped', message: skipped });
      console.log(`- ${step.name}: skipped (${skipped})`);
      continue;
    }
    const stepStarted = Date.now();
    const seconds = () => ((Date.now() - stepStarted) / 1000).toFixed(1);
    console.log(`deploy: ${step.name}…`);
    try {
      await step.run();
      results.push({ name: step.name, status: 'passed', durationMs: Date.now() - stepStarted });
      console.log(`✓ ${step.name} (${seconds()} s)`);
    } catch (error) {
      results.push({
        name: step.name,
        status: 'failed',
        durationMs: Date.now() - stepStarted,
        message: error.message,
      });
      console.error(`✗ ${step.name} (${seconds()} s)\n${error.message}`);
    }
  }
} finally {
  for (const stop of stops) await stop();
}
mkdirSync(reportDir, { recursive: true });
writeFileSync(path.join(reportDir, 'deploy.json'), `${JSON.stringify({ checks: results }, null, 2)}\n`);
const failed = results.filter((r) => r.status === 'failed').length;
const total = ((Date.now() - started) / 1000).toFixed(0);
console.log(`deploy: took ${total} s`);
console.log(`deploy: ${results.filter((r) => r.status === 'passed').length} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
