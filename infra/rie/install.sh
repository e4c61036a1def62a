#!/usr/bin/env bash
# Installs the AWS Lambda Runtime Interface Emulator with `go install`, once, and prints its path.
set -euo pipefail
version="${RIE_VERSION:-latest}"
cache="${UPDRAFT_CACHE:-$HOME/.cache/updraft}"
bin="$cache/rie-bin"
if [ -x "$bin/aws-lambda-rie" ]; then echo "$bin/aws-lambda-rie"; exit 0; fi
command -v go >/dev/null 2>&1 || { echo "infra: Go is needed to install the Lambda Runtime Interface Emulator and was not found" >&2; exit 1; }
mkdir -p "$bin"
GOBIN="$bin" go install "github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie@$version" >&2 \
  || { echo "infra: go install of aws-lambda-rie@$version failed" >&2; exit 1; }
echo "$bin/aws-lambda-rie"
