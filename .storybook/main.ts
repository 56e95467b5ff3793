import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  // Only globs that match: an empty one prints a warning on every run, including every test run.
  stories: ['../packages/react/src/**/*.mdx', '../packages/react/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  // react-docgen, not react-docgen-typescript: TypeScript 7 has no JS compiler API for the latter.
  typescript: { reactDocgen: 'react-docgen' },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (config) => ({
    ...config,
    build: {
      ...config.build,
      // Storybook's own preview runtime is one large chunk by design.
      chunkSizeWarningLimit: 2048,
      rolldownOptions: {
        ...config.build?.rolldownOptions,
        onwarn(warning, warn) {
          // "use client" at the top of React libraries means nothing in a client-only bundle.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          warn(warning);
        },
      },
    },
  }),
};
export default config;
