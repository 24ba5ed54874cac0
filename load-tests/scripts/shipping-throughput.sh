#!/usr/bin/env bash
# Kafka shipping throughput (docs/shipping.md#throughput, docs/results/shipping-throughput.md):
#   1. builds the run's application and broker (load-tests/shipping) and the report tool (load-tests) once,
#   2. starts a one-node KRaft broker (Kafka's KafkaRaftServer on 127.0.0.1) in a JVM of its own on localhost, and kills it on exit,
#   3. runs, in N interleaved rounds, one application JVM per configuration: a plain Spring Boot application
#      with the asynclog starter on Log4j2, asynclog.mode=async-logger, one caller thread logging L lines of
#      100 characters after a warm-up of W lines, timed until every record is acknowledged (kafka, kafka-ecs),
#      every line is in the kafka appender's spool with the broker away (kafka-away: a loopback port nobody
#      listens on), or every line is in the file (file), each run checked (topic end offset, spool, file line count),
#   4. writes docs/results/shipping-throughput.md, its chart and the raw CSVs.
#
# Usage: load-tests/scripts/shipping-throughput.sh [--rounds N] [--lines L] [--warmup W] [--out DIR] [--no-report]
#   --rounds N   interleaved rounds, every configuration once per round, in an order turned by one each round (default 3)
#   --lines L    measured lines per run (default 1000000)
#   --warmup W   lines logged and delivered before the clock starts (default 500000)
#   --out DIR    raw outputs (default load-tests/target/shipping-throughput)
#   --no-report  stop after the runs
# Defaults: 3 rounds x 4 configurations x (500,000 + 1,000,000) lines, about 5 minutes on 2 cores.
# Exit codes: 0 every run delivered and checked; 1 a run failed (its row says why); 2 bad options or set-up.
# Environment:
#   SKIP_BUILD=1   reuse what is built
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

ROUNDS=3
LINES=1000000
WARMUP=500000
OUT=""
REPORT=1
CONFIGS=(kafka kafka-ecs kafka-away file)
while [[ $# -gt 0 ]]; do
	case "$1" in
		--rounds) ROUNDS="${2:-}"; shift ;;
		--lines) LINES="${2:-}"; shift ;;
		--warmup) WARMUP="${2:-}"; shift ;;
		--out) OUT="${2:-}"; shift ;;
		--no-report) REPORT=0 ;;
		-h|--help) sed -n '2,19p' "${BASH_SOURCE[0]}"; exit 0 ;;
		*) echo "Unknown option '$1'; accepted: --rounds N, --lines L, --warmup W, --out DIR, --no-report" >&2; exit 2 ;;
	esac
	shift
done
if ! [[ "$ROUNDS" =~ ^[1-9][0-9]*$ && "$ROUNDS" -le 20 ]]; then
	echo "Invalid --rounds '$ROUNDS'; accepted: 1 to 20" >&2
	exit 2
fi
if ! [[ "$LINES" =~ ^[1-9][0-9]*$ && "$LINES" -le 20000000 ]]; then
	echo "Invalid --lines '$LINES'; accepted: 1 to 20000000" >&2
	exit 2
fi
if ! [[ "$WARMUP" =~ ^[0-9]+$ && "$WARMUP" -le 5000000 ]]; then
	echo "Invalid --warmup '$WARMUP'; accepted: 0 to 5000000" >&2
	exit 2
fi
if [[ ! -r /proc/loadavg || ! -d /proc/self/task ]]; then
	echo "Needs Linux /proc (per-thread CPU)" >&2
	exit 2
fi
OUT="${OUT:-$ROOT/load-tests/target/shipping-throughput}"
COMMAND="load-tests/scripts/shipping-throughput.sh --rounds $ROUNDS --lines $LINES --warmup $WARMUP"

SHIPPING="$ROOT/load-tests/shipping/target"
if [[ "${SKIP_BUILD:-}" != "1" ]]; then
	echo "Building the run and the report tool (./mvnw -q package -DskipTests -pl load-tests/shipping,load-tests -am)..."
	./mvnw -q package -DskipTests -pl load-tests/shipping,load-tests -am
fi
for f in "$SHIPPING/app-classpath.txt" "$SHIPPING/broker-classpath.txt" "$SHIPPING/classes" "$SHIPPING/test-classes"; do
	if [[ ! -e "$f" ]]; then
		echo "Missing $f: build first (without SKIP_BUILD=1)" >&2
		exit 2
	fi
done
APP_CP="$SHIPPING/classes:$(cat "$SHIPPING/app-classpath.txt")"
BROKER_CP="$SHIPPING/test-classes:$SHIPPING/classes:$(cat "$SHIPPING/broker-classpath.txt")"

