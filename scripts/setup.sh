# shellcheck shell=bash
# Sourced by scripts/demo.sh and scripts/test.sh: moves to the repository root, puts Node >= 22 and
# pnpm 12 on PATH (.ci/toolchain.sh fetches them from the npm registry when missing) and installs
# the dependencies when node_modules is missing or older than pnpm-lock.yaml.
ASK_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ASK_ROOT" || return 1
if ! . .ci/toolchain.sh; then
  echo "Could not put Node >= 22 and pnpm on PATH (see the messages above). Needs npm and the npm registry." >&2
  return 1
fi
if [ ! -f node_modules/.modules.yaml ] || [ pnpm-lock.yaml -nt node_modules/.modules.yaml ]; then
  echo "[setup] pnpm install --frozen-lockfile"
  pnpm install --frozen-lockfile || { echo "pnpm install failed (see above)." >&2; return 1; }
  touch node_modules/.modules.yaml
fi
