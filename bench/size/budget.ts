/** The most the kit (`@ask-user-kit/react` + `@ask-user-kit/core`) may add to an app, minified and gzipped (level 9). */
export const KIT_BUDGET_GZ_BYTES = 10_240;
