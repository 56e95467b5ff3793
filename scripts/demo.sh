#!/usr/bin/env bash
# Quick start, part 1: runs the demo (apps/server with a scripted model and LibSQL file storage, plus
# the apps/demo web app) on a fresh machine. Ctrl-C stops everything.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh" || exit 1
exec pnpm run --silent dev
