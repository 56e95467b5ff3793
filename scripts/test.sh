#!/usr/bin/env bash
# Quick start, part 2: runs every check (`pnpm test`) on a fresh machine. It never downloads browsers:
# the browser tests use Chromium at $CHROMIUM_PATH (default /usr/bin/chromium).
set -uo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  cat >&2 <<MSG

Chromium was not found at $chromium. The browser tests (Vitest browser mode, Storybook stories,
Playwright end-to-end) need it, and this script does not download browsers. Either install it
(Debian/Ubuntu, as root):
    apt-get install -y chromium fonts-liberation
or point CHROMIUM_PATH at a Chromium or Chrome binary you already have:
    CHROMIUM_PATH=/path/to/chrome bash scripts/test.sh
The tests that need no browser run without it:
    . .ci/toolchain.sh && pnpm install --frozen-lockfile && pnpm run test:unit
MSG
  exit 1
fi
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh" || exit 1
exec pnpm run --silent test
