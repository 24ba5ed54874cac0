#!/usr/bin/env bash
# Request latency with the Kafka broker stopped against running (docs/shipping.md#throughput,
# docs/results/shipping-latency.md; issue 24's target: request p99 with the broker stopped at most
# 1.5x request p99 with it running, every request answered, every line on the console):
#   1. builds the demo app (Logback) and, in load-tests/shipping, the loopback broker, the load client
#      and the report tool once,
#   2. starts a one-node KRaft broker in a JVM of its own (LoopbackKafka of test-fixtures, clients on 127.0.0.1) and kills it on exit,
#   3. runs, in N interleaved rounds, a fresh demo-app JVM per configuration with the kafka profile and
#      asynclog's defaults: `running` ships to the broker, `stopped` to a loopback port where nothing
#      listens (the lines go to the kafka appender's spool); each run gets W seconds of warm-up then S measured seconds of a fixed-rate open-model
#      load (LatencyLoad: R requests/s to GET /log?lines=L on 127.0.0.1, latency from each request's
#      due time) while /actuator/asynclog is read every 200 ms for the ring's most slots in use,
#   4. writes docs/results/shipping-latency.md and the raw CSV.
#
# Usage: load-tests/scripts/shipping-latency.sh [--rounds N] [--seconds S] [--rate R] [--warmup W] [--lines L] [--out DIR] [--no-report]
#   --rounds N   interleaved rounds, each configuration once per round, order turned each round (default 3)
#   --seconds S  measured seconds per run (default 30)
#   --rate R     requests per second, fixed (default 200: 500 overran the demo app on two busy shared cores)
#   --warmup W   seconds at the same rate before measuring (default 20, at least 20)
#   --lines L    lines each request logs (default 5)
#   --out DIR    raw outputs (default load-tests/target/shipping-latency)
#   --no-report  stop after the runs
# Defaults: 3 rounds x 2 configurations x (20 + 30) s, about 8 minutes on 2 cores.
# Exit codes: 0 every run answered every request; 1 a run failed; 2 bad options or set-up.
# Environment:
#   SKIP_BUILD=1   reuse what is built
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

ROUNDS=3
SECONDS_MEASURED=30
RATE=200
WARMUP=20
LINES=5
OUT=""
REPORT=1
CONFIGS=(running stopped)
while [[ $# -gt 0 ]]; do
	case "$1" in
		--rounds) ROUNDS="${2:-}"; shift ;;
		--seconds) SECONDS_MEASURED="${2:-}"; shift ;;
		--rate) RATE="${2:-}"; shift ;;
		--warmup) WARMUP="${2:-}"; shift ;;
		--lines) LINES="${2:-}"; shift ;;
		--out) OUT="${2:-}"; shift ;;
		--no-report) REPORT=0 ;;
		-h|--help) sed -n '2,27p' "${BASH_SOURCE[0]}"; exit 0 ;;
		*) echo "Unknown option '$1'; accepted: --rounds N, --seconds S, --rate R, --warmup W, --lines L, --out DIR, --no-report" >&2; exit 2 ;;
	esac
	shift
done
check() { # name value min max
	if ! [[ "$2" =~ ^[0-9]+$ && "$2" -ge "$3" && "$2" -le "$4" ]]; then
		echo "Invalid $1 '$2'; accepted: $3 to $4" >&2
		exit 2
	fi
}
check --rounds "$ROUNDS" 1 20
check --seconds "$SECONDS_MEASURED" 5 300
check --rate "$RATE" 1 5000
check --warmup "$WARMUP" 20 300
check --lines "$LINES" 1 100
if [[ ! -r /proc/loadavg ]]; then
	echo "Needs Linux /proc/loadavg" >&2
	exit 2
fi
OUT="${OUT:-$ROOT/load-tests/target/shipping-latency}"
COMMAND="load-tests/scripts/shipping-latency.sh --rounds $ROUNDS --seconds $SECONDS_MEASURED --rate $RATE --warmup $WARMUP --lines $LINES"

