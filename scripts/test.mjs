#!/usr/bin/env node
// `pnpm test`: every check, one after the other. A failing step does not stop the next ones; the exit
// code is non-zero if any step failed or if no test ran. Steps are picked up when their script exists:
//   typecheck   root `typecheck`
//   vitest      root `test:vitest`: every project in vitest.config.ts (core, react, browser, storybook, …)
//   check:*     every root script named `check:<name>`, in package.json's order (one step each:
//               check:size, check:lint, check:cycles, …; check:consumers reports each consumer)
//   e2e         apps/demo `test:e2e`, once apps/demo has a Playwright config
// JSON reports and steps.json go to $ASK_REPORT_DIR (default .ci/reports); .ci/summary.mjs reads them.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSummary } from '../.ci/summary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.resolve(root, process.env.ASK_REPORT_DIR ?? '.ci/reports');

const scriptsOf = (dir) => {
  try {
    return JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).scripts ?? {};
  } catch {
    return {};
  }
};
const rootScripts = scriptsOf('.');
const demoScripts = scriptsOf('apps/demo');
const playwrightConfig = ['ts', 'mts', 'js', 'mjs'].some((ext) =>
  existsSync(path.join(root, `apps/demo/playwright.config.${ext}`)),
);
const rootScript = (name) => (rootScripts[name] ? null : `no root "${name}" script yet`);

// The check steps that write a report of their own checks (each counted as a test by .ci/summary.mjs).
const checkReports = {
  'check:consumers': 'consumers.json',
  'check:deploy': 'deploy.json',
  'check:scale': 'scale.json',
};

/** @type {{ name: string, command: string[], report?: string, env?: Record<string,string>, missing: string | null }[]} */
const steps = [
  { name: 'typecheck', command: ['pnpm', 'run', 'typecheck'], missing: rootScript('typecheck') },
  {
    name: 'vitest',
    command: ['pnpm', 'run', 'test:vitest'],
    report: 'vitest.json',
    missing: rootScript('test:vitest'),
  },
  ...Object.keys(rootScripts)
    .filter((s) => s.startsWith('check:'))
    .map((s) => ({
      name: s,
      command: ['pnpm', 'run', s],
      ...(checkReports[s] && { report: checkReports[s] }),
      missing: null,
    })),
  {
    name: 'e2e',
    // `--reporter` after the script name reaches `playwright test`; it replaces the config's reporters.
    command: ['pnpm', '--filter', '@ask-user-kit/demo', 'run', 'test:e2e', '--reporter=list,json'],
    report: 'playwright.json',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reportDir, 'playwright.json') },
    missing: !demoScripts['test:e2e']
      ? 'no apps/demo "test:e2e" script yet'
      : !playwrightConfig
        ? 'no apps/demo/playwright.config yet'
        : null,
  },
];

function run(command, env) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('error', (error) => {
      console.error(`could not run ${command.join(' ')}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

// Run alone, this run owns the report directory; under .ci/run (which sets ASK_REPORT_DIR and has
// already written setup.jsonl there) only this script's own files are replaced.
if (!process.env.ASK_REPORT_DIR) rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
for (const file of ['steps.json', ...steps.flatMap((s) => (s.report ? [s.report] : []))]) {
  rmSync(path.join(reportDir, file), { force: true });
}

const results = [];
const save = () => writeFileSync(path.join(reportDir, 'steps.json'), `${JSON.stringify(results, null, 2)}\n`);
for (const step of steps) {
  const command = step.command.join(' ');
  if (step.missing) {
    console.log(`\n▶ ${step.name}: not run (${step.missing})`);
    results.push({ name: step.name, command, status: 'skipped', reason: step.missing });
    save();
    continue;
  }
  console.log(`\n▶ ${step.name}: ${command}`);
  const started = Date.now();
  const exitCode = await run(step.command, { ASK_REPORT_DIR: reportDir, ...step.env });
  const durationMs = Date.now() - started;
  results.push({
    name: step.name,
    command,
    status: exitCode === 0 ? 'passed' : 'failed',
    exitCode,
    durationMs,
    ...(step.report ? { report: step.report } : {}),
  });
  save();
  console.log(
    `◀ ${step.name}: ${exitCode === 0 ? 'ok' : `exit code ${exitCode}`} in ${(durationMs / 1000).toFixed(1)} s`,
  );
}

if (process.env.ASK_SUMMARY === '0') {
  process.exitCode = results.some((r) => r.status === 'failed') ? 1 : 0;
} else {
  process.exitCode = printSummary(reportDir);
}
