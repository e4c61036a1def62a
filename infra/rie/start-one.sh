#!/usr/bin/env bash
# (Re)starts emulator I of a pool made by start-pool.sh: start-one.sh STATE_DIR I [--no-wait|--wait-only]
# Stops it first if it still runs, starts it with the pool's settings, waits until its port accepts
# connections and prints its invoke endpoint.
set -euo pipefail
state="$1"; i="$2"; mode="${3:-}"
[ -f "$state/pool.conf" ] || { echo "infra: no emulator pool in $state (run start-pool.sh first)" >&2; exit 1; }
rie=$(sed -n 's/^rie=//p' "$state/pool.conf")
java_home=$(sed -n 's/^java_home=//p' "$state/pool.conf")
first=$(sed -n 's/^first=//p' "$state/pool.conf")
port=$((first + i)); api=$((first + 1000 + i))
task="$state/task"
if [ "$mode" != "--wait-only" ]; then
  if [ -f "$state/rie-$i.pid" ]; then
    pid=$(cat "$state/rie-$i.pid")
    kill -- -"$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    rm -f "$state/rie-$i.pid"
  fi
  extra=()
  while IFS= read -r kv; do [ -n "$kv" ] && extra+=("$kv"); done < "$state/pool.env"
  jniopt="-Dcom.amazonaws.services.lambda.runtime.api.client.runtimeapi.NativeClient.JNI=$state/jni/libaws-lambda-jni.so"
  (
    cd "$task"
    env UPDRAFT_WORKER_JAVA_OPTS="$jniopt" UPDRAFT_COORDINATOR_JAVA_OPTS="$jniopt" JAVA_HOME="$java_home" LAMBDA_TASK_ROOT="$task" \
      AWS_LAMBDA_FUNCTION_NAME=updraft-worker AWS_LAMBDA_FUNCTION_TIMEOUT=900 \
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE=3008 ${extra[@]+"${extra[@]}"} \
      setsid "$rie" --log-level warn --runtime-interface-emulator-address "127.0.0.1:$port" \
      --runtime-api-address "127.0.0.1:$api" "$task/bootstrap" >>"$state/rie-$i.log" 2>&1 &
    echo $! > "$state/rie-$i.pid"
  )
fi
[ "$mode" = "--no-wait" ] && exit 0
for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "http://127.0.0.1:$port"; exit 0
  fi
  kill -0 "$(cat "$state/rie-$i.pid")" 2>/dev/null || { echo "infra: emulator $i exited; log:" >&2; tail -20 "$state/rie-$i.log" >&2; exit 1; }
  sleep 0.1
done
echo "infra: emulator $i did not open port $port within 10 s; log: $state/rie-$i.log" >&2
exit 1