DEMO_JAR="$ROOT/demo-app/target/asynclog-demo-app-0.1.0-SNAPSHOT.jar"
SHIPPING="$ROOT/load-tests/shipping/target"
# written by the load-tests/shipping build
CLIENT_CP_FILE="$SHIPPING/tools-classpath.txt"
if [[ "${SKIP_BUILD:-}" != "1" ]]; then
	echo "Building the demo app, the broker and the load client (./mvnw -o -q package -DskipTests -pl demo-app,load-tests/shipping -am)..."
	./mvnw -o -q package -DskipTests -pl demo-app,load-tests/shipping -am
fi
for f in "$DEMO_JAR" "$SHIPPING/broker-classpath.txt" "$SHIPPING/test-classes" "$CLIENT_CP_FILE" "$SHIPPING/classes"; do
	if [[ ! -e "$f" ]]; then
		echo "Missing $f: build first (without SKIP_BUILD=1)" >&2
		exit 2
	fi
done
BROKER_CP="$SHIPPING/test-classes:$SHIPPING/classes:$(cat "$SHIPPING/broker-classpath.txt")"
CLIENT_CP="$SHIPPING/classes:$(cat "$CLIENT_CP_FILE")"

rm -rf "$OUT"
mkdir -p "$OUT/logs"
# Spring Boot's WebServerPortFileWriter writes the port the app got to the file PORTFILE names;
# this spring.factories on the app's class path registers it (the demo app does not).
mkdir -p "$OUT/port-file-listener/META-INF"
echo 'org.springframework.context.ApplicationListener=org.springframework.boot.web.server.context.WebServerPortFileWriter' \
	> "$OUT/port-file-listener/META-INF/spring.factories"
RAW="$OUT/shipping-latency-raw.csv"
INFO="$OUT/run-info.properties"

