#!/usr/bin/env bash
# `bash scripts/deploy-check.sh`, the full deploy check: scripts/deploy-check.mjs with a PostgreSQL of its own, started from a
# temporary directory on 127.0.0.1 (scripts/scale/lib.sh's, installed with apt-get when missing)
# and stopped on exit. Arguments go on to deploy-check.mjs (--only=…).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SCALE_WORK=$(mktemp -d "${TMPDIR:-/tmp}/ask-user-kit-deploy.XXXXXX")
# shellcheck source=scale/lib.sh
. scripts/scale/lib.sh
on_exit() {
  local rc=$?
  scale_cleanup
  rm -rf "$SCALE_WORK"
  exit $rc
}
trap on_exit EXIT
trap 'exit 130' INT TERM

ensure_packages 0
# shellcheck source=../.ci/toolchain.sh
. .ci/toolchain.sh >/dev/null || scale_die "could not put Node >= 22 and pnpm on PATH"
start_postgres
node scripts/deploy-check.mjs --postgres="$PG_URL" "$@"
