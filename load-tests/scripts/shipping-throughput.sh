#!/usr/bin/env bash
# Shipping throughput, Kafka and OTLP (docs/shipping.md#throughput, docs/results/shipping-throughput.md):
#   1. builds the run's application, broker and receiver and the report tool (all in load-tests/shipping)
#      once, from the reactor (nothing installed),
#   2. starts a one-node KRaft broker (Kafka's KafkaRaftServer on 127.0.0.1) and a loopback OTLP/HTTP receiver
#      (the JDK's HttpServer on 127.0.0.1, decoding each request with opentelemetry-proto), each in a JVM of its
#      own, and kills them on exit,
#   3. runs, in N interleaved rounds, one application JVM per configuration: a plain Spring Boot application
#      with the asynclog starter on Log4j2, asynclog.mode=async-logger, one caller thread logging L lines of
#      100 characters after a warm-up (passes of W lines for S seconds), timed until every record is acknowledged (kafka, kafka-ecs,
#      otlp: OTLP/HTTP to the receiver), every line is in the appender's spool with the destination away
#      (kafka-away, otlp-away: a loopback port nobody listens on), or every line is in the file (file), each
#      run checked (topic end offset or receiver count and last record, spool, file line count, no drops),
#   4. writes docs/results/shipping-throughput.md, its chart and the raw CSVs.
#
# Usage: load-tests/scripts/shipping-throughput.sh [--rounds N] [--lines L] [--warmup W] [--warmup-seconds S] [--out DIR] [--no-report]
#   --rounds N   interleaved rounds, every configuration once per round, in an order turned by one each round (default 3)
#   --lines L    measured lines per run (default 1000000)
#   --warmup W   lines logged and delivered before the clock starts, per pass (default 500000)
#   --warmup-seconds S  warm-up passes repeat until S seconds have passed (default 40)
#   --out DIR    raw outputs (default load-tests/target/shipping-throughput)
#   --no-report  stop after the runs
# Defaults: 3 rounds x 6 configurations x (40 s of warm-up + 1,000,000 lines), about 20 minutes on 2 cores.
# Exit codes: 0 every run delivered and checked; 1 a run failed (its row says why); 2 bad options or set-up.
# Environment:
#   SKIP_BUILD=1   reuse what is built
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

ROUNDS=3
LINES=1000000
WARMUP=500000
WARMUP_SECONDS=40
OUT=""
REPORT=1
CONFIGS=(kafka kafka-ecs kafka-away otlp otlp-away file)
while [[ $# -gt 0 ]]; do
	case "$1" in
		--rounds) ROUNDS="${2:-}"; shift ;;
		--lines) LINES="${2:-}"; shift ;;
		--warmup) WARMUP="${2:-}"; shift ;;
		--warmup-seconds) WARMUP_SECONDS="${2:-}"; shift ;;
		--out) OUT="${2:-}"; shift ;;
		--no-report) REPORT=0 ;;
		-h|--help) sed -n '2,24p' "${BASH_SOURCE[0]}"; exit 0 ;;
		*) echo "Unknown option '$1'; accepted: --rounds N, --lines L, --warmup W, --warmup-seconds S, --out DIR, --no-report" >&2; exit 2 ;;
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
if ! [[ "$WARMUP_SECONDS" =~ ^[0-9]+$ && "$WARMUP_SECONDS" -le 600 ]]; then
	echo "Invalid --warmup-seconds '$WARMUP_SECONDS'; accepted: 0 to 600" >&2
	exit 2
fi
if [[ ! -r /proc/loadavg || ! -d /proc/self/task ]]; then
	echo "Needs Linux /proc (per-thread CPU)" >&2
	exit 2
fi
OUT="${OUT:-$ROOT/load-tests/target/shipping-throughput}"
COMMAND="load-tests/scripts/shipping-throughput.sh --rounds $ROUNDS --lines $LINES --warmup $WARMUP --warmup-seconds $WARMUP_SECONDS"

SHIPPING="$ROOT/load-tests/shipping/target"
if [[ "${SKIP_BUILD:-}" != "1" ]]; then
	echo "Building the run and the report tool (./mvnw -q package -DskipTests -pl load-tests/shipping -am)..."
	# -am: the starter and autoconfigure come from this checkout's reactor, never from ~/.m2
	./mvnw -q package -DskipTests -pl load-tests/shipping -am
