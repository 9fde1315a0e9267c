#!/usr/bin/env bash
# Deletes the embedded database and the uploaded files, so that the next start loads the demo data afresh.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${DATABASE_URL:-}" ]; then
  echo "DATABASE_URL is set: reset clears only the embedded database. Drop the PostgreSQL database yourself." >&2
  exit 1
fi
dir="${DATA_DIR:-./data}"
media="${MEDIA_DIR:-$dir/media}"
# A running server touches its lock every few seconds (apps/server/src/db/client.ts).
if node -e 'const fs = require("fs"); try { process.exit(Date.now() - fs.statSync(process.argv[1]).mtimeMs < 10000 ? 0 : 1) } catch { process.exit(1) }' "$dir/server.lock"; then
  echo "A server is running on $dir: stop it first." >&2
  exit 1
fi
rm -rf "$dir/pglite" "$media"
echo "Removed $dir/pglite and $media; 'npm start' will create them again with the demo data."
