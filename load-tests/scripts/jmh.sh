#!/usr/bin/env bash
# The JMH benchmarks of Log4j2, Logback and asynclog setups (docs/load-tests.md, docs/results/jmh.md):
#   1. builds the benchmark uber-jar (load-tests/jmh/target/benchmarks.jar) and the report tool once,
#   2. runs the suite's JMH invocations (JSON results, side results: line checks, latency
#      percentiles, idle CPU, heap), the allocation benchmark with -prof gc,
#   3. writes docs/results/jmh.md, its charts, a CSV and the raw results (--logback: jmh-logback.md).
#
# Usage: load-tests/scripts/jmh.sh [--quick | --full | --logback [--rounds N]] [--out DIR] [--no-report]
#   --quick   one caller, 108-byte messages, short iterations: about 6 minutes
#   --full    every benchmark with its annotated iterations, two forks: about 35 minutes (the default)
#   --logback asynclog on Logback (with and without meters) against logstash's Disruptor appender, Logback's AsyncAppender and
#             Logback sync: hand-off at 1 and 4 threads, latency at 10,000 and 100,000 calls/s,
#             allocation per call; N interleaved rounds (default 3), about 5 minutes each
# Environment:
#   SKIP_BUILD=1   reuse the jars and classes already built
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

SUITE=full
OUT=""
REPORT=1
ROUNDS=3
while [[ $# -gt 0 ]]; do
	case "$1" in
		--quick) SUITE=quick ;;
		--full) SUITE=full ;;
		--logback) SUITE=logback ;;
		--rounds) ROUNDS="$2"; shift ;;
		--out) OUT="$2"; shift ;;
		--no-report) REPORT=0 ;;
		-h|--help) sed -n '2,15p' "${BASH_SOURCE[0]}"; exit 0 ;;
		*) echo "Unknown option '$1'; accepted: --quick, --full, --logback, --rounds N, --out DIR, --no-report" >&2; exit 2 ;;
	esac
	shift
done
if ! [[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]]; then
	echo "Invalid --rounds '$ROUNDS'; accepted: a whole number of 1 or more" >&2
	exit 2
fi
OUT="${OUT:-$ROOT/load-tests/target/jmh-results/$SUITE}"

if [[ "${SKIP_BUILD:-}" != "1" ]]; then
	echo "Building the benchmarks and the report tool (./mvnw -q package -DskipTests -pl load-tests/jmh -am)..."
	./mvnw -q package -DskipTests -pl load-tests/jmh -am
fi
JAR="$ROOT/load-tests/jmh/target/benchmarks.jar"
rm -rf "$OUT"
mkdir -p "$OUT/logs"

JAVA_PROPS=(-Dasynclog.bench.side="$OUT/side-results.jsonl" -Dasynclog.bench.dir="$OUT/logs")
# JMH writes into RESULTS (the output directory, or a round's directory under it).
RESULTS="$OUT"
run_jmh() {
	local name="$1"
	shift
	echo "JMH ($name): $*"
	java "${JAVA_PROPS[@]}" -jar "$JAR" "$@" -rf json -rff "$RESULTS/jmh-$name.json" 2>&1 | tee "$RESULTS/jmh-$name.log" \
		| grep -E '^# (Benchmark|Parameters):|^[A-Z][A-Za-z]+Benchmark\.|<failure>|Exception' || true
}

START=$(date +%s)
if [[ "$SUITE" == "quick" ]]; then
	JAVA_PROPS+=(-Dasynclog.bench.latencySeconds=2 -Dasynclog.bench.idleSeconds=3)
	run_jmh timed 'HandOffBenchmark.oneThread|FileThroughputBenchmark.oneThread|LayoutBenchmark|LocationBenchmark|WaitStrategyBenchmark.handOff' \
		-p message=108 -wi 2 -i 3 -w 1 -r 1
	run_jmh once 'LatencyBenchmark|WaitStrategyBenchmark.idle|RingHeapBenchmark' -p rate=100000
	run_jmh gc 'AllocationBenchmark' -prof gc -wi 1 -i 2 -w 1 -r 1
elif [[ "$SUITE" == "logback" ]]; then
	# Rounds interleave the setups: each round runs every setup once per benchmark, in an order
	# turned by one place per round, so that a slow minute of this shared machine does not fall
	# on one setup's runs only.
	SETUPS=(asynclog-logback-no-meters asynclog-logback logstash-disruptor logback-async-appender logback-sync)
	for ((round = 1; round <= ROUNDS; round++)); do
		RESULTS="$OUT/round-$round"
		mkdir -p "$RESULTS"
		JAVA_PROPS=(-Dasynclog.bench.side="$RESULTS/side-results.jsonl" -Dasynclog.bench.dir="$OUT/logs")
		shift_by=$(( (round - 1) % ${#SETUPS[@]} ))
		ORDER=("${SETUPS[@]:shift_by}" "${SETUPS[@]:0:shift_by}")
		LIST=$(IFS=,; echo "${ORDER[*]}")
		echo "Round $round of $ROUNDS ($(uptime | sed 's/.*load average/load average/')), setups in the order $LIST"
		echo "round.$round.load.before=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/rounds.properties"
		run_jmh hand-off 'HandOffBenchmark.(oneThread|fourThreads)' -p setup="$LIST" -p message=108
		run_jmh latency 'LatencyBenchmark' -p setup="$LIST" -p rate=10000,100000
		run_jmh gc 'AllocationBenchmark' -p setup="$LIST" -prof gc
		echo "round.$round.load.after=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/rounds.properties"
	done
else
	# Two forks for the scored benchmarks; the ones that report through side results run once.
	# Four callers (HandOffBenchmark.fourThreads) belong to the Logback suite: 52 more forks here.
	run_jmh main 'HandOffBenchmark.(oneThread|twoThreads)|FileThroughputBenchmark|LayoutBenchmark|LocationBenchmark|WaitStrategyBenchmark.handOff' -f 2
	run_jmh once 'LatencyBenchmark|WaitStrategyBenchmark.idle|RingHeapBenchmark'
	run_jmh gc 'AllocationBenchmark' -prof gc
fi
END=$(date +%s)

INFO="$OUT/run-info.properties"
{
	echo "suite=$SUITE"
	if [[ "$SUITE" == "logback" ]]; then
		echo "command=load-tests/scripts/jmh.sh --logback --rounds $ROUNDS"
		echo "rounds=$ROUNDS"
		cat "$OUT/rounds.properties"
	else
		echo "command=load-tests/scripts/jmh.sh --$SUITE"
	fi
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
	elif [[ "$SUITE" == "logback" ]]; then
		echo "forks=one fork per configuration and round, iterations as annotated"
	else
		echo "forks=two forks per configuration for the scored benchmarks, one for latency, idle CPU and heap"
	fi
} > "$INFO"
rm -rf "$OUT/logs" "$OUT/rounds.properties"

if [[ $REPORT == 1 ]]; then
	# the report tool is in the benchmark jar too (step 1)
	java -cp "$JAR" io.asynclog.loadtests.jmh.JmhReport "$OUT" "$ROOT/docs/results"
fi
