package io.asynclog.loadtests.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

import io.asynclog.loadtests.report.Stats;

/**
 * The rounds of one {@code load-tests/scripts/jmh.sh --logback} run: each {@code round-N}
 * directory holds JMH's JSON and the side results of every setup, run once, and the figures of
 * the page are taken per round, then summarised over the rounds.
 */
final class LogbackRounds {

	static final String ASYNCLOG_LOGBACK = "asynclog-logback";

	static final String ASYNCLOG_LOGBACK_NO_METERS = "asynclog-logback-no-meters";

	/**
	 * asynclog's variants, each held to the targets: without meters first, as its peers count
	 * nothing, then as a Spring Boot application with actuator runs it.
	 */
	static final List<String> ASYNCLOG_VARIANTS = List.of(ASYNCLOG_LOGBACK_NO_METERS, ASYNCLOG_LOGBACK);

	static final String LOGSTASH = "logstash-disruptor";

	static final String ASYNC_APPENDER = "logback-async-appender";

	static final String SYNC = "logback-sync";

	/** The setups the page compares, in its order. */
	static final List<String> SETUPS = List.of(ASYNCLOG_LOGBACK_NO_METERS, ASYNCLOG_LOGBACK, LOGSTASH, ASYNC_APPENDER, SYNC);

	static final String ONE_THREAD = "HandOffBenchmark.oneThread";

	static final String FOUR_THREADS = "HandOffBenchmark.fourThreads";

	static final String LATENCY = "LatencyBenchmark.pacedCalls";

	static final String ALLOCATION = "AllocationBenchmark.log";

	private static final String ROUND_PREFIX = "round-";

	private final List<JmhResults> rounds;

	LogbackRounds(List<JmhResults> rounds) {
		this.rounds = rounds;
	}

	/** Reads every {@code round-N} directory of a run, in round order. */
	static LogbackRounds read(Path runDir) throws IOException {
		List<Path> dirs;
		try (Stream<Path> list = Files.list(runDir)) {
			dirs = list.filter(LogbackRounds::isRound).sorted(Comparator.comparingInt(LogbackRounds::roundNumber)).toList();
		}
		List<JmhResults> rounds = new ArrayList<>();
		for (Path dir : dirs) {
			rounds.add(JmhResults.read(dir));
		}
		return new LogbackRounds(rounds);
	}

	static boolean isRound(Path dir) {
		return Files.isDirectory(dir) && dir.getFileName().toString().matches(ROUND_PREFIX + "\\d+");
	}

	static int roundNumber(Path dir) {
		return Integer.parseInt(dir.getFileName().toString().substring(ROUND_PREFIX.length()));
	}

	int count() {
		return this.rounds.size();
	}

	List<JmhResults> rounds() {
		return this.rounds;
	}

	/** One figure per round, NaN where a round lacks it. */
	double[] perRound(ToDoubleFunction<JmhResults> figure) {
		return this.rounds.stream().mapToDouble(figure).toArray();
	}

	/** A figure's median, minimum and maximum over the rounds. */
	Stats over(ToDoubleFunction<JmhResults> figure) {
		return Stats.of(perRound(figure));
	}

	/**
	 * The ratio of two setups' figures taken within each round, so that both sides of a ratio
	 * come from the same minutes of the machine.
	 */
	double[] ratios(ToDoubleFunction<JmhResults> numerator, ToDoubleFunction<JmhResults> denominator) {
		return this.rounds.stream()
			.mapToDouble((round) -> Stats.ratio(numerator.applyAsDouble(round), denominator.applyAsDouble(round)))
			.toArray();
	}

	/** Calls per second per thread of a hand-off benchmark for one setup, 108-byte messages. */
	static ToDoubleFunction<JmhResults> handOff(String benchmark, String setup) {
		return (round) -> round.find(benchmark, Map.of("setup", setup, "message", "108"))
			.map(JmhResult::callsPerSecond)
			.orElse(Double.NaN);
	}

	/** A latency percentile of one setup at one rate, in nanoseconds. */
	static ToDoubleFunction<JmhResults> latency(String setup, String rate, String value) {
		return (round) -> round.side(LATENCY, setup, Map.of("rate", rate), value).map((s) -> s.value(value)).orElse(Double.NaN);
	}

	/** Bytes allocated per call by one setup, under {@code -prof gc}. */
	static ToDoubleFunction<JmhResults> allocation(String setup) {
		return (round) -> round.find(ALLOCATION, Map.of("setup", setup)).map(JmhResult::allocationPerCall).orElse(Double.NaN);
	}

	/** Calls per second of the allocation benchmark (under the profiler) for one setup. */
	static ToDoubleFunction<JmhResults> allocationThroughput(String setup) {
		return (round) -> round.find(ALLOCATION, Map.of("setup", setup)).map(JmhResult::score).orElse(Double.NaN);
	}

}
