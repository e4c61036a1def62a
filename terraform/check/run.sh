#!/usr/bin/env bash
# The terraform module's checks (run by `./mvnw -pl terraform verify` and so by .ci/run):
# 1. `terraform fmt -check` when a terraform CLI is on the PATH (it cannot be built from the Go module proxy:
#    its go.mod has replace directives), 2. the HCL parsed with python-hcl2 and its resources, references and
#    policies asserted (test_module.py), 3. checkov on the module and its examples: no failed check.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
module="$(cd "$here/.." && pwd)"
pythons=$("$here/install.sh")
hcl_python=$(echo "$pythons" | sed -n 1p)
checkov_python=$(echo "$pythons" | sed -n 2p)

if command -v terraform >/dev/null 2>&1; then
  echo "terraform checks: terraform fmt -check ($(terraform version 2>/dev/null | head -1))"
  TF_CLI_CONFIG_FILE=/dev/null terraform fmt -check -recursive -diff "$module" \
    || { echo "terraform checks: terraform fmt found unformatted files (run terraform fmt -recursive terraform)" >&2; exit 1; }
else
  echo "terraform checks: no terraform CLI on the PATH, fmt not checked (the HCL and checkov checks below still run)"
fi

echo "terraform checks: HCL structure and policies (python-hcl2)"
"$hcl_python" "$here/test_module.py" "$module"

echo "terraform checks: checkov"
out="${TMPDIR:-/tmp}/updraft-checkov-$$.json"
"$checkov_python" -m checkov.main -d "$module" --framework terraform --skip-download --quiet \
  --compact -o json > "$out" 2>"$out.err" || true
"$hcl_python" - "$out" "$out.err" <<'PY'
import json, sys
try:
    data = json.load(open(sys.argv[1]))
except ValueError:
    sys.stderr.write(open(sys.argv[2]).read()[-3000:])
    sys.exit("terraform checks: checkov did not produce a report")
reports = data if isinstance(data, list) else [data]
failed, passed, skipped = [], 0, 0
for r in reports:
    if not r:
        continue
    if "summary" not in r:
        # checkov prints a bare summary when it found no resource at all (for example a --skip-path that matched
        # the module's own absolute path)
        sys.exit(f"terraform checks: checkov found nothing to check in the module: {json.dumps(r)[:500]}")
    s = r["summary"]
    passed += s["passed"]; skipped += s["skipped"]
    failed += r["results"].get("failed_checks", [])
    for c in r["results"].get("skipped_checks", []):
        if not (c.get("check_result", {}).get("suppress_comment") or "").strip():
            sys.exit(f"terraform checks: checkov skip without a reason: {c['check_id']} on {c['resource']}")
if passed == 0:
    sys.exit("terraform checks: checkov ran no check")
for c in failed:
    print(f"FAILED {c['check_id']} {c['check_name']}: {c['resource']} ({c['file_path']}:{c['file_line_range']})")
print(f"checkov: {passed} passed, {len(failed)} failed, {skipped} skipped (each skip has its reason in the code)")
sys.exit(1 if failed else 0)
PY
rm -f "$out" "$out.err"
