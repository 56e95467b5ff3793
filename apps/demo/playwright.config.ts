import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';
import { APP_PORT, CONTROLLED_APP_PORT, CONTROLLED_SERVER_PORT, SERVER_PORT, url } from './e2e/ports.ts';

// Workers load this file again; the env var makes them reuse the main process's directory.
process.env.ASK_E2E_TMP ??= mkdtempSync(path.join(tmpdir(), 'ask-user-kit-e2e-'));
const tmp = process.env.ASK_E2E_TMP;

const node = JSON.stringify(process.execPath);
const vite = `${node} node_modules/vite/bin/vite.js`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Generous: a conversation runs axe in several states, and CI machines are often busy.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalTeardown: './e2e/globalTeardown.ts',
  use: {
    baseURL: url(APP_PORT),
    // Recording a trace of every test costs about a quarter of each test's time: only a failed test's
    // retry records one (CI retries once); locally, `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /latency\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
    // Measured after the other tests, so they do not compete with it for the CPU.
    {
      name: 'latency',
      testMatch: /latency\.spec\.ts/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
  ],
  // Started in order: the server, then the built app proxying to it, then a second preview of the same
  // build whose server the resilience tests start and stop themselves. Vite 8 refuses a second preview
  // of one project unless told (--bypass-lock): here two are intended.
  webServer: [
    {
      command: `${node} ../server/src/main.ts`,
      env: { PORT: String(SERVER_PORT), STORAGE_URL: `file:${path.join(tmp, 'shared.db')}` },
      url: `${url(SERVER_PORT)}/api/agents`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: `${vite} build --logLevel warn && ${vite} preview --port ${APP_PORT} --strictPort --bypass-lock`,
      env: { ASK_SERVER_URL: url(SERVER_PORT) },
      url: url(APP_PORT),
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `${vite} preview --port ${CONTROLLED_APP_PORT} --strictPort --bypass-lock`,
      env: { ASK_SERVER_URL: url(CONTROLLED_SERVER_PORT) },
      url: url(CONTROLLED_APP_PORT),
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
