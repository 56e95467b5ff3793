import { defineConfig } from 'vitest/config';

// One Vitest run covers every package; each project is one environment.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        test: {
          name: 'core',
          environment: 'node',
          include: ['packages/core/src/**/*.test.ts', 'packages/testing/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
        },
      },
    ],
  },
});
