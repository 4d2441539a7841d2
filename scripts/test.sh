#!/usr/bin/env bash
# Installs everything (pnpm, packages, Debian's chromium and redis-server when missing) and runs every test:
# typecheck, unit tests (Vitest) and end-to-end journeys (Playwright on /usr/bin/chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-true}" PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
source scripts/ensure-tools.sh
need=()
[[ -x /usr/bin/chromium ]] || need+=(chromium)
command -v redis-server >/dev/null || need+=(redis-server)
ensure_debian_packages "${need[@]}"
ensure_pnpm
pnpm install --frozen-lockfile
exec pnpm test
