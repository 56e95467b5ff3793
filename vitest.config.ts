import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { chromiumLaunchOptions } from './scripts/chromium.ts';

const chromium = playwright({ launchOptions: chromiumLaunchOptions });
// A factory, not a shared object: Vitest writes the project name into instances[i].
export const browser = () => ({
  enabled: true,
  headless: true,
  provider: chromium,
  instances: [{ browser: 'chromium' as const }],
  // Three browser projects start Chromium at once, beside pnpm test's other lane: a minute is short
  // on a busy 2-core machine.
  connectTimeout: 180_000,
});

// React 18.3 for the projects that check the kit on both versions. test/react18 installs React 18.3
// and the React libraries the tests import (each installed against 18.3 by pnpm, so their own
// `require('react')` finds 18.3 too); these projects resolve those names from there.
const react18Dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test/react18');
const fromReact18 = createRequire(path.join(react18Dir, 'package.json'));
const react18Package = (name: string) => path.dirname(fromReact18.resolve(`${name}/package.json`));
const react18Names = [
  'react',
  'react-dom',
  '@testing-library/react',
  '@tanstack/react-query',
  'vitest-browser-react',
];
const react18 = {
  alias: react18Names.flatMap((name) => [
    { find: new RegExp(`^${name}$`), replacement: react18Package(name) },
    { find: new RegExp(`^${name}/(.*)$`), replacement: `${react18Package(name)}/$1` },
  ]),
};

// On React 18.3, the tests that render (`.test.tsx`: components and hooks); the `.test.ts` files of
// packages/react test what holds no React (parsing, state, exports), the same on both versions.
const REACT18_TESTS = ['packages/react/src/**/*.test.tsx'];

/**
 * Vitest's order (slowest and failed first), except that within each project the files that name an
 * environment of their own (`// @vitest-environment node` in a jsdom project) come last: a worker
 * shared across files (`isolate: false`) is kept only while the environment stays the same, so each
 * such file between two others made the next one start a worker and a window again.
 */
class EnvironmentLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ownEnvironment = (file: TestSpecification) =>
      /^\/\/ @vitest-environment /m.test(readFileSync(file.moduleId, 'utf8').slice(0, 500));
    const byProject = new Map<string, { shared: TestSpecification[]; own: TestSpecification[] }>();
    for (const file of await super.sort(files)) {
      const project = byProject.get(file.project.name) ?? { shared: [], own: [] };
      byProject.set(file.project.name, project);
      (ownEnvironment(file) ? project.own : project.shared).push(file);
    }
    return [...byProject.values()].flatMap(({ shared, own }) => [...shared, ...own]);
  }
}

// One Vitest run covers every package; each project is one environment.
export default defineConfig({
  plugins: [react()],
  test: {
    // `pnpm test` (scripts/test.mjs) sets ASK_REPORT_DIR, and ASK_VITEST_REPORT for its second Vitest
    // step; .ci/summary.mjs reads the JSON reports.
    reporters: process.env.ASK_REPORT_DIR
      ? [
          'default',
          [
            'json',
            {
              outputFile: `${process.env.ASK_REPORT_DIR}/${process.env.ASK_VITEST_REPORT ?? 'vitest.json'}`,
            },
          ],
        ]
      : ['default'],
    sequence: { sequencer: EnvironmentLastSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          // Its files share their worker's modules instead of each importing Mastra again: that import
          // was most of the project's time. Its tests start their own servers and stores, and undo
          // what they stub.
          isolate: false,
          include: [
            'packages/core/src/**/*.test.ts',
            'packages/testing/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'packages/server/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'react',
          environment: 'jsdom',
          // One jsdom window and one React per worker instead of per file: their set-up was most of
          // the project's time. vitest.setup.ts gives each file fresh kit modules and empty storage.
          isolate: false,
          include: ['packages/react/src/**/*.test.{ts,tsx}'],
          exclude: ['packages/react/src/**/*.browser.test.{ts,tsx}'],
          setupFiles: ['./packages/react/vitest.setup.ts'],
          globalSetup: ['./packages/react/vitest.globalSetup.ts'],
        },
      },
      {
        extends: true,
        // Pre-bundled up front: found mid-run, Vite would bundle it again with a second React.
        optimizeDeps: { include: ['@mastra/react', '@assistant-ui/react', '@assistant-ui/react-ai-sdk'] },
        test: {
          name: 'browser',
          include: ['packages/react/src/**/*.browser.test.{ts,tsx}'],
          globalSetup: ['./packages/react/vitest.globalSetup.ts'],
          browser: browser(),
        },
      },
      {
        extends: true,
        resolve: react18,
        test: {
          name: 'react18',
          environment: 'jsdom',
          isolate: false,
          include: REACT18_TESTS,
          exclude: ['packages/react/src/**/*.browser.test.{ts,tsx}'],
          setupFiles: ['./packages/react/vitest.setup.ts'],
          globalSetup: ['./packages/react/vitest.globalSetup.ts'],
        },
      },
      {
        // In the browser, dependencies must stay bare names so that Vite pre-bundles them (React is
        // CommonJS): resolved from test/react18 as the project root instead of aliased to paths.
        extends: true,
        root: react18Dir,
        resolve: { dedupe: react18Names },
        optimizeDeps: { include: ['@assistant-ui/react', '@assistant-ui/react-ai-sdk'] },
        test: {
          name: 'browser-react18',
          dir: path.join(react18Dir, '../..'),
          include: ['packages/react/src/**/*.browser.test.{ts,tsx}'],
          // @mastra/react 1.5 needs React 19 (its peer range): its adapter is tested on 19 only.
          exclude: ['packages/react/src/adapters/mastraReact/**'],
          globalSetup: [path.join(react18Dir, '../../packages/react/vitest.globalSetup.ts')],
          browser: browser(),
        },
      },
      {
        // Every story is a test: it renders, its play function runs, and axe fails it on any violation.
        extends: true,
        plugins: [
          storybookTest({ configDir: path.join(path.dirname(fileURLToPath(import.meta.url)), '.storybook') }),
        ],
        test: { name: 'storybook', browser: browser() },
      },
    ],
  },
});
