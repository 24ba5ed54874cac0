#!/usr/bin/env bash
# The JMH benchmarks of Log4j2, Logback and asynclog setups (docs/load-tests.md, docs/results/jmh.md):
#   1. builds the benchmark uber-jar (load-tests/jmh/target/benchmarks.jar) and the report tool once,
#   2. runs the suite's JMH invocations (JSON results, side results: line checks, latency
#      percentiles, idle CPU, heap), the allocation benchmark with -prof gc,
#   3. writes docs/results/jmh.md, its charts, a CSV and the raw results.
#
# Usage: load-tests/scripts/jmh.sh [--quick | --full] [--out DIR] [--no-report]
#   --quick   one caller, 108-byte messages, short iterations: about 6 minutes
#   --full    every benchmark with its annotated iterations, two forks: about 32 minutes (the default)
# Environment:
#   SKIP_BUILD=1   reuse the jars and classes already built
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

SUITE=full
OUT=""
REPORT=1
while [[ $# -gt 0 ]]; do
	case "$1" in
		--quick) SUITE=quick ;;
		--full) SUITE=full ;;
		--out) OUT="$2"; shift ;;
		--no-report) REPORT=0 ;;
		-h|--help) sed -n '2,14p' "${BASH_SOURCE[0]}"; exit 0 ;;
		*) echo "Unknown option '$1'; accepted: --quick, --full, --out DIR, --no-report" >&2; exit 2 ;;
	esac
	shift
done
OUT="${OUT:-$ROOT/load-tests/target/jmh-results/$SUITE}"

if [[ "${SKIP_BUILD:-}" != "1" ]]; then
	echo "Building the benchmarks and the report tool (./mvnw -q install -DskipTests -pl load-tests/jmh,load-tests -am)..."
	./mvnw -q install -DskipTests -pl load-tests/jmh,load-tests -am
fi
JAR="$ROOT/load-tests/jmh/target/benchmarks.jar"
rm -rf "$OUT"
mkdir -p "$OUT/logs"

JAVA_PROPS=(-Dasynclog.bench.side="$OUT/side-results.jsonl" -Dasynclog.bench.dir="$OUT/logs")
run_jmh() {
	local name="$1"
	shift
	echo "JMH ($name): $*"
	java "${JAVA_PROPS[@]}" -jar "$JAR" "$@" -rf json -rff "$OUT/jmh-$name.json" 2>&1 | tee "$OUT/jmh-$name.log" \
		| grep -E '^# (Benchmark|Parameters):|^[A-Z][A-Za-z]+Benchmark\.|<failure>|Exception' || true
}

START=$(date +%s)
if [[ "$SUITE" == "quick" ]]; then
	JAVA_PROPS+=(-Dasynclog.bench.latencySeconds=2 -Dasynclog.bench.idleSeconds=3)
	run_jmh timed 'HandOffBenchmark.oneThread|FileThroughputBenchmark.oneThread|LayoutBenchmark|LocationBenchmark|WaitStrategyBenchmark.handOff' \
		-p message=108 -wi 2 -i 3 -w 1 -r 1
	run_jmh once 'LatencyBenchmark|WaitStrategyBenchmark.idle|RingHeapBenchmark' -p rate=100000
	run_jmh gc 'AllocationBenchmark' -prof gc -wi 1 -i 2 -w 1 -r 1
else
	# Two forks for the scored benchmarks; the ones that report through side results run once.
	run_jmh main 'HandOffBenchmark|FileThroughputBenchmark|LayoutBenchmark|LocationBenchmark|WaitStrategyBenchmark.handOff' -f 2
	run_jmh once 'LatencyBenchmark|WaitStrategyBenchmark.idle|RingHeapBenchmark'
	run_jmh gc 'AllocationBenchmark' -prof gc
fi
END=$(date +%s)

INFO="$OUT/run-info.properties"
{
	echo "suite=$SUITE"
	echo "command=load-tests/scripts/jmh.sh --$SUITE"
	echo "started=$(date -u -d "@$START" +%Y-%m-%dT%H:%M:%SZ)"
	echo "minutes=$(( (END - START + 30) / 60 ))"
	echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
	echo "cores=$(nproc)"
	echo "memory=$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
	echo "os=$(uname -sr)"
	echo "jdk=$(java -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.vm.name|java.runtime.version/ {printf "%s ", $2}' | sed 's/ $//')"
	echo "jmh=1.37"
	if [[ "$SUITE" == "quick" ]]; then
		echo "forks=one fork per configuration, shortened iterations"
	else
		echo "forks=two forks per configuration for the scored benchmarks, one for latency, idle CPU and heap"
	fi
} > "$INFO"
rm -rf "$OUT/logs"

if [[ $REPORT == 1 ]]; then
	CP_FILE="$ROOT/load-tests/target/jmh-report-cli/classpath.txt"
	mkdir -p "$(dirname "$CP_FILE")"
	./mvnw -q -pl load-tests dependency:build-classpath -Dmdep.outputFile="$CP_FILE"
	java -cp "$ROOT/load-tests/target/classes:$(cat "$CP_FILE")" io.asynclog.loadtests.jmh.JmhReport "$OUT" "$ROOT/docs/results"
fi
