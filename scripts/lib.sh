# Shared set-up steps for start.sh and test.sh: each installs what it needs when missing.

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root to run: $*" >&2; return 1
  fi
}

apt_install() {
  log "installing Debian packages: $*"
  if [ -z "${APT_UPDATED:-}" ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_node() {
  if ! command -v node >/dev/null; then
    echo "Node.js 20.19 or newer is required (https://nodejs.org)." >&2; exit 1
  fi
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' || {
    echo "Node.js 20.19 or newer is required; this is $(node --version)." >&2; exit 1
  }
}

# npm ci when node_modules is missing or older than the lock file.
ensure_node_modules() {
  ensure_node
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "installing npm packages"
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

build_web() {
  log "building the web app"
  npm run build --silent
}
