# shellcheck shell=bash
# Sourced by scripts/test.sh and .ci/run: makes sure Chromium is at $CHROMIUM_PATH (default
# /usr/bin/chromium) for the browser tests. When it is missing, installs Debian's chromium and
# fonts-liberation with apt, as root or through a sudo that asks no password; else says what to run.
# Returns non-zero when Chromium is still missing.
ask_chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
ask_install_chromium() {
  [ -x "$ask_chromium" ] && return 0
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"; else sudo="none"; fi
  fi
  if [ "$sudo" != none ] && command -v apt-get >/dev/null 2>&1; then
    echo "[setup] Chromium not found at $ask_chromium: installing Debian's chromium and fonts-liberation"
    $sudo apt-get update -q &&
      $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium fonts-liberation
    [ -x "$ask_chromium" ] && return 0
  fi
  cat >&2 <<MSG

Chromium was not found at $ask_chromium, and it could not be installed here. The browser tests
(Vitest browser mode, Storybook stories, Playwright end-to-end) need it; the scripts never download
browsers. Either install it (Debian/Ubuntu, as root):
    apt-get install -y chromium fonts-liberation
or point CHROMIUM_PATH at a Chromium or Chrome binary you already have:
    CHROMIUM_PATH=/path/to/chrome bash scripts/test.sh
The tests that need no browser run without it:
    . .ci/toolchain.sh && pnpm install --frozen-lockfile && pnpm run test:quick
MSG
  return 1
}
ask_install_chromium
