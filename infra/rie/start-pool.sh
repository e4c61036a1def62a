#!/usr/bin/env bash
# Starts N Lambda Runtime Interface Emulators, each running the bootstrap of an unpacked function package (the
# worker's, or the coordinator's: coordinator-function/target/function.zip with AWS_LAMBDA_FUNCTION_NAME=updraft-coordinator
# and its UPDRAFT_* settings as KEY=VALUE pairs) from an unpacked
# function.zip: start-pool.sh FUNCTION_ZIP N FIRST_PORT STATE_DIR [KEY=VALUE env...]
# Emulator i listens for invocations on 127.0.0.1:(FIRST_PORT+i) and serves its runtime API on
# 127.0.0.1:(FIRST_PORT+1000+i). Prints one invoke endpoint URL per line once all are up.
# KEY=VALUE pairs are set in every emulator's environment and override the defaults
# (e.g. AWS_LAMBDA_FUNCTION_TIMEOUT=3, the function timeout in seconds, default 900).
# The pool's settings are kept in STATE_DIR, so start-one.sh STATE_DIR I can restart emulator i.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
zip="$1"; n="$2"; first="$3"; state="$4"; shift 4
[ -f "$zip" ] || { echo "infra: function package not found: $zip (build worker-function first)" >&2; exit 1; }
zip="$(cd "$(dirname "$zip")" && pwd)/$(basename "$zip")"
mkdir -p "$state"; state="$(cd "$state" && pwd)"
rie=$("$here/install.sh")
. "$here/../../scripts/find-jdk.sh"
updraft_find_jdk >&2 || exit 1
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
{
  echo "rie=$rie"
  echo "java_home=$JAVA_HOME"
  echo "first=$first"
} > "$state/pool.conf"
: > "$state/pool.env"
for kv in "$@"; do printf '%s\n' "$kv" >> "$state/pool.env"; done
for i in $(seq 0 $((n - 1))); do
  "$here/start-one.sh" "$state" "$i" --no-wait
done
for i in $(seq 0 $((n - 1))); do
  "$here/start-one.sh" "$state" "$i" --wait-only
done
