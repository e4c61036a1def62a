# Sourced by ./mvnw, ./updraft and .ci/run: exports JAVA_HOME pointing at a JDK >= 21.
# Order: $JAVA_HOME, /usr/lib/jvm/*, `java` on PATH. Fails with a clear message when none fits.
updraft_java_major() {
  "$1/bin/java" -version 2>&1 | awk -F'"' '/version/ { split($2, v, "."); print (v[1] == "1" ? v[2] : v[1]); exit }'
}
updraft_find_jdk() {
  local candidates=() c major
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  for c in /usr/lib/jvm/temurin-25* /usr/lib/jvm/*25* /usr/lib/jvm/*; do [ -d "$c" ] && candidates+=("$c"); done
  if command -v java >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
  fi
  for c in "${candidates[@]}"; do
    [ -x "$c/bin/java" ] && [ -x "$c/bin/javac" ] || continue
    major=$(updraft_java_major "$c")
    if [ -n "$major" ] && [ "$major" -ge 21 ] 2>/dev/null; then
      export JAVA_HOME="$c"
      return 0
    fi
  done
  echo "updraft: no JDK 21 or newer found (looked at \$JAVA_HOME, /usr/lib/jvm/* and java on PATH)." >&2
  echo "updraft: install one (JDK 25 recommended) and set JAVA_HOME to it." >&2
  return 1
}
