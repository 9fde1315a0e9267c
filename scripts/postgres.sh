# Finds a PostgreSQL server for the tests, or makes a throwaway one; sets PG_ADMIN_URL.
# Order: $TEST_PG_ADMIN_URL, a server on 127.0.0.1:5432, else a temporary cluster (initdb).

pg_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }; done
  command -v initdb >/dev/null && { dirname "$(command -v initdb)"; return 0; }
  return 1
}

start_throwaway_postgres() {
  local bin
  bin="$(pg_bin)" || { apt_install postgresql; bin="$(pg_bin)"; }
  PG_TMP="$(mktemp -d /tmp/platform-pg.XXXXXX)"
  local port=54329 run=()
  if [ "$(id -u)" = 0 ]; then
    # PostgreSQL refuses to run as root: the cluster belongs to the postgres user.
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$PG_TMP"
    run=(runuser -u postgres --)
  fi
  log "starting a throwaway PostgreSQL in $PG_TMP"
  "${run[@]}" "$bin/initdb" -D "$PG_TMP/data" -U postgres -A trust >/dev/null
  "${run[@]}" "$bin/pg_ctl" -D "$PG_TMP/data" -o "-p $port -k $PG_TMP -c listen_addresses=127.0.0.1" -l "$PG_TMP/log" -w start >/dev/null
  PG_STOP=("${run[@]}" "$bin/pg_ctl" -D "$PG_TMP/data" -m fast -w stop)
  PG_ADMIN_URL="postgres://postgres@127.0.0.1:$port/postgres"
}

ensure_postgres() {
  PG_STOP=()
  if [ -n "${TEST_PG_ADMIN_URL:-}" ]; then
    PG_ADMIN_URL="$TEST_PG_ADMIN_URL"
  elif node -e 'const s=require("net").connect(5432,"127.0.0.1");s.on("connect",()=>process.exit(0));s.on("error",()=>process.exit(1))' 2>/dev/null &&
       node scripts/pg-admin.mjs "postgres://postgres@127.0.0.1:5432/postgres" ping 2>/dev/null; then
    PG_ADMIN_URL="postgres://postgres@127.0.0.1:5432/postgres"
  else
    start_throwaway_postgres
  fi
}

stop_postgres() {
  if [ "${#PG_STOP[@]}" -gt 0 ]; then "${PG_STOP[@]}" >/dev/null 2>&1 || true; rm -rf "$PG_TMP"; fi
}
