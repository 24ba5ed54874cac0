#!/usr/bin/env bash
# Renders docs/dashboards/asynclog-dashboard.png from real metrics:
#   1. builds the demo app jar and the chart tool (load-tests/dashboard),
#   2. starts the demo app on 127.0.0.1 with a small ring buffer, on a port it picks itself
#      (--server.port=0, written to a file), watching this script's process so that it exits if
#      the script is killed,
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
CHART_JAR="$ROOT/load-tests/dashboard/target/asynclog-load-tests-dashboard-0.1.0-SNAPSHOT.jar"

cd "$ROOT"
if [[ "${SKIP_BUILD:-}" != "1" ]]; then
	echo "Building the demo app on Log4j2 and the chart tool (./mvnw -q package -DskipTests -pl demo-app-log4j2,load-tests/dashboard -am)..."
	./mvnw -q package -DskipTests -pl demo-app-log4j2,load-tests/dashboard -am
fi
mkdir -p "$WORK"
rm -f "$WORK/demo.log" "$WORK/app.port"
CLASSPATH_FILE="$ROOT/load-tests/dashboard/target/classpath-runtime.txt"
for f in "$DEMO_JAR" "$CHART_JAR" "$CLASSPATH_FILE"; do
	[[ -f "$f" ]] || { echo "Missing $f: build first (without SKIP_BUILD=1)" >&2; exit 2; }
done

# shellcheck disable=SC2206 # EXTRA_APP_ARGS is split on purpose
APP_ARGS=(--asynclog.ring-buffer-size="$RING_BUFFER_SIZE" --asynclog.immediate-flush=true
	--asynclog.metrics.peak-window="$PEAK_WINDOW" --logging.file.name="$WORK/demo.log" $EXTRA_APP_ARGS)

# Port 0: the app binds a free port itself and Spring Boot's WebServerPortFileWriter writes it to
# app.port (a port chosen here could be taken before the app binds it); the spring.factories below,
# on the app's class path, registers the writer. demo.parent-pid: the app exits if this script is killed.
mkdir -p "$WORK/port-file-listener/META-INF"
echo 'org.springframework.context.ApplicationListener=org.springframework.boot.web.server.context.WebServerPortFileWriter' \
	> "$WORK/port-file-listener/META-INF/spring.factories"
echo "Starting the demo app on 127.0.0.1: ${APP_ARGS[*]}"
java -DPORTFILE="$WORK/app.port" -cp "$WORK/port-file-listener:$DEMO_JAR" org.springframework.boot.loader.launch.JarLauncher \
	--server.port=0 --server.address=127.0.0.1 --demo.parent-pid=$$ "${APP_ARGS[@]}" >"$WORK/app-stdout.log" 2>&1 &
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

PORT=""
BASE_URL=""
for i in $(seq 1 120); do
	if ! kill -0 "$APP_PID" 2>/dev/null; then
		echo "The demo app exited during start-up; see $WORK/app-stdout.log" >&2
		tail -20 "$WORK/app-stdout.log" >&2
		exit 1
	fi
	if [[ -z "$PORT" && -s "$WORK/app.port" ]]; then
		PORT="$(cat "$WORK/app.port")"
		BASE_URL="http://127.0.0.1:$PORT"
	fi
	if [[ -n "$PORT" ]] && curl -fsS -o /dev/null "$BASE_URL/actuator/health" 2>/dev/null; then
		echo "The demo app answers $BASE_URL/actuator/health after ~$((i / 2)) s"
		break
	fi
	sleep 0.5
done
[[ -n "$PORT" ]] || { echo "The demo app wrote no port to $WORK/app.port within 60 s" >&2; exit 1; }
curl -fsS -o /dev/null "$BASE_URL/actuator/health"
# Shown on the chart, with the log path relative to the repository.
APP_ARGS_SHOWN="--server.port=$PORT ${APP_ARGS[*]//$ROOT\//}; stdout to a file"

java -cp "$CHART_JAR:$(cat "$CLASSPATH_FILE")" io.asynclog.loadtests.dashboard.DashboardChart \
	--url="$BASE_URL" --duration="$DURATION" --threads="$THREADS" --max-requests="$MAX_REQUESTS" \
	--out="$OUT" --csv="$WORK/dashboard-chart.csv" --app-args="$APP_ARGS_SHOWN"
