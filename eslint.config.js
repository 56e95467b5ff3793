// @ts-check
import js from '@eslint/js';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// No type-aware rules: typescript-eslint reads types through TypeScript's JS API, which TypeScript 7
// does not have (see .pnpmfile.mjs). `pnpm typecheck` is the type check.
export default defineConfig([
  globalIgnores([
    '**/dist/',
    '**/storybook-static/',
    '**/.tools/',
    '**/.data/',
    '.ci/reports/',
    '**/test-results/',
    '**/playwright-report/',
    '**/coverage/',
    // The consumer gate's, the deploy check's and the release's work directories (installed apps,
    // packed tarballs, Mastra's build output).
    '.consumers/',
    '.deploy/',
    '.release/',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error', reportUnusedInlineConfigs: 'error' },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, eslintComments.recommended],
    rules: {
      // House rule: an eslint-disable says why, after ` -- `.
      '@eslint-community/eslint-comments/require-description': 'error',
      // A leading underscore marks a parameter or binding as unused on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    // Playwright fixtures receive a function named `use`, which is not React's; type tests are never run.
    ignores: ['apps/demo/e2e/**', '**/*.test-d.ts'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    rules: {
      // Recommended sets it to "warn"; a missing dependency is a stale-value bug, not a matter of taste.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter's pattern: `{}` means none.
    files: ['apps/demo/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // `@ask-user-kit/core/internal` is shared between the kit's packages only (not public API, no
    // stability promise): what apps, examples and docs show must not lean on it.
    files: ['apps/**', 'examples/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@ask-user-kit/*/internal'],
              message: 'Not public API: import from the public entries.',
            },
          ],
        },
      ],
    },
  },
  {
    // The TypeScript files are checked by tsc; these plain Node scripts only by ESLint's no-undef.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
]);
