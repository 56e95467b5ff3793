#!/usr/bin/env node
// `pnpm test:quick`: the inner loop. The types, the tests that run in Node and jsdom (Vitest's core
// and react projects, the fuzz tests for 8 s), lint and import cycles, at once: Vitest in one lane
// (two workers), the checks one after the other beside it. The checks' output is
// printed when they end. Exits non-zero if anything failed. The browser, React 18 and e2e tests,
// the demo server's process tests (apps/server/src/main.test.ts: six Node processes that each
// import Mastra) and the packed-install checks run in `pnpm test`.
import { spawn } from 'node:child_process';

const vitest = {
  name: 'vitest',
  command: [
    'pnpm',
    'exec',
    'vitest',
    'run',
    '--project=core',
    '--project=react',
    '--exclude=apps/server/src/main.test.ts',
  ],
  // Two workers: while one waits on a server's timers or a lease, the other runs (Vitest takes one
  // on 2 cores; `pnpm test` keeps that, the other lane busy beside it).
  env: { FUZZ_SECONDS: '8', VITEST_MAX_WORKERS: '2' },
};
const checks = ['typecheck', 'check:lint', 'check:cycles'].map((name) => ({
  name,
  command: ['pnpm', 'run', '--silent', name],
}));

/** Runs a step; with `quiet`, its output is kept and printed once it ended. Resolves with its exit code. */
function run(step, quiet) {
  const started = Date.now();
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(step.command[0], step.command.slice(1), {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...step.env },
    });
    child.stdout?.on('data', (data) => (output += data));
    child.stderr?.on('data', (data) => (output += data));
    const done = (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (output.trim()) console.log(`\n┌─ ${step.name}\n${output.trimEnd()}`);
      console.log(
        `${quiet ? '└─' : '◀'} ${step.name}: ${code === 0 ? 'ok' : `exit code ${code}`} in ${seconds} s`,
      );
      resolve(code);
    };
    child.on('error', (error) => {
      output += `could not run ${step.command.join(' ')}: ${error.message}\n`;
      done(127);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

async function runChecks() {
  const codes = [];
  for (const step of checks) codes.push(await run(step, true));
  return codes;
}

const [vitestCode, checkCodes] = await Promise.all([run(vitest, false), runChecks()]);
const failed = [vitestCode, ...checkCodes].filter((code) => code !== 0).length;
console.log(failed ? `\n${failed} of 4 steps failed` : '\nall 4 steps passed');
process.exitCode = failed ? 1 : 0;
