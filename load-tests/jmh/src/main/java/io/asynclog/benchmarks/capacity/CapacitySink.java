package io.asynclog.benchmarks.capacity;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What the ring thread writes each line to, in the capacity runs: Spring Boot's own appenders,
 * as an application that adds the starter and nothing else has them, set by Spring Boot's
 * {@code logging.*} properties. The console goes to a file (see {@link CapacityApp}), as
 * {@code java -jar app.jar > app.log} would send it.
 */
public enum CapacitySink {

	/** Spring Boot's console, its default pattern. */
	CONSOLE,

	/** Spring Boot's console in Elastic Common Schema JSON ({@code logging.structured.format.console=ecs}). */
	CONSOLE_ECS,

	/** Spring Boot's console and its rolling file ({@code logging.file.name}), both with their default patterns. */
	CONSOLE_FILE;

	/** The name the runs, the CSV and the report use. */
	public String id() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/** The Spring Boot properties (command-line arguments) that set this sink up, its file in the directory. */
	List<String> arguments(Path directory) {
		return switch (this) {
			case CONSOLE -> List.of();
			case CONSOLE_ECS -> List.of("--logging.structured.format.console=ecs");
			case CONSOLE_FILE -> List.of("--logging.file.name=" + directory.resolve("app.log").toAbsolutePath());
		};
	}

	public static CapacitySink of(String id) {
		return Arrays.stream(values())
			.filter((sink) -> sink.id().equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("Unknown sink '" + id + "'; accepted: console, console-ecs, console-file"));
	}

}
