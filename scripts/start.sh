#!/usr/bin/env bash
# Starts the platform on http://localhost:3000 (embedded PGlite database in ./data, demo data loaded).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

ensure_node_modules
# Lesson uploads are probed with ffprobe and get their poster frame from ffmpeg.
command -v ffprobe >/dev/null && command -v ffmpeg >/dev/null || apt_install ffmpeg
build_web

export DATA_DIR="${DATA_DIR:-./data}"
mkdir -p "$DATA_DIR"
if [ -z "${SECRET_KEY:-}" ]; then
  # One secret per installation, kept beside the data so that restarts keep sessions' challenges valid.
  [ -s "$DATA_DIR/secret-key" ] || node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("hex"))' > "$DATA_DIR/secret-key"
  SECRET_KEY="$(cat "$DATA_DIR/secret-key")"
  export SECRET_KEY
fi
port="${PORT:-3000}"
template='http://{domain}.localhost:'"$port"
export SCHOOL_URL_TEMPLATE="${SCHOOL_URL_TEMPLATE:-$template}"
log "starting on http://localhost:$port (demo: http://demo.localhost:$port, acme: http://acme.localhost:$port)"
exec node --import tsx apps/server/src/main.ts
