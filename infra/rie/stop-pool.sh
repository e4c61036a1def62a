#!/usr/bin/env bash
# Stops every emulator started by start-pool.sh with this STATE_DIR: stop-pool.sh STATE_DIR
set -euo pipefail
state="$1"
for f in "$state"/rie-*.pid; do
  [ -f "$f" ] || continue
  pid=$(cat "$f")
  kill -- -"$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
  rm -f "$f"
done
