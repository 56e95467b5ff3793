#!/usr/bin/env node
// Reads what a test run left in the report directory and prints one line per step, the failed tests,
// and, alone on the last line, `N passed, N failed, N skipped`. Exits 1 if anything failed or no test ran.
//
//   setup.jsonl    steps of .ci/run before the tests (one JSON object a line); counted only when they fail
//   steps.json     the steps of scripts/test.mjs: { name, command, status, exitCode, durationMs, report?, reason? }
//   vitest.json    Vitest's json reporter          (a step with report: "vitest.json"; the browser
//                  projects' step writes vitest-browser.json)
//   playwright.json Playwright's json reporter     (a step with report: "playwright.json")
//   consumers.json scripts/consumers.mjs's checks   (the check:consumers step)
//   scale.json     scripts/scale.sh --ci's checks    (the check:scale step, same shape)
//   deploy.json    scripts/deploy-check.mjs's checks (the check:deploy step, same shape)
// A step without a report (typecheck, size budget) counts as one test.
//
// Usage: node .ci/summary.mjs [report dir]   (default: $ASK_REPORT_DIR, else .ci/reports)
// Plain JavaScript for any Node >= 18: it must still run when the toolchain could not be installed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestCounts(report) {
  const failures = [];
  let suiteErrors = 0;
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failures.push(`${name} › ${t.fullName ?? t.title}`);
    // A file that fails to load, or fails in a hook, has no failed test of its own.
    if (file.status === 'failed' && failed.length === 0) {
      suiteErrors += 1;
      const first =
        String(file.message ?? '')
          .split('\n')
          .find((l) => l.trim()) ?? 'failed outside any test';
      failures.push(`${name} › ${first.trim()}`);
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + suiteErrors,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures,
  };
}

function playwrightCounts(report) {
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') {
          failures.push(
            `playwright › ${[spec.file ?? suite.file, ...titles, spec.title].filter(Boolean).join(' › ')}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  const stats = report.stats ?? {};
  const errors = (report.errors ?? []).map((e) => `playwright › ${String(e.message ?? e).split('\n')[0]}`);
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (stats.unexpected ? 0 : errors.length > 0 ? 1 : 0),
    skipped: stats.skipped ?? 0,
    flaky: stats.flaky ?? 0,
    failures: [...failures, ...errors],
  };
}

/** scripts/consumers.mjs's report: `{ checks: [{ name, status: 'passed' | 'failed' | 'skipped', message? }] }`. */
function checksCounts(report) {
  const checks = report.checks ?? [];
  const count = (status) => checks.filter((c) => c.status === status).length;
  return {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    failures: checks
      .filter((c) => c.status === 'failed')
      .map((c) => `consumers › ${c.name}: ${String(c.message ?? '').split('\n')[0]}`),
  };
}

const readers = {
  'vitest.json': vitestCounts,
  'vitest-browser.json': vitestCounts,
  'playwright.json': playwrightCounts,
  'consumers.json': checksCounts,
  'scale.json': checksCounts,
  'deploy.json': checksCounts,
};

/** Counts everything a run left in `dir`. */
export function summarize(dir) {
  const rows = [];
  const failures = [];
  let passed = 0;
  let failed = 0;
  let skipped = 0;

  const setup = existsSync(path.join(dir, 'setup.jsonl'))
    ? readFileSync(path.join(dir, 'setup.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
  for (const s of setup) {
    rows.push({
      name: s.name,
      status: s.exitCode === 0 ? 'ok' : 'FAILED',
      detail: s.reason ?? '',
      ms: s.durationMs,
    });
    if (s.exitCode !== 0) {
      failed += 1;
      failures.push(`${s.name} › exit code ${s.exitCode}${s.reason ? `: ${s.reason}` : ''}`);
    }
  }

  const steps = readJson(path.join(dir, 'steps.json')) ?? [];
  for (const step of steps) {
    if (step.status === 'skipped') {
      rows.push({ name: step.name, status: 'not run', detail: step.reason ?? '' });
      continue;
    }
    if (!step.report) {
      const ok = step.exitCode === 0;
      if (ok) passed += 1;
      else {
        failed += 1;
        failures.push(`${step.name} › \`${step.command}\` exited ${step.exitCode}`);
      }
      rows.push({
        name: step.name,
        status: ok ? 'passed' : 'FAILED',
        detail: '1 check',
        ms: step.durationMs,
      });
      continue;
    }
    const report = readJson(path.join(dir, step.report));
    if (!report) {
      failed += 1;
      failures.push(`${step.name} › no ${step.report} written (\`${step.command}\` exited ${step.exitCode})`);
      rows.push({ name: step.name, status: 'FAILED', detail: `no ${step.report}`, ms: step.durationMs });
      continue;
    }
    const c = readers[step.report](report);
    // Exit code and report must agree: Vitest exits 1 on an unhandled error even when every test passed.
    if (step.exitCode !== 0 && c.failed === 0) {
      c.failed = 1;
      c.failures.push(
        `${step.name} › exited ${step.exitCode} with no failed test: look for an error in its log`,
      );
    }
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
    failures.push(...c.failures);
    const detail = `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${c.flaky ? ` (${c.flaky} flaky)` : ''}`;
    rows.push({ name: step.name, status: c.failed ? 'FAILED' : 'passed', detail, ms: step.durationMs });
  }
  return { rows, failures, passed, failed, skipped };
}

/** Prints the summary; the last line is exactly `N passed, N failed, N skipped`. Returns the exit code. */
export function printSummary(dir) {
  const { rows, failures, passed, failed, skipped } = summarize(dir);
  console.log('\n── summary ──');
  for (const r of rows) {
    const time = r.ms === undefined ? '' : `${(r.ms / 1000).toFixed(1)} s`;
    console.log(`  ${r.name.padEnd(12)} ${r.status.padEnd(8)} ${time.padStart(8)}  ${r.detail}`);
  }
  if (failures.length) {
    console.log(`\nfailed (${failures.length}):`);
    for (const f of failures.slice(0, 50)) console.log(`  ✗ ${f}`);
    if (failures.length > 50) console.log(`  … and ${failures.length - 50} more`);
  }
  const ran = passed + failed;
  if (ran === 0) console.log('\nno test ran');
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  return failed > 0 || ran === 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? process.env.ASK_REPORT_DIR ?? path.join(root, '.ci/reports'));
  process.exitCode = printSummary(dir);
}
