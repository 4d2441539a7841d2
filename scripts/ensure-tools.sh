# Sourced by start.sh and test.sh: makes pnpm (pinned) available on a machine that has only Node and npm.
PNPM_VERSION=12.21.0

ensure_pnpm() {
  if [[ "$(pnpm --version 2>/dev/null || true)" == "$PNPM_VERSION" ]]; then return; fi
  echo "Installing pnpm $PNPM_VERSION…"
  if ! npm install -g "pnpm@$PNPM_VERSION" --allow-scripts=pnpm --no-audit --no-fund --loglevel=error 2>/dev/null; then
    # No permission for a global install: keep pnpm inside the project instead.
    npm install -g --prefix "$PWD/.tools" "pnpm@$PNPM_VERSION" --allow-scripts=pnpm --no-audit --no-fund --loglevel=error
    export PATH="$PWD/.tools/bin:$PATH"
  fi
  hash -r
  [[ "$(pnpm --version)" == "$PNPM_VERSION" ]] || { echo "pnpm $PNPM_VERSION could not be installed" >&2; exit 1; }
}

# Installs Debian packages that are missing (as root, or through sudo).
ensure_debian_packages() {
  local need=("$@")
  ((${#need[@]})) || return 0
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "Missing ${need[*]}: install them (apt-get install ${need[*]}) and run again." >&2; exit 1; }
    sudo=(sudo)
  fi
  echo "Installing ${need[*]} from Debian's packages…"
  mkdir -p .ci-out
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >.ci-out/apt.log 2>&1 &&
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >>.ci-out/apt.log 2>&1 ||
    { tail -50 .ci-out/apt.log >&2; exit 1; }
}
