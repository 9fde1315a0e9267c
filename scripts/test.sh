#!/usr/bin/env bash
# Runs every test: types, unit, API on PGlite, API on PostgreSQL, the build and its budget, browser.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
. scripts/postgres.sh

ensure_node_modules
if [ ! -x /usr/bin/chromium ]; then apt_install chromium fonts-liberation; fi
# Lesson uploads are probed with ffprobe and get their poster frame from ffmpeg.
command -v ffprobe >/dev/null && command -v ffmpeg >/dev/null || apt_install ffmpeg
# The cluster test (PostgreSQL run) puts Debian's nginx in front of three server processes.
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null || apt_install nginx
ensure_postgres
db="platform_test_$$_$(date +%s)"
node scripts/pg-admin.mjs "$PG_ADMIN_URL" create "$db"
cleanup() {
  node scripts/pg-admin.mjs "$PG_ADMIN_URL" drop "$db" >/dev/null 2>&1 || true
  stop_postgres
}
trap cleanup EXIT

results="$(mktemp -d)"
run() {
  local name="$1"; shift
  log "$name"
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$results/$name.json"
}

log "type check (two projects at a time) and lint, side by side"
npm run typecheck --silent &
typecheck=$!
npm run lint --silent &
lint=$!
wait "$typecheck"
wait "$lint"
run unit --project unit
run api-pglite --project api
TEST_DATABASE_URL="${PG_ADMIN_URL%/*}/$db" run api-postgres --project api
build_web
# The browser's cluster test (e2e/cluster.spec.ts) makes its own database on this PostgreSQL.
CLUSTER_DATABASE_URL="${PG_ADMIN_URL%/*}/$db" run e2e --project e2e
node scripts/summarize-tests.mjs "$results"
