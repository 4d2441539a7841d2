#!/usr/bin/env bash
# Installs what Credence needs and starts it on the embedded sandbox agent (or on ACAPY_ADMIN_URL if set).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-tools.sh
ensure_pnpm
pnpm install --frozen-lockfile
exec pnpm start
