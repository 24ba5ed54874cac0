package io.asynclog.loadtests.shipping.run;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The run's options: {@code --config kafka|kafka-ecs|kafka-away|otlp|otlp-away|file --round R
 * --position P --lines N --warmup W [--warmup-seconds S] --csv PATH [--threads PATH] --broker-pid PID [--clock-ticks 100]},
 * and for kafka {@code --bootstrap HOST:PORT --topic T}, for otlp {@code --endpoint URL}, for file
 * {@code --file PATH}. The broker's pid is the OTLP receiver's for otlp.
 *
 * @author asynclog
 */
record Options(String config, int round, int position, long lines, long warmup, long warmupSeconds, Path csv,
		Path threads, String brokerPid, long clockTicks, String bootstrap, String topic, Path file,
		String endpoint) {

	/** The same run with the lines the warm-up logged in all its passes. */
	Options withWarmup(long lines) {
		return new Options(this.config, this.round, this.position, this.lines, lines, this.warmupSeconds, this.csv,
				this.threads, this.brokerPid, this.clockTicks, this.bootstrap, this.topic, this.file,
				this.endpoint);
	}

	static final List<String> CONFIGS = List.of("kafka", "kafka-ecs", "kafka-away", "otlp", "otlp-away", "file");

	/** The appender's type: {@code kafka}, {@code otlp} or {@code file}. */
	String type() {
		return typeOf(this.config);
	}

	/** Whether the appender ships (with a lane and a spool). */
	boolean remote() {
		return !this.config.equals("file");
	}

	private static String typeOf(String config) {
		return config.startsWith("otlp") ? "otlp" : config.startsWith("kafka") ? "kafka" : "file";
	}

	static Options parse(String[] args) {
		Map<String, String> values = new LinkedHashMap<>();
		for (int i = 0; i < args.length; i += 2) {
			if (!args[i].startsWith("--") || i + 1 >= args.length) {
				throw new IllegalArgumentException("expected --name value pairs, got " + List.of(args));
			}
			values.put(args[i].substring(2), args[i + 1]);
		}
		String config = values.getOrDefault("config", "");
		List<String> needed = switch (typeOf(config)) {
			case "kafka" -> List.of("bootstrap", "topic");
			case "otlp" -> List.of("endpoint");
			default -> List.of("file");
		};
		if (!CONFIGS.contains(config) || !values.containsKey("lines") || !values.containsKey("csv")
				|| !values.keySet().containsAll(needed)) {
			throw new IllegalArgumentException("needs --config one of " + CONFIGS + ", --lines, --csv, and --bootstrap"
					+ " and --topic for kafka, --endpoint for otlp, --file for file; got " + values);
		}
		Function<String, Path> path = (name) -> values.containsKey(name) ? Path.of(values.get(name)) : null;
		return new Options(config, Integer.parseInt(values.getOrDefault("round", "1")),
				Integer.parseInt(values.getOrDefault("position", "1")), Long.parseLong(values.get("lines")),
				Long.parseLong(values.getOrDefault("warmup", "0")),
				Long.parseLong(values.getOrDefault("warmup-seconds", "0")), path.apply("csv"), path.apply("threads"),
				values.getOrDefault("broker-pid", "self"), Long.parseLong(values.getOrDefault("clock-ticks", "100")),
				values.get("bootstrap"), values.get("topic"), path.apply("file"), values.get("endpoint"));
	}

}
