# Sourced by shipping-throughput.sh and shipping-latency.sh: starting and stopping the loopback
# Kafka broker (io.asynclog.fixtures.LoopbackKafka, 127.0.0.1 only) and the loopback
# OTLP/HTTP receiver (io.asynclog.fixtures.LoopbackOtlp, 127.0.0.1 only), each
# in a JVM of its own.

# stop_pid PID: SIGTERM, up to 15 s for the JVM to exit, then SIGKILL.
stop_pid() {
	local pid="$1"
	if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
		kill "$pid" 2>/dev/null || true
		for _ in $(seq 75); do
			kill -0 "$pid" 2>/dev/null || return 0
			sleep 0.2
		done
		kill -9 "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
}

# await_printed PID LOG KEY: prints the value of the first 'KEY=value' line in LOG, waiting up to
# 60 s; fails when none comes in time or the process ends first.
await_printed() {
	local pid="$1" log="$2" key="$3" value
	for _ in $(seq 120); do
		value=$(sed -n "s/^$key=//p" "$log" | head -1)
		if [[ -n "$value" ]]; then
			echo "$value"
			return 0
		fi
		kill -0 "$pid" 2>/dev/null || return 1
		sleep 0.5
	done
	return 1
}

# start_broker CLASSPATH LOG TOPIC...: starts the broker, sets BROKER_PID and BOOTSTRAP (the
# address it prints once its topics exist), and exits the script if it does not start in 60 s.
start_broker() {
	local classpath="$1" log="$2"
	shift 2
	echo "Starting the broker (topics $*)..."
	java -Xms512m -Xmx512m -cp "$classpath" io.asynclog.fixtures.LoopbackKafka "$@" > "$log" 2>&1 &
	BROKER_PID=$!
	if ! BOOTSTRAP=$(await_printed "$BROKER_PID" "$log" bootstrap); then
		echo "The broker did not start within 60 s; see $log" >&2
		exit 2
	fi
	echo "Broker on $BOOTSTRAP (pid $BROKER_PID)"
}

# start_otlp_receiver CLASSPATH LOG: starts the receiver, sets RECEIVER_PID and OTLP_ENDPOINT (the
# URL it prints once it listens), and exits the script if it does not start in 60 s.
start_otlp_receiver() {
	local classpath="$1" log="$2"
	echo "Starting the OTLP receiver..."
	java -Xms256m -Xmx256m -cp "$classpath" io.asynclog.fixtures.LoopbackOtlp > "$log" 2>&1 &
	RECEIVER_PID=$!
	if ! OTLP_ENDPOINT=$(await_printed "$RECEIVER_PID" "$log" endpoint); then
		echo "The OTLP receiver did not start within 60 s; see $log" >&2
		exit 2
	fi
	echo "OTLP receiver on $OTLP_ENDPOINT (pid $RECEIVER_PID)"
}

# A loopback port nobody listens on (for a broker that is away): connections are refused at once.
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}
