#!/usr/bin/env bash
# Installs the module's checkers from PyPI, once, into private virtualenvs under the cache, and prints their
# python paths (line 1: python-hcl2, line 2: checkov). Two venvs: checkov depends on bc-python-hcl2, which installs
# the same `hcl2` package as python-hcl2. Versions pinned; a failed install fails with a clear message.
set -euo pipefail
hcl_version="8.1.4"
checkov_version="3.3.30"
cache="${UPDRAFT_CACHE:-$HOME/.cache/updraft}"
hcl_venv="$cache/python-hcl2-$hcl_version"
checkov_venv="$cache/checkov-$checkov_version"

find_python() {
  local c v
  for c in python3.12 python3.13 python3.11 /root/.pyenv/versions/3.12*/bin/python3 /root/.pyenv/versions/3.11*/bin/python3 \
           "$HOME"/.pyenv/versions/3.1[1-3]*/bin/python3 /usr/bin/python3 python3; do
    command -v "$c" >/dev/null 2>&1 || [ -x "$c" ] || continue
    v=$("$c" -c 'import sys; print((3, 9) <= sys.version_info < (3, 14))' 2>/dev/null || true)
    [ "$v" = "True" ] && { command -v "$c" 2>/dev/null || echo "$c"; return 0; }
  done
  return 1
}

ensure_uv() {
  command -v uv >/dev/null 2>&1 && return 0
  export PATH="$HOME/.local/bin:$PATH"
  command -v uv >/dev/null 2>&1 && return 0
  python3 -m pip install -q --user uv >&2 || { echo "terraform checks: could not install uv from PyPI" >&2; exit 1; }
  command -v uv >/dev/null 2>&1 || { echo "terraform checks: uv was installed but is not on PATH" >&2; exit 1; }
}

install() {   # install VENV IMPORT REQUIREMENT
  local venv="$1" module="$2" req="$3" py
  if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import $module" 2>/dev/null; then return 0; fi
  py=$(find_python) || { echo "terraform checks: Python 3.9-3.13 is needed for $req and none was found" >&2; exit 1; }
  ensure_uv
  rm -rf "$venv"
  uv venv -q --python "$py" "$venv" >&2
  VIRTUAL_ENV="$venv" uv pip install -q "$req" >&2 \
    || { echo "terraform checks: could not install $req from PyPI" >&2; exit 1; }
  "$venv/bin/python" -c "import $module" || { echo "terraform checks: $req installed but does not import" >&2; exit 1; }
}

mkdir -p "$cache"
install "$hcl_venv" hcl2 "python-hcl2==$hcl_version"
install "$checkov_venv" checkov "checkov==$checkov_version"
echo "$hcl_venv/bin/python"
echo "$checkov_venv/bin/python"
