#!/usr/bin/env bash
# Installs LocalStack's runtime (localstack-core from PyPI) into a private virtualenv, once.
# localstack-core 2026.3.0 needs Python >= 3.12; its newest dependencies break it, so the install
# resolves them as they were on its release (uv's --exclude-newer). Prints the venv's python path.
set -euo pipefail
version="${LOCALSTACK_VERSION:-2026.3.0}"
cache="${UPDRAFT_CACHE:-$HOME/.cache/updraft}"
venv="$cache/localstack-$version"
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import localstack.aws.components" 2>/dev/null; then
  echo "$venv/bin/python"; exit 0
fi
mkdir -p "$cache"

find_python() {
  local c v
  for c in python3.13 python3.12 /root/.pyenv/versions/3.13*/bin/python3 /root/.pyenv/versions/3.12*/bin/python3 \
           "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3 /usr/bin/python3 python3; do
    command -v "$c" >/dev/null 2>&1 || [ -x "$c" ] || continue
    v=$("$c" -c 'import sys; print(sys.version_info >= (3, 12))' 2>/dev/null || true)
    [ "$v" = "True" ] && { command -v "$c" 2>/dev/null || echo "$c"; return 0; }
  done
  return 1
}
py=$(find_python) || { echo "infra: LocalStack needs Python >= 3.12 and none was found (looked on PATH and in ~/.pyenv)" >&2; exit 1; }

if ! command -v uv >/dev/null 2>&1; then
  python3 -m pip install -q --user uv >&2 || "$py" -m pip install -q --user uv >&2 \
    || { echo "infra: could not install uv from PyPI (needed to install LocalStack)" >&2; exit 1; }
  export PATH="$HOME/.local/bin:$PATH"
  command -v uv >/dev/null 2>&1 || { echo "infra: uv was installed but is not on PATH" >&2; exit 1; }
fi
rm -rf "$venv"
uv venv -q --python "$py" "$venv" >&2
VIRTUAL_ENV="$venv" uv pip install -q --exclude-newer 2026-03-25 "localstack-core[runtime]==$version" >&2 \
  || { echo "infra: could not install localstack-core[runtime]==$version from PyPI" >&2; exit 1; }
"$venv/bin/python" -c "import localstack.aws.components" \
  || { echo "infra: localstack-core installed but does not import" >&2; exit 1; }
echo "$venv/bin/python"
