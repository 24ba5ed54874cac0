# Sourced by shipping-throughput.sh and shipping-latency.sh: starting and stopping the loopback
# Kafka broker (io.asynclog.loadtests.shipping.run.LoopbackBroker, 127.0.0.1 only) and the loopback
# OTLP/HTTP receiver (io.asynclog.loadtests.shipping.run.LoopbackOtlpReceiver, 127.0.0.1 only), each
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

# start_broker CLASSPATH LOG TOPIC...: starts the broker, sets BROKER_PID and BOOTSTRAP (the
# address it prints once its topics exist), and exits the script if it does not start in 60 s.
start_broker() {
	local classpath="$1" log="$2"
	shift 2
	echo "Starting the broker (topics $*)..."
	java -Xms512m -Xmx512m -cp "$classpath" io.asynclog.loadtests.shipping.run.LoopbackBroker "$@" > "$log" 2>&1 &
	BROKER_PID=$!
	BOOTSTRAP=""
	for _ in $(seq 120); do
		BOOTSTRAP=$(sed -n 's/^bootstrap=//p' "$log" | head -1)
		[[ -n "$BOOTSTRAP" ]] && break
		kill -0 "$BROKER_PID" 2>/dev/null || break
		sleep 0.5
	done
	if [[ -z "$BOOTSTRAP" ]]; then
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
	java -Xms256m -Xmx256m -cp "$classpath" io.asynclog.loadtests.shipping.run.LoopbackOtlpReceiver > "$log" 2>&1 &
	RECEIVER_PID=$!
	OTLP_ENDPOINT=""
	for _ in $(seq 120); do
		OTLP_ENDPOINT=$(sed -n 's/^endpoint=//p' "$log" | head -1)
		[[ -n "$OTLP_ENDPOINT" ]] && break
		kill -0 "$RECEIVER_PID" 2>/dev/null || break
		sleep 0.5
	done
	if [[ -z "$OTLP_ENDPOINT" ]]; then
		echo "The OTLP receiver did not start within 60 s; see $log" >&2
		exit 2
	fi
	echo "OTLP receiver on $OTLP_ENDPOINT (pid $RECEIVER_PID)"
}

# A loopback port nobody listens on (for a broker that is away): connections are refused at once.
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}
