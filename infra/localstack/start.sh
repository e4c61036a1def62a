#!/usr/bin/env bash
# Starts LocalStack's S3 on loopback: start.sh [PORT] [STATE_DIR]. Installs it first if needed.
# Waits for the health check, then prints the endpoint URL. Stop it with stop.sh [STATE_DIR].
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
port="${1:-4566}"
state="${2:-${UPDRAFT_CACHE:-$HOME/.cache/updraft}/localstack-run-$port}"
python=$("$here/install.sh")
mkdir -p "$state"
if [ -f "$state/pid" ] && kill -0 "$(cat "$state/pid")" 2>/dev/null; then
  echo "http://127.0.0.1:$port"; exit 0
fi
(
  cd "$state"
  GATEWAY_LISTEN="127.0.0.1:$port" SERVICES=s3 DNS_ADDRESS=0 EAGER_SERVICE_LOADING=1 \
  LOCALSTACK_HOST="127.0.0.1:$port" FILESYSTEM_ROOT="$state/fs" SKIP_SSL_CERT_DOWNLOAD=1 \
  DISABLE_EVENTS=1 LS_LOG=warn \
    setsid "$python" -m localstack.runtime.main >"$state/localstack.log" 2>&1 &
  echo $! > "$state/pid"
)
for _ in $(seq 1 120); do
  if curl -sf "http://127.0.0.1:$port/_localstack/health" 2>/dev/null | grep -q '"s3": "\(running\|available\)"'; then
    echo "http://127.0.0.1:$port"; exit 0
  fi
  kill -0 "$(cat "$state/pid")" 2>/dev/null || { echo "infra: LocalStack exited; log:" >&2; tail -20 "$state/localstack.log" >&2; exit 1; }
  sleep 0.5
done
echo "infra: LocalStack did not become healthy on port $port within 60 s; log: $state/localstack.log" >&2
exit 1
