#!/usr/bin/env node
// `pnpm test`: every check. A failing step does not stop the next ones; the exit code is non-zero if
// any step failed or if no test ran. Steps are picked up when their script exists:
//   typecheck   root `typecheck`
//   vitest      Vitest's projects that run in Node (core, react, react18, …): every project of
//               vitest.config.ts but those of vitest:browser (root `test:vitest` runs them all at once)
//   vitest:browser  Vitest's projects in Chromium (browser, browser-react18, storybook)
//   check:*     every root script named `check:<name>`, in package.json's order (one step each:
//               check:size, check:lint, check:cycles, …; check:consumers reports each consumer)
//   e2e         apps/demo `test:e2e`, once apps/demo has a Playwright config
// The steps run in two lanes at once, each one step after the other: the main lane (typecheck, the
// Node tests, the e2e tests, then lint and format) and, beside it, the steps in ALONGSIDE: first those that install apps
// with npm and wait on the network and on the servers they start much of the time, then the browser
// tests and the short checks, so that both lanes take about as long. An alongside step's output goes
// to <report dir>/<step>.log and is printed whole when the step ends. ASK_LANES=1 runs every step in
// one lane, in the order above. The steps that install the kit's packed packages share one pack of
// them (ASK_PACKED_DIR, scripts/processes.mjs's packPackages).
// JSON reports and steps.json go to $ASK_REPORT_DIR (default .ci/reports); .ci/summary.mjs reads them.
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
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

// The names of vitest.config.ts's projects that run in Chromium (patterns, as `vitest --project` takes).
const BROWSER_PROJECTS = ['browser*', 'storybook'];

/** @type {{ name: string, command: string[], report?: string, env?: Record<string,string>, missing: string | null }[]} */
const steps = [
  { name: 'typecheck', command: ['pnpm', 'run', 'typecheck'], missing: rootScript('typecheck') },
  {
    name: 'vitest',
    command: ['pnpm', 'exec', 'vitest', 'run', ...BROWSER_PROJECTS.map((p) => `--project=!${p}`)],
    report: 'vitest.json',
    missing: rootScript('test:vitest'),
  },
  {
    name: 'vitest:browser',
    command: ['pnpm', 'exec', 'vitest', 'run', ...BROWSER_PROJECTS.map((p) => `--project=${p}`)],
    report: 'vitest-browser.json',
    env: { ASK_VITEST_REPORT: 'vitest-browser.json' },
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
    env: {
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reportDir, 'playwright.json'),
      // latency.spec.ts reports figures and asserts only one painted frame per question: 7 of its
      // 20 conversations check that (its figures: `LATENCY_RUNS=20`, apps/demo/README.md).
      LATENCY_RUNS: '7',
    },
    missing: !demoScripts['test:e2e']
      ? 'no apps/demo "test:e2e" script yet'
      : !playwrightConfig
        ? 'no apps/demo/playwright.config yet'
        : null,
  },
];

/** Steps run beside the main lane, in this order (see the top of this file): the check:* steps not named are last. */
const ALONGSIDE = ['check:consumers', 'check:deploy', 'check:scale', 'vitest:browser'];
/** The main lane's steps, in this order: lint and format close it, so that both lanes take about as long. */
const MAIN_ORDER = ['typecheck', 'vitest', 'e2e', 'check:lint', 'check:format'];
const MAIN = new Set(MAIN_ORDER);
const oneLane = process.env.ASK_LANES === '1';

/** Runs `command`; its output goes to the terminal, or to `log` (a file path) when given. */
function run(command, env, log) {
  return new Promise((resolve) => {
    const out = log ? createWriteStream(log) : undefined;
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
    const done = (code) => (out ? out.end(() => resolve(code)) : resolve(code));
    child.on('error', (error) => {
      console.error(`could not run ${command.join(' ')}: ${error.message}`);
      done(127);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

// Run alone, this run owns the report directory; under .ci/run (which sets ASK_REPORT_DIR and has
// already written setup.jsonl there) only this script's own files are replaced.
if (!process.env.ASK_REPORT_DIR) rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
for (const file of ['steps.json', ...steps.flatMap((s) => (s.report ? [s.report] : []))]) {
  rmSync(path.join(reportDir, file), { force: true });
}
// One pack of the kit's packages for this run, made by the first step that needs it.
const packedDir = mkdtempSync(path.join(tmpdir(), 'ask-user-kit-packed-'));

const results = new Map();
const save = () =>
  writeFileSync(
    path.join(reportDir, 'steps.json'),
    `${JSON.stringify(
      steps.flatMap((s) => results.get(s) ?? []),
      null,
      2,
    )}\n`,
  );
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function runStep(step, alongside) {
  const command = step.command.join(' ');
  if (step.missing) {
    console.log(`\n▶ ${step.name}: not run (${step.missing})`);
    results.set(step, { name: step.name, command, status: 'skipped', reason: step.missing });
    save();
    return;
  }
  const log = alongside ? path.join(reportDir, `${step.name.replace(':', '-')}.log`) : undefined;
  console.log(`\n▶ ${step.name}: ${command}${log ? ' (alongside the others; its output at its end)' : ''}`);
  const started = Date.now();
  const env = { ASK_REPORT_DIR: reportDir, ASK_PACKED_DIR: packedDir, ...step.env };
  const exitCode = await run(step.command, env, log);
  const durationMs = Date.now() - started;
  results.set(step, {
    name: step.name,
    command,
    status: exitCode === 0 ? 'passed' : 'failed',
    exitCode,
    durationMs,
    ...(step.report ? { report: step.report } : {}),
  });
  save();
  const outcome = `${exitCode === 0 ? 'ok' : `exit code ${exitCode}`} in ${seconds(durationMs)}`;
  if (log) {
    console.log(`\n┌─ ${step.name}: ${command} (alongside)\n${readFileSync(log, 'utf8').trimEnd()}`);
    console.log(`└─ ${step.name}: ${outcome}`);
  } else {
    console.log(`◀ ${step.name}: ${outcome}`);
  }
}

const lane = async (laneSteps, alongside) => {
  for (const step of laneSteps) await runStep(step, alongside);
};
const alongsideOrder = (step) => {
  const at = ALONGSIDE.indexOf(step.name);
  return at === -1 ? ALONGSIDE.length : at;
};
try {
  await (oneLane
    ? lane(steps, false)
    : Promise.all([
        lane(
          steps
            .filter((s) => MAIN.has(s.name))
            .sort((a, b) => MAIN_ORDER.indexOf(a.name) - MAIN_ORDER.indexOf(b.name)),
          false,
        ),
        lane(
          steps.filter((s) => !MAIN.has(s.name)).sort((a, b) => alongsideOrder(a) - alongsideOrder(b)),
          true,
        ),
      ]));
} finally {
  rmSync(packedDir, { recursive: true, force: true });
}

if (process.env.ASK_SUMMARY === '0') {
  process.exitCode = [...results.values()].some((r) => r.status === 'failed') ? 1 : 0;
} else {
  process.exitCode = printSummary(reportDir);
}
