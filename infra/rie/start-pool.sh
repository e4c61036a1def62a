#!/usr/bin/env bash
# Starts N Lambda Runtime Interface Emulators, each running the worker's bootstrap from an unpacked
# function.zip: start-pool.sh FUNCTION_ZIP N FIRST_PORT STATE_DIR [KEY=VALUE env...]
# Emulator i listens for invocations on 127.0.0.1:(FIRST_PORT+i) and serves its runtime API on
# 127.0.0.1:(FIRST_PORT+1000+i). Prints one invoke endpoint URL per line once all are up.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
zip="$1"; n="$2"; first="$3"; state="$4"; shift 4
[ -f "$zip" ] || { echo "infra: function package not found: $zip (build worker-function first)" >&2; exit 1; }
zip="$(cd "$(dirname "$zip")" && pwd)/$(basename "$zip")"
mkdir -p "$state"; state="$(cd "$state" && pwd)"
rie=$("$here/install.sh")
. "$here/../../scripts/find-jdk.sh"
updraft_find_jdk >&2 || exit 1
mkdir -p "$state"
task="$state/task"
rm -rf "$task"; mkdir -p "$task"
(cd "$task" && unzip -q "$zip")
chmod +x "$task/bootstrap"
# The runtime interface client unpacks its JNI library to the fixed path /tmp/.libaws-lambda-jni.so at
# start. On Lambda each environment has its own /tmp; emulators sharing this machine do not, and a
# runtime (re)starting rewrites the file under the others (SIGBUS). Extract it once to a private path
# that every worker JVM loads read-only.
case "$(uname -m)" in aarch64|arm64) jniarch=aarch_64 ;; *) jniarch=x86_64 ;; esac
ric=$(ls "$task"/lib/*aws-lambda-java-runtime-interface-client*.jar | head -1)
mkdir -p "$state/jni"
unzip -p "$ric" "jni/libaws-lambda-jni.linux-$jniarch.so" > "$state/jni/libaws-lambda-jni.so" \
  || { echo "infra: no JNI library for $jniarch in $ric" >&2; exit 1; }
jniopt="-Dcom.amazonaws.services.lambda.runtime.api.client.runtimeapi.NativeClient.JNI=$state/jni/libaws-lambda-jni.so"
for i in $(seq 0 $((n - 1))); do
  port=$((first + i)); api=$((first + 1000 + i))
  (
    cd "$task"
    env UPDRAFT_WORKER_JAVA_OPTS="$jniopt" "$@" JAVA_HOME="$JAVA_HOME" LAMBDA_TASK_ROOT="$task" \
      AWS_LAMBDA_FUNCTION_NAME=updraft-worker \
      AWS_LAMBDA_FUNCTION_TIMEOUT="${AWS_LAMBDA_FUNCTION_TIMEOUT:-900}" \
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE="${AWS_LAMBDA_FUNCTION_MEMORY_SIZE:-3008}" \
      setsid "$rie" --log-level warn --runtime-interface-emulator-address "127.0.0.1:$port" \
      --runtime-api-address "127.0.0.1:$api" "$task/bootstrap" >"$state/rie-$i.log" 2>&1 &
    echo $! > "$state/rie-$i.pid"
  )
done
for i in $(seq 0 $((n - 1))); do
  port=$((first + i))
  for _ in $(seq 1 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    kill -0 "$(cat "$state/rie-$i.pid")" 2>/dev/null || { echo "infra: emulator $i exited; log:" >&2; tail -20 "$state/rie-$i.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "http://127.0.0.1:$port"
done
