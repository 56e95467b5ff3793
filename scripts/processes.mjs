// Child processes for the scripts that build and start real apps (scripts/consumers.mjs,
// scripts/deploy-check.mjs): run a command to its end, start a server and wait for its "ready"
// line, stop it, find a free port, pack the published packages, point an app at the packed
// packages and install it with npm. A started
// process leads a process group of its own, so stopping it also stops the server a CLI
// (`mastra dev`) started.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: where commands run unless told otherwise. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const STOP_GRACE_MS = 10_000;

/** Terminal colour codes (ESC [ … m): CI=true makes some tools colour their output. */
// eslint-disable-next-line no-control-regex -- ESC is the character to strip
const stripColours = (text) => String(text).replace(/\x1b\[[0-9;]*m/g, '');

/**
 * Runs a command to its end; resolves with its output, rejects with its output's tail when it
 * fails (the whole output is on the error's `output`). `quiet: false` also prints the output.
 */
export function exec(command, args, { cwd = root, env, quiet = true, timeoutMs = 10 * 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (data) => {
      output += stripColours(data);
      if (!quiet) process.stdout.write(data);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${command} could not start: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(output);
      const tail = output.trim().split('\n').slice(-25).join('\n');
      const error = new Error(`${command} ${args.join(' ')} exited ${code ?? signal}:\n${tail}`);
      reject(Object.assign(error, { output }));
    });
  });
}

/**
 * Starts a long-running process and resolves once its output matches `ready`, with the match,
 * the output so far (`output()`) and `stop()`. Rejects if it exits or is not ready in time.
 */
export function startProcess(command, args, { cwd = root, env, ready, timeoutMs = 60_000 }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const timer = setTimeout(() => {
      stopProcess(child);
      reject(new Error(`${command} was not ready within ${timeoutMs / 1000} s:\n${output.slice(-2000)}`));
    }, timeoutMs);
    const onData = (data) => {
      output += stripColours(data);
      const match = output.match(ready);
      if (!match) return;
      clearTimeout(timer);
      resolve({ match, output: () => output, stop: () => stopProcess(child) });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${command} could not start: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited ${code ?? signal} before it was ready:\n${output.slice(-2000)}`));
    });
  });
}

/**
 * SIGTERM to the process (a server shuts down, a CLI stops its server); its whole group is killed
 * if it lingers. Resolves with how it ended: its exit `code` or `signal`, and `forced` when it had
 * to be killed.
 */
export function stopProcess(child) {
  const ended = (forced) => ({ code: child.exitCode, signal: child.signalCode, forced });
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(ended(false));
  return new Promise((resolve) => {
    let forced = false;
    const killGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
    };
    const timer = setTimeout(() => {
      forced = true;
      killGroup();
    }, STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      // What the process started and left behind goes with it.
      killGroup();
      resolve(ended(forced));
    });
    child.kill('SIGTERM');
  });
}

/** A port that was free on 127.0.0.1 a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Packs each `{ dir, tarball }` package with pnpm (its prepack builds dist/) into `tarballs`
 * under the fixed file name `tarball`, so apps can depend on `file:…/<tarball>`. Under `pnpm test`,
 * ASK_PACKED_DIR names a directory the run's steps share: a package packed there by an earlier step
 * is copied from it instead of built and packed again.
 */
export async function packPackages(packages, tarballs) {
  const shared = process.env.ASK_PACKED_DIR;
  rmSync(tarballs, { recursive: true, force: true });
  mkdirSync(tarballs, { recursive: true });
  const out = path.join(tarballs, '.pack-tmp');
  for (const { dir, tarball } of packages) {
    const packed = shared && path.join(shared, tarball);
    if (packed && existsSync(packed)) {
      copyFileSync(packed, path.join(tarballs, tarball));
      continue;
    }
    rmSync(out, { recursive: true, force: true });
    await exec('pnpm', ['pack', '--pack-destination', out], { cwd: path.join(root, dir) });
    const [file] = readdirSync(out).filter((name) => name.endsWith('.tgz'));
    if (!file) throw new Error(`pnpm pack wrote no tarball for ${dir}`);
    renameSync(path.join(out, file), path.join(tarballs, tarball));
    if (packed) copyFileSync(path.join(tarballs, tarball), packed);
  }
  rmSync(out, { recursive: true, force: true });
}

/** The file name packPackages gives a package's tarball: `@ask-user-kit/core` → `ask-user-kit-core.tgz`. */
export const tarballName = (name) => `${name.replace(/^@/, '').replace('/', '-')}.tgz`;

const KIT = /^@ask-user-kit\//;

/**
 * An app's package.json (`manifest`, changed in place) as it installs the kit from the packed
 * tarballs in `tarballs`: each @ask-user-kit package it depends on becomes a `file:` dependency on
 * its tarball, with @ask-user-kit/core beside them (the other packages depend on it, and npm would
 * look for that version in the registry), and `versions` replace the versions of other dependencies.
 */
export function useTarballs(manifest, tarballs, versions = {}) {
  const fields = ['dependencies', 'devDependencies'].filter((field) => manifest[field]);
  const kit = fields.flatMap((field) => Object.keys(manifest[field]).filter((name) => KIT.test(name)));
  if (kit.length && !kit.includes('@ask-user-kit/core')) {
    manifest.dependencies = { ...manifest.dependencies, '@ask-user-kit/core': '' };
    if (!fields.includes('dependencies')) fields.push('dependencies');
  }
  for (const field of fields) {
    for (const name of Object.keys(manifest[field])) {
      if (KIT.test(name)) manifest[field][name] = `file:${path.join(tarballs, tarballName(name))}`;
      else if (versions[name]) manifest[field][name] = versions[name];
    }
  }
  return manifest;
}

/** `npm install` in an app outside the workspace, from npm's cache where it can. */
export function npmInstall(dir) {
  return exec('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'], {
    cwd: dir,
  });
}
