/**
 * How this repository launches Chromium, in one place: Vitest's browser projects, the demo's
 * Playwright tests, the benchmarks and the Storybook screenshots. Debian's Chromium by default
 * (CHROMIUM_PATH points at another); no sandbox, as containers have none to give; no GPU; and no
 * background traffic (QUIC, component updates, sync), which would compete with what is measured.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
