#!/usr/bin/env bash
# Deletes the embedded database so that the next start loads the demo data afresh.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${DATA_DIR:-./data}"
rm -rf "$dir/pglite"
echo "Removed $dir/pglite; 'npm start' will create it again with the demo data."