rm -rf "$OUT"
mkdir -p "$OUT/logs"
RAW="$OUT/shipping-throughput-raw.csv"
THREADS="$OUT/shipping-throughput-threads.csv"
INFO="$OUT/run-info.properties"

TOPICS=()
for ((round = 1; round <= ROUNDS; round++)); do
	for config in "${CONFIGS[@]}"; do
		[[ "$config" == file || "$config" == kafka-away ]] || TOPICS+=("$config-$round")
	done
done

# shellcheck source=loopback-broker.sh
source "$ROOT/load-tests/scripts/loopback-broker.sh"
BROKER_PID=""
stop_broker() {
	stop_pid "$BROKER_PID"
}
trap stop_broker EXIT
trap 'exit 130' INT TERM
start_broker "$BROKER_CP" "$OUT/logs/broker.log" "${TOPICS[@]}"

START=$(date +%s)
FAILED=0
for ((round = 1; round <= ROUNDS; round++)); do
	shift_by=$(( (round - 1) % ${#CONFIGS[@]} ))
	ORDER=("${CONFIGS[@]:shift_by}" "${CONFIGS[@]:0:shift_by}")
	echo "round.$round.order=$(IFS=,; echo "${ORDER[*]}")" >> "$OUT/rounds.properties"
	echo "round.$round.load.before=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/rounds.properties"
	echo "Round $round of $ROUNDS (load $(cut -d' ' -f1-3 /proc/loadavg)): ${ORDER[*]}"
	position=0
	for config in "${ORDER[@]}"; do
		position=$((position + 1))
		args=(--config "$config" --round "$round" --position "$position" --lines "$LINES" --warmup "$WARMUP"
			--csv "$RAW" --threads "$THREADS" --broker-pid "$BROKER_PID" --clock-ticks "$(getconf CLK_TCK)")
		if [[ "$config" == file ]]; then
			args+=(--file "$OUT/logs/file-$round.log")
		elif [[ "$config" == kafka-away ]]; then
			# the broker is away: every line goes to the spool
			args+=(--bootstrap "127.0.0.1:$(free_port)" --topic "$config-$round")
		else
			args+=(--bootstrap "$BOOTSTRAP" --topic "$config-$round")
		fi
		if java -Xms1g -Xmx1g -cp "$APP_CP" io.asynclog.loadtests.shipping.run.ThroughputApp "${args[@]}" \
				> "$OUT/logs/app-$config-$round.log" 2>&1; then
			echo "  $config: $(grep '^RESULT ' "$OUT/logs/app-$config-$round.log" | cut -d, -f7 | cut -d. -f1) lines/s"
		else
			FAILED=1
			echo "  $config: FAILED, see $OUT/logs/app-$config-$round.log" >&2
			grep '^RESULT ' "$OUT/logs/app-$config-$round.log" >&2 || tail -20 "$OUT/logs/app-$config-$round.log" >&2
		fi
		# the file run's file is counted; it need not stay (about 190 MB per million lines)
		rm -f "$OUT/logs/file-$round.log"
	done
	echo "round.$round.load.after=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/rounds.properties"
done
END=$(date +%s)
stop_broker

{
	echo "command=$COMMAND"
	echo "rounds=$ROUNDS"
	echo "lines=$LINES"
	echo "warmup=$WARMUP"
	cat "$OUT/rounds.properties"
	echo "started=$(date -u -d "@$START" +%Y-%m-%dT%H:%M:%SZ)"
	echo "minutes=$(( (END - START + 30) / 60 ))"
	echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
	echo "cores=$(nproc)"
	echo "memory=$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
	echo "os=$(uname -sr)"
	echo "jdk=$(java -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.vm.name|java.runtime.version/ {printf "%s ", $2}' | sed 's/ $//')"
	echo "app.jvm=-Xms1g -Xmx1g"
	echo "broker.jvm=-Xms512m -Xmx512m"
	echo "kafka=$(tr ':' '\n' < "$SHIPPING/app-classpath.txt" | sed -n 's|.*/kafka-clients-\(.*\)\.jar$|\1|p')"
} > "$INFO"
rm -f "$OUT/rounds.properties"

if [[ $REPORT == 1 ]]; then
	# written by the load-tests build
	CP_FILE="$ROOT/load-tests/target/classpath-test.txt"
	java -cp "$ROOT/load-tests/target/classes:$(cat "$CP_FILE")" io.asynclog.loadtests.shipping.ShippingThroughputReport \
		"$OUT" "$ROOT/docs/results"
fi
exit $FAILED
