#!/usr/bin/env bash
# The HTTP comparison's virtual-threads matrix (docs/load-tests.md): the busy-core demo app serving
# its requests on virtual threads, every mode, both backends, on a JDK 21 or later, which this
# script finds (the build and CI stay on Java 17). About 35 minutes; every other option of
# http-comparison.sh passes through, e.g. --repeats 1 --duration 10 for a quick look.
#
#   load-tests/scripts/virtual-threads.sh                       # report in docs/results
#   JDK_VIRTUAL=/path/to/jdk load-tests/scripts/virtual-threads.sh --report /tmp/vt
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

java_major() {
	"$1" -version 2>&1 | head -n 1 | sed -E 's/.*version "(1\.)?([0-9]+).*/\2/'
}

find_jdk() {
	local candidate
	for candidate in ${JDK_VIRTUAL:+"$JDK_VIRTUAL"} /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*; do
		if [[ -x "$candidate/bin/java" && -x "$candidate/bin/jfr" ]] && (( $(java_major "$candidate/bin/java") >= 21 )); then
			echo "$candidate"
			return 0
		fi
	done
	return 1
}

if ! JDK="$(find_jdk)"; then
	echo "No JDK 21 or later with jfr found (looked at \$JDK_VIRTUAL and /usr/lib/jvm/*); set JDK_VIRTUAL" >&2
	exit 2
fi
echo "Virtual threads on $JDK ($("$JDK/bin/java" -version 2>&1 | head -n 1))"
exec "$ROOT/load-tests/scripts/http-comparison.sh" --matrix virtual-threads --java "$JDK/bin/java" \
	--out load-tests/target/virtual-threads "$@"
