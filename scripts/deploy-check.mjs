#!/usr/bin/env node
// `pnpm run deploy:check`: the kit's server pieces in a real Mastra deployment. A fresh Mastra
// project (test/deploy/, copied to .deploy/app, outside the workspace) installs the packed
// @ask-user-kit/server, /testing and /core with npm, beside the `mastra` CLI, @mastra/core,
// /libsql and /memory from the registry. Its planner agent asks with Mastra's askUserTool (a
// scripted model, no API key), on LibSQL file storage, with `server.middleware: [answerGuard(…)]`
// on a libsqlClaimStore. Then, each check one test in the report (deploy.json, as consumers.json):
//   build             `mastra build`
//   built-answer      `node .mastra/output/index.mjs`: the planner asks, one client answers, a second
//                     client's answer to the same question gets the guard's 409 (answered-elsewhere)
//   built-restart     SIGTERM while the next question waits, start again on the same database: the
//                     question is listed again (suspended-runs), answering it and the last one
//                     completes the run with the three answers
//   dev-answer        `mastra dev`: the first answer and the 409 again
// The client is the kit's own (@ask-user-kit/core's createFetchTransport and createRunStore, from
// the tarball): test/deploy/drive.mjs. Flags: --only=name,name (with the steps they need).
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { exec, freePort, startProcess } from './processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = path.join(root, '.deploy');
const tarballs = path.join(work, 'tarballs');
const app = path.join(work, 'app');
const reportDir = path.resolve(root, process.env.ASK_REPORT_DIR ?? '.ci/reports');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

/** The packages the project installs, with their tarball's fixed name (test/deploy/package.json names them). */
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

/**
 * Packs the packages with pnpm (their prepack builds dist/) under fixed names: the same few lines
 * as scripts/consumers.mjs's pack, in a directory of this check's own.
 */
async function pack() {
  rmSync(tarballs, { recursive: true, force: true });
  mkdirSync(tarballs, { recursive: true });
  for (const { dir, tarball } of PACKED) {
    const out = path.join(work, 'pack-tmp');
    rmSync(out, { recursive: true, force: true });
    await exec('pnpm', ['pack', '--pack-destination', out], { cwd: path.join(root, dir) });
    const [file] = readdirSync(out).filter((f) => f.endsWith('.tgz'));
    if (!file) throw new Error(`pnpm pack wrote no tarball for ${dir}`);
    renameSync(path.join(out, file), path.join(tarballs, tarball));
    rmSync(out, { recursive: true, force: true });
  }
}

/** Copies the fixture beside the tarballs (its `file:../tarballs/…` resolve there) and installs it with npm. */
async function install() {
  rmSync(app, { recursive: true, force: true });
  cpSync(path.join(root, 'test/deploy'), app, { recursive: true });
  await exec('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'], {
    cwd: app,
  });
}

/** Each server gets a new database file of its own (the restart reuses it) and a free port on 127.0.0.1. */
async function serverEnv(database) {
  rmSync(path.join(app, database), { force: true });
  for (const suffix of ['-wal', '-shm']) rmSync(path.join(app, database + suffix), { force: true });
  return {
    ...ENV,
    PORT: String(await freePort()),
    MASTRA_HOST: '127.0.0.1',
    STORAGE_URL: `file:${path.join(app, database)}`,
  };
}

const startBuilt = (env) =>
  startProcess('node', ['.mastra/output/index.mjs'], { cwd: app, env, ready: BUILT_READY });

/** The drive steps, imported from the installed project so that `@ask-user-kit/core` is the packed one. */
const drive = () => import(pathToFileURL(path.join(app, 'drive.mjs')).href);

/** The state the built-server checks hand on: the running server, and the run waiting on its second question. */
const built = { env: undefined, server: undefined, runId: undefined };

/** Stops the built server, if one runs (a failed check may leave it). */
async function stopBuilt() {
  await built.server?.stop();
  built.server = undefined;
}

async function checkBuild() {
  await exec(path.join(app, 'node_modules/.bin/mastra'), ['build'], { cwd: app, env: ENV });
}

async function checkBuiltAnswer() {
  built.env = await serverEnv('built.db');
  built.server = await startBuilt(built.env);
  ({ runId: built.runId } = await (await drive()).answerOnceOnly(built.server.match[1], CONVERSATION));
}

async function checkBuiltRestart() {
  if (!built.runId) throw new Error('built-answer did not leave a run waiting');
  await built.server.stop();
  const output = built.server.output();
  if (!output.includes('Mastra shutdown completed')) {
    throw new Error(`the server did not shut down:\n${output}`);
  }
  built.server = await startBuilt(built.env);
  try {
    await (await drive()).finishAfterRestart(built.server.match[1], CONVERSATION, built.runId);
  } finally {
    await stopBuilt();
  }
}

async function checkDev() {
  await stopBuilt();
  const env = await serverEnv('dev.db');
  const server = await startProcess(path.join(app, 'node_modules/.bin/mastra'), ['dev'], {
    cwd: app,
    env,
    ready: DEV_READY,
    timeoutMs: DEV_READY_TIMEOUT_MS,
  });
  try {
    // It prints localhost; it listens where MASTRA_HOST says.
    await (await drive()).answerOnceOnly(`http://127.0.0.1:${env.PORT}`, CONVERSATION);
  } finally {
    await server.stop();
  }
}

/** Each step with the steps it needs: it is skipped when one of them did not pass. */
const steps = [
  { name: 'pack', run: pack, needs: [] },
  { name: 'install', run: install, needs: ['pack'] },
  { name: 'build', run: checkBuild, needs: ['install'] },
  { name: 'built-answer', run: checkBuiltAnswer, needs: ['build'] },
  { name: 'built-restart', run: checkBuiltRestart, needs: ['built-answer'] },
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
    if (missing) {
      results.push({ name: step.name, status: 'skipped', message: `${missing} did not pass` });
      console.log(`- ${step.name}: skipped (${missing} did not pass)`);
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
  await stopBuilt();
}
mkdirSync(reportDir, { recursive: true });
writeFileSync(path.join(reportDir, 'deploy.json'), `${JSON.stringify({ checks: results }, null, 2)}\n`);
const failed = results.filter((r) => r.status === 'failed').length;
const total = ((Date.now() - started) / 1000).toFixed(0);
console.log(`deploy: took ${total} s`);
console.log(`deploy: ${results.filter((r) => r.status === 'passed').length} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
