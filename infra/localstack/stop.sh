#!/usr/bin/env bash
# Stops a LocalStack started by start.sh: stop.sh [PORT] [STATE_DIR].
set -euo pipefail
port="${1:-4566}"
state="${2:-${UPDRAFT_CACHE:-$HOME/.cache/updraft}/localstack-run-$port}"
[ -f "$state/pid" ] || exit 0
pid=$(cat "$state/pid")
kill -- -"$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
kill -9 -- -"$pid" 2>/dev/null || true
rm -f "$state/pid"
