package io.asynclog.logback;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import ch.qos.logback.classic.LoggerContext;
import org.awaitility.Awaitility;
import org.slf4j.LoggerFactory;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.bothbackends.Apps;
import io.asynclog.logback.config.LogbackSetup;
import io.asynclog.logback.queue.LogRing;

/**
 * Starts real Spring Boot applications on Logback with the starter's auto-configuration, and
 * reads what they set up and wrote.
 */
public final class LogbackApps {

	private LogbackApps() {
	}

	/**
	 * Runs an application with the given properties as command-line arguments.
	 * @param properties {@code key=value} pairs
	 * @return the running context
	 */
	public static ConfigurableApplicationContext run(String... properties) {
		return Apps.run(properties);
	}

	/**
	 * Runs an application from a configuration class.
	 * @param configuration the configuration class
	 * @param properties {@code key=value} pairs
	 * @return the running context
	 */
	public static ConfigurableApplicationContext run(Class<?> configuration, String... properties) {
		return Apps.run(configuration, properties);
	}

	/**
	 * Returns the Logback context Spring Boot configured.
	 * @return the context
	 */
	public static LoggerContext context() {
		return (LoggerContext) LoggerFactory.getILoggerFactory();
	}

	/**
	 * Returns what asynclog set up in the running context.
	 * @return the set-up; fails if there is none
	 */
	public static LogbackSetup setup() {
		LogbackSetup setup = LogbackSetup.of(context());
		if (setup == null) {
			throw new AssertionError("asynclog set up nothing in the Logback context");
		}
		return setup;
	}

	/**
	 * Returns the ring of a queue.
	 * @param queue the queue's name
	 * @return the ring
	 */
	public static LogRing ring(String queue) {
		return setup().rings()
			.stream()
			.filter((ring) -> ring.queueName().equals(queue))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no ring for queue " + queue + " in " + setup().rings()));
	}

	/**
	 * Waits until every ring has handed all its events over.
	 */
	public static void awaitRingsEmpty() {
		Awaitility.await()
			.atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(10))
			.until(() -> setup().rings().stream().allMatch((ring) -> ring.reading().used() == 0));
	}

	/**
	 * Stops Logback as Spring Boot's shutdown handler does once the application has closed.
	 */
	public static void runSpringBootShutdownHandler() {
		LoggingSystem.get(LogbackApps.class.getClassLoader()).getShutdownHandler().run();
	}

	/**
	 * Waits until a file holds at least the given number of lines, and returns them.
	 * @param file the file
	 * @param expected the number of lines
	 * @return the lines
	 */
	public static List<String> awaitLines(Path file, int expected) {
		List<String> lines = new ArrayList<>();
		Awaitility.await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20)).until(() -> {
			lines.clear();
			lines.addAll(lines(file));
			return lines.size() >= expected;
		});
		return lines;
	}

	/**
	 * Reads a file's lines; none when it does not exist.
	 * @param file the file
	 * @return the lines
	 */
	public static List<String> lines(Path file) {
		try {
			return Files.exists(file) ? Files.readAllLines(file) : List.of();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Joins property lists.
	 * @param first the first properties
	 * @param rest more properties
	 * @return all of them
	 */
	public static String[] concat(String[] first, String... rest) {
		String[] all = Arrays.copyOf(first, first.length + rest.length);
		System.arraycopy(rest, 0, all, first.length, rest.length);
		return all;
	}

}
