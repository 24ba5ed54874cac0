#!/usr/bin/env bash
# The capacity check (docs/capacity.md, docs/results/capacity-check.md): the rate at which one ring
# thread saturates, predicted from each sink's cost per line and checked against measured runs.
#   1. builds the benchmark jar (load-tests/jmh/target/benchmarks.jar) once, from the reactor,
#   2. runs, in N interleaved rounds: JMH's SinkCostBenchmark (each backend and sink: a real application
#      in async-logger mode, the appenders behind its ring called line after line by one thread; W warm-up
#      iterations of 1 s, 5 measured), then
#      one SaturationRun JVM per measured configuration (two callers logging into a full ring, the ring
#      thread alone on the last core, W seconds of warm-up, S seconds counted), in an order turned by one
#      each round,
#   3. writes docs/results/capacity-check.md and copies the raw CSVs to docs/results/capacity-raw/.
#
# Usage: load-tests/scripts/capacity.sh [--rounds N] [--warmup-seconds W] [--seconds S] [--out DIR] [--no-report]
#   --rounds N          interleaved rounds (default 3)
#   --warmup-seconds W  logging before each measured window, and JMH's warm-up iterations (default 20)
#   --seconds S         each measured window (default 8)
#   --out DIR           raw outputs (default load-tests/target/capacity)
#   --no-report         stop after the runs
# Defaults: 3 rounds x (6 JMH trials of about 30 s + 4 runs of about 33 s), about 15 minutes on 2 cores.
# Exit codes: 0 every measured prediction within 20%; 1 a run failed or a prediction missed; 2 bad options.
# Environment:
#   SKIP_BUILD=1   reuse the jar already built
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

ROUNDS=3
WARMUP_SECONDS=20
SECONDS_MEASURED=8
OUT=""
REPORT=1
CONFIGS=("log4j2 console" "log4j2 console-ecs" "logback console" "logback console-ecs")
while [[ $# -gt 0 ]]; do
	case "$1" in
		--rounds) ROUNDS="${2:-}"; shift ;;
		--warmup-seconds) WARMUP_SECONDS="${2:-}"; shift ;;
		--seconds) SECONDS_MEASURED="${2:-}"; shift ;;
		--out) OUT="${2:-}"; shift ;;
		--no-report) REPORT=0 ;;
		-h|--help) sed -n '2,21p' "${BASH_SOURCE[0]}"; exit 0 ;;
		*) echo "Unknown option '$1'; accepted: --rounds N, --warmup-seconds W, --seconds S, --out DIR, --no-report" >&2; exit 2 ;;
	esac
	shift
done
if ! [[ "$ROUNDS" =~ ^[1-9][0-9]*$ && "$ROUNDS" -le 10 ]]; then
	echo "Invalid --rounds '$ROUNDS'; accepted: 1 to 10" >&2
	exit 2
fi
if ! [[ "$WARMUP_SECONDS" =~ ^[0-9]+$ && "$WARMUP_SECONDS" -le 600 ]]; then
	echo "Invalid --warmup-seconds '$WARMUP_SECONDS'; accepted: 0 to 600" >&2
	exit 2
fi
if ! [[ "$SECONDS_MEASURED" =~ ^[1-9][0-9]*$ && "$SECONDS_MEASURED" -le 600 ]]; then
	echo "Invalid --seconds '$SECONDS_MEASURED'; accepted: 1 to 600" >&2
	exit 2
fi
if ! command -v taskset > /dev/null || [[ "$(nproc)" -lt 2 ]]; then
	echo "Needs taskset and two cores or more (the ring thread gets a core to itself)" >&2
	exit 2
fi
OUT="${OUT:-$ROOT/load-tests/target/capacity}"
COMMAND="load-tests/scripts/capacity.sh --rounds $ROUNDS --warmup-seconds $WARMUP_SECONDS --seconds $SECONDS_MEASURED"

if [[ "${SKIP_BUILD:-}" != "1" ]]; then
	echo "Building the benchmarks (./mvnw -q package -DskipTests -pl load-tests/jmh -am)..."
	./mvnw -q package -DskipTests -pl load-tests/jmh -am
fi
JAR="$ROOT/load-tests/jmh/target/benchmarks.jar"
rm -rf "$OUT"
mkdir -p "$OUT/raw" "$OUT/files" "$OUT/logs"
RAW="$OUT/raw"
{
	echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "command=$COMMAND"
	echo "cores=$(nproc)"
	echo "java=$(java -version 2>&1 | head -1)"
	echo "load_before=$(cut -d' ' -f1-3 /proc/loadavg)"
} > "$RAW/run-info.properties"

START=$(date +%s)
FAILED=0
for ((round = 1; round <= ROUNDS; round++)); do
	echo "Round $round of $ROUNDS: JMH SinkCostBenchmark"
	# As long a warm-up as the runs': writing a file at full speed costs more per line once the
	# kernel writes dirty pages back (777 ns a line on Log4j2's console after 4 s, 1,260 after 30 s).
	java -jar "$JAR" 'capacity.SinkCostBenchmark' -wi "$WARMUP_SECONDS" -w 1 -i 5 -r 1 -f 1 \
		-jvmArgsAppend "-Dasynclog.bench.dir=$OUT/files" -rf csv -rff "$RAW/jmh-round-$round.csv" \
		> "$OUT/logs/jmh-round-$round.log" 2>&1 || { echo "  JMH failed: $OUT/logs/jmh-round-$round.log" >&2; FAILED=1; }
	grep -E '^SinkCostBenchmark' "$OUT/logs/jmh-round-$round.log" | sed 's/^/  /' || true
	shift_by=$(( (round - 1) % ${#CONFIGS[@]} ))
	ORDER=("${CONFIGS[@]:shift_by}" "${CONFIGS[@]:0:shift_by}")
	position=0
	for config in "${ORDER[@]}"; do
		position=$((position + 1))
		read -r backend sink <<< "$config"
		echo "  run: $backend $sink"
		java -cp "$JAR" io.asynclog.benchmarks.capacity.SaturationRun --backend "$backend" --sink "$sink" \
			--warmup-seconds "$WARMUP_SECONDS" --seconds "$SECONDS_MEASURED" --round "$round" --position "$position" \
			--csv "$RAW/saturation.csv" --dir "$OUT/files" > "$OUT/logs/run-$round-$backend-$sink.log" 2>&1 \
			|| { echo "  run failed: $OUT/logs/run-$round-$backend-$sink.log" >&2; FAILED=1; }
	done
done
echo "load_after=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$RAW/run-info.properties"
echo "Runs took $(( $(date +%s) - START )) s."

if [[ "$REPORT" == "1" ]]; then
	mkdir -p docs/results/capacity-raw
	cp "$RAW"/*.csv "$RAW/run-info.properties" docs/results/capacity-raw/
	java -cp "$JAR" io.asynclog.benchmarks.capacity.CapacityReport docs/results/capacity-raw \
		docs/results/capacity-check.md "$COMMAND" || FAILED=1
	echo "Wrote docs/results/capacity-check.md"
fi
exit "$FAILED"