BROKER_PID=""
# shellcheck source=loopback-broker.sh
source "$ROOT/load-tests/scripts/loopback-broker.sh"
APP_PID=""
cleanup() {
	stop_pid "$APP_PID"
	stop_pid "$BROKER_PID"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
start_broker "$BROKER_CP" "$OUT/logs/broker.log" asynclog-demo

START=$(date +%s)
FAILED=0
for ((round = 1; round <= ROUNDS; round++)); do
	shift_by=$(( (round - 1) % ${#CONFIGS[@]} ))
	ORDER=("${CONFIGS[@]:shift_by}" "${CONFIGS[@]:0:shift_by}")
	echo "round.$round.order=$(IFS=,; echo "${ORDER[*]}")" >> "$OUT/rounds.properties"
	echo "Round $round of $ROUNDS (load $(cut -d' ' -f1-3 /proc/loadavg)): ${ORDER[*]}"
	position=0
	for config in "${ORDER[@]}"; do
		position=$((position + 1))
		if [[ "$config" == running ]]; then
			target="$BOOTSTRAP"
		else
			# a loopback port nobody listens on: connections are refused at once
			target="127.0.0.1:$(free_port)"
		fi
		log="$OUT/logs/app-$config-$round.log"
		port_file="$OUT/logs/app-$config-$round.port"
		# Port 0: the app binds a free port itself and writes it to port_file (a port chosen here could
		# be taken before the app binds it); demo.parent-pid: it exits if this script is killed.
		# asynclog's defaults (a 16,384-slot ring, the kafka appender's lane and spool), the spool in a
		# directory of the run's own; stdout is Spring Boot's console copy of every line, counted below;
		# no demo.log (logging.file.name blank), so the ring thread writes the console and the lane only
		console="$OUT/logs/console-$config-$round.log"
		java -Xms1g -Xmx1g -DPORTFILE="$port_file" -cp "$OUT/port-file-listener:$DEMO_JAR" \
			org.springframework.boot.loader.launch.JarLauncher --spring.profiles.active=kafka \
			--server.port=0 --server.address=127.0.0.1 --demo.parent-pid=$$ --logging.file.name= \
			--demo.kafka.bootstrap-servers="$target" --asynclog.appenders.ship.spool.directory="$OUT/spool-$config-$round" \
			> "$console" 2> "$log" &
		APP_PID=$!
		ready=0
		port=""
		for _ in $(seq 120); do
			if [[ -z "$port" && -s "$port_file" ]]; then
				port="$(cat "$port_file")"
			fi
			if [[ -n "$port" ]] && curl -sf "http://127.0.0.1:$port/log/count" > /dev/null 2>&1; then
				ready=1
				break
			fi
			kill -0 "$APP_PID" 2>/dev/null || break
			sleep 0.5
		done
		if [[ $ready != 1 ]]; then
			echo "  $config: the app did not start within 60 s; see $log" >&2
			FAILED=1
			stop_pid "$APP_PID"
			APP_PID=""
			continue
		fi
		echo "  $config: app pid $APP_PID on $port, kafka at $target"
		if java -Xms256m -Xmx256m -cp "$CLIENT_CP" io.asynclog.loadtests.shipping.LatencyLoad \
				--base "http://127.0.0.1:$port" --config "$config" --round "$round" --position "$position" \
				--rate "$RATE" --seconds "$SECONDS_MEASURED" --warmup "$WARMUP" --lines "$LINES" --csv "$RAW" \
				> "$OUT/logs/load-$config-$round.log" 2>&1; then
			echo "    $(grep '^RESULT ' "$OUT/logs/load-$config-$round.log" | cut -d, -f7-16 \
				| awk -F, '{printf "requests %s errors %s p50 %s ms p99 %s ms p99.9 %s ms max %s ms ring max used %s", $1, $2, $3, $4, $5, $6, $10}')"
			if ! grep '^RESULT ' "$OUT/logs/load-$config-$round.log" | awk -F, '$8 != 0 {exit 1}'; then
				echo "    errors in $config round $round" >&2
				FAILED=1
			fi
		else
			FAILED=1
			echo "  $config: load FAILED, see $OUT/logs/load-$config-$round.log" >&2
			tail -5 "$OUT/logs/load-$config-$round.log" >&2
		fi
		# Every answered request's lines must be on the console, broker or no broker: the count is read
		# once the console has caught up (the ring drains in moments), then the spool's state is kept.
		answered=$(curl -s "http://127.0.0.1:$port/log/count" | tr -d '[:space:]')
		expected=$(( answered * LINES ))
		for _ in $(seq 20); do
			written=$(grep -cE ' (line [0-9]{2}|handled) ' "$console" || true)
			[[ "$written" -ge "$expected" ]] && break
			sleep 0.5
		done
		spool=$(curl -s "http://127.0.0.1:$port/actuator/asynclog" | python3 -c 'import json, sys
for a in json.load(sys.stdin)["appenders"]:
    s = (a.get("shipping") or {}).get("spool")
    if s: print(s["records"])' || true)
		echo "round.$round.$config.console=$written of $expected" >> "$OUT/rounds.properties"
		echo "round.$round.$config.spool=${spool:-?}" >> "$OUT/rounds.properties"
		echo "    console lines $written of $expected, spool records ${spool:-?}"
		if [[ "$written" -lt "$expected" ]]; then
			echo "    console lines missing in $config round $round" >&2
			FAILED=1
		fi
		stop_pid "$APP_PID"
		APP_PID=""
		rm -f "$console"
		rm -rf "$OUT/spool-$config-$round"
	done
done
END=$(date +%s)
stop_pid "$BROKER_PID"
BROKER_PID=""

{
	echo "command=$COMMAND"
	echo "rounds=$ROUNDS"
	echo "seconds=$SECONDS_MEASURED"
	echo "rate=$RATE"
	echo "warmup=$WARMUP"
	echo "lines=$LINES"
	cat "$OUT/rounds.properties"
	echo "started=$(date -u -d "@$START" +%Y-%m-%dT%H:%M:%SZ)"
	echo "minutes=$(( (END - START + 30) / 60 ))"
	echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
	echo "cores=$(nproc)"
	echo "memory=$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
	echo "os=$(uname -sr)"
	echo "jdk=$(java -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.vm.name|java.runtime.version/ {printf "%s ", $2}' | sed 's/ $//')"
	echo "app.jvm=-Xms1g -Xmx1g"
	echo "app=demo-app (Logback), --spring.profiles.active=kafka, asynclog's defaults (16,384-slot ring, lane and spool)"
} > "$INFO"
rm -f "$OUT/rounds.properties"

if [[ $REPORT == 1 ]]; then
	java -cp "$CLIENT_CP" io.asynclog.loadtests.shipping.ShippingLatencyReport "$OUT" "$ROOT/docs/results"
fi
exit $FAILED
