#!/usr/bin/env bash
# Quick start, part 2: runs every check (`pnpm test`) on a fresh machine. The browser tests use
# Chromium at $CHROMIUM_PATH (default /usr/bin/chromium), installed with apt when missing and allowed.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/install-chromium.sh" || exit 1
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh" || exit 1
exec pnpm run --silent test
