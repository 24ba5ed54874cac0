#!/usr/bin/env bash
# The HTTP comparison of sync and async logging on the demo app (docs/load-tests.md):
#   1. builds the demo app jars, on Logback (demo-app, for --matrix logback and backend=logback) and
#      on Log4j2 (demo-app-log4j2, the other matrices), and load-tests/http once
#      (./mvnw -q package -DskipTests),
#   2. takes the load-tests/http test class path (Gatling, LogSimulation, gatling.conf) that the build
#      wrote to load-tests/http/target/classpath-test.txt,
#   3. runs io.asynclog.loadtests.http.command.HttpComparisonCommand, which for every run starts the demo app on
#      127.0.0.1 (pinned to CPU 0), forks Gatling (pinned to CPU 1), samples /proc, checks the log
#      lines, and at the end writes the report.
# The runner itself is pinned to CPU 1 too (next to Gatling, away from the app) unless --no-pin is
# given or taskset does not work here.
#
# Usage: load-tests/scripts/http-comparison.sh [runner options]     (--help lists them)
#   e.g. load-tests/scripts/http-comparison.sh                       # default matrix, about 30 min
#        load-tests/scripts/http-comparison.sh --configs sync/1/flush/study,logging-off --repeats 1 --duration 10
# Environment:
#   SKIP_BUILD=1   reuse the jars and classes already built
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WORK="$ROOT/load-tests/target/http-comparison-cli"
cd "$ROOT"

for arg in "$@"; do
	if [[ "$arg" == "--help" || "$arg" == "-h" ]]; then
		SKIP_BUILD="${SKIP_BUILD:-1}"
	fi
done
if [[ "${SKIP_BUILD:-}" != "1" ]]; then
	echo "Building the demo app on Logback and on Log4j2, and the runner (./mvnw -q package -DskipTests -pl demo-app,demo-app-log4j2,load-tests/http -am)..."
	./mvnw -q package -DskipTests -pl demo-app,demo-app-log4j2,load-tests/http -am
fi
mkdir -p "$WORK"
if [[ ! -f "$ROOT/load-tests/http/target/classpath-test.txt" ]]; then
	echo "Missing load-tests/http/target/classpath-test.txt: build first (without SKIP_BUILD=1)" >&2
	exit 2
fi
# Kept here too: the report commands in docs/load-tests.md read it from this place.
cp "$ROOT/load-tests/http/target/classpath-test.txt" "$WORK/classpath.txt"
CP="$ROOT/load-tests/http/target/classes:$ROOT/load-tests/http/target/test-classes:$(cat "$WORK/classpath.txt")"

PIN=()
pin_wanted=1
for arg in "$@"; do
	[[ "$arg" == "--no-pin" ]] && pin_wanted=0
done
if [[ $pin_wanted == 1 ]] && command -v taskset >/dev/null 2>&1 && taskset -c 1 true 2>/dev/null; then
	PIN=(taskset -c 1)
fi

exec ${PIN[@]+"${PIN[@]}"} java -Dasynclog.command="load-tests/scripts/http-comparison.sh $*" -cp "$CP" \
	io.asynclog.loadtests.http.command.HttpComparisonCommand "$@"