fi
for f in "$SHIPPING/app-classpath.txt" "$SHIPPING/broker-classpath.txt" "$SHIPPING/tools-classpath.txt" "$SHIPPING/classes" "$SHIPPING/test-classes"; do
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
		[[ "$config" == kafka || "$config" == kafka-ecs ]] && TOPICS+=("$config-$round")
	done
done

# shellcheck source=loopback-broker.sh
source "$ROOT/load-tests/scripts/loopback-broker.sh"
BROKER_PID=""
RECEIVER_PID=""
stop_broker() {
	stop_pid "$BROKER_PID"
	stop_pid "$RECEIVER_PID"
}
trap stop_broker EXIT
trap 'exit 130' INT TERM
start_broker "$BROKER_CP" "$OUT/logs/broker.log" "${TOPICS[@]}"
start_otlp_receiver "$BROKER_CP" "$OUT/logs/otlp-receiver.log"

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
		# A receiver that went away (it once did, with nothing in its log) would fail every otlp run
		# after it: say how it ended and start another; its count restarts, which each run allows for.
		if ! kill -0 "$RECEIVER_PID" 2>/dev/null; then
			status=0
			wait "$RECEIVER_PID" || status=$?
			echo "  the OTLP receiver (pid $RECEIVER_PID) ended with status $status; starting another" >&2
			echo "receiver.ended.$round.$position=pid $RECEIVER_PID status $status" >> "$OUT/rounds.properties"
			start_otlp_receiver "$BROKER_CP" "$OUT/logs/otlp-receiver-$round-$position.log"
		fi
		# cpu_broker_s: the CPU of the JVM on the other end, the broker or the OTLP receiver
		sink_pid="$BROKER_PID"
		[[ "$config" == otlp* ]] && sink_pid="$RECEIVER_PID"
		args=(--config "$config" --round "$round" --position "$position" --lines "$LINES" --warmup "$WARMUP" --warmup-seconds "$WARMUP_SECONDS"
			--csv "$RAW" --threads "$THREADS" --broker-pid "$sink_pid" --clock-ticks "$(getconf CLK_TCK)")
		case "$config" in
			file) args+=(--file "$OUT/logs/file-$round.log") ;;
			# the destination is away: every line goes to the spool
			kafka-away) args+=(--bootstrap "127.0.0.1:$(free_port)" --topic "$config-$round") ;;
			otlp-away) args+=(--endpoint "http://127.0.0.1:$(free_port)/v1/logs") ;;
			otlp) args+=(--endpoint "$OTLP_ENDPOINT") ;;
			*) args+=(--bootstrap "$BOOTSTRAP" --topic "$config-$round") ;;
		esac
		if java -Xms1g -Xmx1g -cp "$APP_CP" io.asynclog.loadtests.shipping.run.ThroughputApp "${args[@]}" \
				> "$OUT/logs/app-$config-$round.log" 2>&1; then
			# -o: a client's warning printed at the same moment may share the RESULT line's start
			echo "  $config: $(grep -o 'RESULT .*' "$OUT/logs/app-$config-$round.log" | cut -d, -f7 | cut -d. -f1) lines/s"
		else
			FAILED=1
			echo "  $config: FAILED, see $OUT/logs/app-$config-$round.log" >&2
			grep -o 'RESULT .*' "$OUT/logs/app-$config-$round.log" >&2 || tail -20 "$OUT/logs/app-$config-$round.log" >&2
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
	echo "warmup.seconds=$WARMUP_SECONDS"
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
	echo "receiver.jvm=-Xms256m -Xmx256m"
	echo "kafka=$(tr ':' '\n' < "$SHIPPING/app-classpath.txt" | sed -n 's|.*/kafka-clients-\(.*\)\.jar$|\1|p')"
	echo "opentelemetry.exporter=$(tr ':' '\n' < "$SHIPPING/app-classpath.txt" | sed -n 's|.*/opentelemetry-exporter-otlp-\([0-9][^/]*\)\.jar$|\1|p')"
} > "$INFO"
rm -f "$OUT/rounds.properties"

if [[ $REPORT == 1 ]]; then
	java -cp "$SHIPPING/classes:$(cat "$SHIPPING/tools-classpath.txt")" io.asynclog.loadtests.shipping.ShippingThroughputReport \
		"$OUT" "$ROOT/docs/results"
fi
exit $FAILED
