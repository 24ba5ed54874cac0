#!/usr/bin/env bash
# Renders docs/dashboards/asynclog-dashboard.png from real metrics:
#   1. builds the project (demo app jar and the load-tests classes),
#   2. starts the demo app on 127.0.0.1 on a free port with a small ring buffer,
#   3. waits for /actuator/health,
#   4. runs io.asynclog.loadtests.dashboard.DashboardChart (bursty GET /log load + a scrape of
#      /actuator/prometheus every 500 ms, then a 2x2 PNG),
#   5. stops the app with SIGTERM and waits for it to exit.
#
# Usage: load-tests/scripts/dashboard-chart.sh [OUTPUT_PNG]
# Environment:
#   DURATION=60            seconds of load (5..300)
#   THREADS=16             load threads (1..16); fewer threads leave the 2-CPU reference machine idle enough that the ring barely fills
#   MAX_REQUESTS=200000    request budget (at most 200000)
#   RING_BUFFER_SIZE=128   asynclog.ring-buffer-size of the demo app (min 128)
#   PEAK_WINDOW=5s         asynclog.metrics.peak-window (default 1m), short so the peak can be seen to age out
#   EXTRA_APP_ARGS=""      more demo app arguments, e.g. "--asynclog.queue-full-policy=discard"
#   SKIP_BUILD=1           reuse the jars already built
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${1:-$ROOT/docs/dashboards/asynclog-dashboard.png}"
DURATION="${DURATION:-60}"
THREADS="${THREADS:-16}"
MAX_REQUESTS="${MAX_REQUESTS:-200000}"
RING_BUFFER_SIZE="${RING_BUFFER_SIZE:-128}"
PEAK_WINDOW="${PEAK_WINDOW:-5s}"
EXTRA_APP_ARGS="${EXTRA_APP_ARGS:-}"
WORK="$ROOT/load-tests/target/dashboard-chart"
# On Log4j2: the dashboard counts events with Spring Boot's log4j2.events meter.
DEMO_JAR="$ROOT/demo-app-log4j2/target/asynclog-demo-app-log4j2-0.1.0-SNAPSHOT.jar"
CHART_JAR="$ROOT/load-tests/target/asynclog-load-tests-0.1.0-SNAPSHOT.jar"

cd "$ROOT"
if [[ "${SKIP_BUILD:-}" != "1" ]]; then
	echo "Building (./mvnw -q install -DskipTests)..."
	./mvnw -q install -DskipTests
fi
mkdir -p "$WORK"
rm -f "$WORK/demo.log"
./mvnw -q -pl load-tests dependency:build-classpath -DincludeScope=runtime -Dmdep.outputFile="$WORK/classpath.txt"

# A free port on 127.0.0.1: a random one nobody answers on (the app fails fast if it is taken after all).
PORT=""
for _ in $(seq 1 50); do
	candidate=$((20000 + RANDOM % 40000))
	if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
		PORT=$candidate
		break
	fi
done
[[ -n "$PORT" ]] || { echo "No free port found" >&2; exit 1; }

# shellcheck disable=SC2206 # EXTRA_APP_ARGS is split on purpose
APP_ARGS=(--asynclog.ring-buffer-size="$RING_BUFFER_SIZE" --asynclog.immediate-flush=true
	--asynclog.metrics.peak-window="$PEAK_WINDOW" --logging.file.name="$WORK/demo.log" $EXTRA_APP_ARGS)
# Shown on the chart, with the log path relative to the repository.
APP_ARGS_SHOWN="--server.port=$PORT ${APP_ARGS[*]//$ROOT\//}; stdout to a file"

echo "Starting the demo app on 127.0.0.1:$PORT: ${APP_ARGS[*]}"
java -jar "$DEMO_JAR" --server.port="$PORT" "${APP_ARGS[@]}" >"$WORK/app-stdout.log" 2>&1 &
APP_PID=$!

stop_app() {
	if kill -0 "$APP_PID" 2>/dev/null; then
		echo "Stopping the demo app (SIGTERM to $APP_PID)..."
		kill -TERM "$APP_PID"
		for _ in $(seq 1 60); do
			kill -0 "$APP_PID" 2>/dev/null || break
			sleep 0.5
		done
		if kill -0 "$APP_PID" 2>/dev/null; then
			echo "The demo app did not exit within 30 s of SIGTERM" >&2
		else
			wait "$APP_PID" 2>/dev/null || true
			echo "The demo app exited."
		fi
	fi
}
trap stop_app EXIT

BASE_URL="http://127.0.0.1:$PORT"
for i in $(seq 1 120); do
	if ! kill -0 "$APP_PID" 2>/dev/null; then
		echo "The demo app exited during start-up; see $WORK/app-stdout.log" >&2
		tail -20 "$WORK/app-stdout.log" >&2
		exit 1
	fi
	if curl -fsS -o /dev/null "$BASE_URL/actuator/health" 2>/dev/null; then
		echo "The demo app answers $BASE_URL/actuator/health after ~$((i / 2)) s"
		break
	fi
	sleep 0.5
done
curl -fsS -o /dev/null "$BASE_URL/actuator/health"

java -cp "$CHART_JAR:$(cat "$WORK/classpath.txt")" io.asynclog.loadtests.dashboard.DashboardChart \
	--url="$BASE_URL" --duration="$DURATION" --threads="$THREADS" --max-requests="$MAX_REQUESTS" \
	--out="$OUT" --csv="$WORK/dashboard-chart.csv" --app-args="$APP_ARGS_SHOWN"
