#!/usr/bin/env bash
# Installs everything (pnpm, packages, Debian's chromium, redis-server, postgresql, nginx and prometheus when missing) and runs every test:
# typecheck, unit tests (Vitest) and end-to-end journeys (Playwright on /usr/bin/chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-true}" PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
source scripts/ensure-tools.sh
need=()
[[ -x /usr/bin/chromium ]] || need+=(chromium)
command -v redis-server >/dev/null || need+=(redis-server)
# The store's tests run on Debian's Postgres too; the two-instance test puts nginx in front of the console.
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || need+=(postgresql)
[[ -x /usr/sbin/nginx ]] || need+=(nginx)
# The metrics test has Debian's Prometheus scrape the console.
command -v prometheus >/dev/null || need+=(prometheus)
ensure_debian_packages "${need[@]}"
ensure_pnpm
pnpm install --frozen-lockfile
exec pnpm test
