import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  // Only globs that match: an empty one prints a warning on every run, including every test run.
  stories: ['../packages/react/src/**/*.mdx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  // react-docgen, not react-docgen-typescript: TypeScript 7 has no JS compiler API for the latter.
  typescript: { reactDocgen: 'react-docgen' },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};
export default config;
