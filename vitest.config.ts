import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// Debian's Chromium by default; CHROMIUM_PATH points at another one.
const chromium = playwright({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
});
// A factory, not a shared object: Vitest writes the project name into instances[i].
export const browser = () => ({
  enabled: true,
  headless: true,
  provider: chromium,
  instances: [{ browser: 'chromium' as const }],
});

// One Vitest run covers every package; each project is one environment.
export default defineConfig({
  plugins: [react()],
  test: {
    // `pnpm test` (scripts/test.mjs) sets ASK_REPORT_DIR; .ci/summary.mjs reads the JSON report.
    reporters: process.env.ASK_REPORT_DIR
      ? ['default', ['json', { outputFile: `${process.env.ASK_REPORT_DIR}/vitest.json` }]]
      : ['default'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          include: ['packages/core/src/**/*.test.ts', 'packages/testing/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'packages/server/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'react',
          environment: 'jsdom',
          include: ['packages/react/src/**/*.test.{ts,tsx}'],
          exclude: ['packages/react/src/**/*.browser.test.{ts,tsx}'],
          setupFiles: ['./packages/react/vitest.setup.ts'],
          globalSetup: ['./packages/react/vitest.globalSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['packages/react/src/**/*.browser.test.{ts,tsx}'],
          globalSetup: ['./packages/react/vitest.globalSetup.ts'],
          browser: browser(),
        },
      },
      {
        // Every story is a test: it renders, its play function runs, and axe fails it on any violation.
        extends: true,
        plugins: [storybookTest({ configDir: path.join(path.dirname(fileURLToPath(import.meta.url)), '.storybook') })],
        test: { name: 'storybook', browser: browser() },
      },
    ],
  },
});
