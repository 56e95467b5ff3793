#!/usr/bin/env bash
# The scale-out run: a real PostgreSQL, N apps/server instances on it, HAProxy in front
# (round robin, no stickiness), C conversations through the kit's core, one instance SIGKILLed and
# restarted mid-run, two clients racing on a share of the questions, a third of the replies cut
# mid-stream and read on through another instance (the planner is a durable agent on
# postgresPubSub), and the suspended-runs listing timed with 10,000 suspended runs in storage.
# Prints a Markdown report; exits non-zero when a correctness check fails (lost = 0, replies lost
# = 0, a cut reply read on through another instance, exactly once, restored through another instance).
#
#   bash scripts/scale.sh [--instances N] [--conversations C] [--suspended S] [--timeout-s T]
#   bash scripts/scale.sh --ci     # pnpm check:scale: 2 instances, 24 conversations, one kill, the
#                                  # PostgreSQL claim store's tests; writes $ASK_REPORT_DIR/scale.json
#
# Self-contained on a fresh Debian machine, as root or not (then with sudo for apt-get): installs
# postgresql and haproxy when missing, runs PostgreSQL from a temporary directory as a non-root
# user, uses only 127.0.0.1, and stops everything it started on exit, failure included.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

instances=2 conversations=200 suspended=10000 timeout_s=600 ci=0
while [ $# -gt 0 ]; do
  case "$1" in
    --instances) instances=$2; shift 2 ;;
    --conversations) conversations=$2; shift 2 ;;
    --suspended) suspended=$2; shift 2 ;;
    --timeout-s) timeout_s=$2; shift 2 ;;
    # 240 s: a reply whose run died with the killed instance is replayed up to the kill through the
    # other one, and its client waits for its idle timeout (60 s) before it restores the question.
    --ci) ci=1; instances=2; conversations=24; suspended=0; timeout_s=240; shift ;;
    -h|--help) sed -n 2,15p "$0"; exit 0 ;;
    *) echo "scale.sh: unknown flag $1 (see --help)" >&2; exit 2 ;;
  esac
done
for n in "$instances" "$conversations" "$suspended" "$timeout_s"; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "scale.sh: counts must be whole numbers, got $n" >&2; exit 2; }
done
[ "$instances" -ge 2 ] || { echo "scale.sh: --instances must be at least 2 (answers go to another instance)" >&2; exit 2; }

SCALE_WORK=$(mktemp -d "${TMPDIR:-/tmp}/ask-user-kit-scale.XXXXXX")
# shellcheck source=scale/lib.sh
. scripts/scale/lib.sh
on_exit() {
  local rc=$?
  # The instances the driver started, in case it was killed before it could stop them.
  [ -f "$SCALE_WORK/instances.pids" ] && kill -9 $(cat "$SCALE_WORK/instances.pids") 2>/dev/null
  scale_cleanup
  rm -rf "$SCALE_WORK"
  exit $rc
}
trap on_exit EXIT
trap 'exit 130' INT TERM

ensure_packages 1
# shellcheck source=../.ci/toolchain.sh
. .ci/toolchain.sh >/dev/null || scale_die "could not put Node >= 22 and pnpm on PATH"
[ -d node_modules/.pnpm ] || pnpm install --frozen-lockfile >/dev/null || scale_die "pnpm install failed"
start_postgres

status=0 claim_tests=not-run
if [ "$ci" = 1 ]; then
  scale_log "PostgreSQL claim store and pubsub tests"
  claim_tests=passed
  # Without ASK_REPORT_DIR: its JSON report would replace the main Vitest step's vitest.json.
  ASK_REPORT_DIR= ASK_POSTGRES_URL=$PG_URL pnpm exec vitest run --project core packages/server/src/postgresClaimStore.test.ts \
    packages/server/src/postgresPubSub.test.ts ||
    { status=1; claim_tests=failed; }
fi

ports=()
for _ in $(seq "$instances"); do ports+=("$(free_port)"); done
balancer_port=$(free_port)
start_haproxy "$balancer_port" "${ports[@]}"

json_args=()
[ "$ci" = 1 ] && json_args=(--json "${ASK_REPORT_DIR:-.ci/reports}/scale.json" --claim-tests "$claim_tests")
scale_log "$instances instances, $conversations conversations"
timeout -k 10s "$((timeout_s + 60))s" node bench/scale/drive.ts \
  --balancer "http://127.0.0.1:$balancer_port" \
  --ports "$(IFS=,; echo "${ports[*]}")" \
  --postgres "$PG_URL" \
  --conversations "$conversations" \
  --suspended "$suspended" \
  --timeout-s "$timeout_s" \
  --pids "$SCALE_WORK/instances.pids" \
  "${json_args[@]}" || status=1
exit $status
