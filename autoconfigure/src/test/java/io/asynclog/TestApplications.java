package io.asynclog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.awaitility.Awaitility;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.bothbackends.Apps;
import io.asynclog.log4j2.queue.PipelineView;
import io.asynclog.log4j2.queue.QueueProbe;


/**
 * Starts real Spring Boot applications with the starter's auto-configuration, and reads the
 * files they log to.
 */
public final class TestApplications {

	private TestApplications() {
	}

	/**
	 * Runs an application with the given properties as command-line arguments.
	 * @param properties {@code key=value} pairs
	 * @return the running context; close it to shut the application down
	 */
	public static ConfigurableApplicationContext run(String... properties) {
		return Apps.run(properties);
	}

	/**
	 * Returns the Log4j2 logger context Spring Boot configured.
	 * @return the logger context
	 */
	public static LoggerContext loggerContext() {
		return LoggerContext.getContext(false);
	}

	/**
	 * Waits until every queue of the context has handed all its events to the appenders.
	 * @param context the logger context
	 */
	public static void awaitQueuesEmpty(LoggerContext context) {
		Awaitility.await()
			.atMost(Duration.ofSeconds(20))
			.pollInterval(Duration.ofMillis(10))
			.until(() -> PipelineView.queues(context).stream().allMatch((queue) -> queue.used() == 0));
	}

	/**
	 * Logs numbered INFO lines.
	 * @param logger the logger's name
	 * @param message the text before each line's number
	 * @param count how many lines
	 */
	public static void logInfo(String logger, String message, int count) {
		Log log = LogFactory.getLog(logger);
		for (int i = 0; i < count; i++) {
			log.info(message + i);
		}
	}

	/**
	 * Logs numbered DEBUG, INFO and WARN lines in turn, the same number of each.
	 * @param logger the logger's name
	 * @param perLevel how many lines of each level
	 */
	public static void logDebugInfoAndWarn(String logger, int perLevel) {
		Log log = LogFactory.getLog(logger);
		for (int i = 0; i < perLevel; i++) {
			log.debug("debug " + i);
			log.info("info " + i);
			log.warn("warn " + i);
		}
	}

	/**
	 * Logs numbered DEBUG and INFO lines in turn, then as many WARN lines. For a full queue
	 * under 'discard': a WARN that finds it full waits for room, and a single thread taking
	 * turns would find room again for the DEBUG and INFO behind each one.
	 * @param logger the logger's name
	 * @param perLevel how many lines of each level
	 */
	public static void logDebugAndInfoThenWarn(String logger, int perLevel) {
		Log log = LogFactory.getLog(logger);
		for (int i = 0; i < perLevel; i++) {
			log.debug("debug " + i);
			log.info("info " + i);
		}
		for (int i = 0; i < perLevel; i++) {
			log.warn("warn " + i);
		}
	}

	/**
	 * Returns the names of the appenders a logger writes to, leaving out the delivery-lag
	 * probe, which writes nothing.
	 * @param logger the logger's configuration
	 * @return the appender names
	 */
	public static Set<String> writingAppenders(LoggerConfig logger) {
		Set<String> names = new LinkedHashSet<>();
		logger.getAppenders().forEach((name, appender) -> {
			if (!(appender instanceof QueueProbe)) {
				names.add(name);
			}
		});
		return names;
	}

	/**
	 * Waits until a file holds at least the given number of lines, and returns them.
	 * @param file the file
	 * @param expected the number of lines to wait for
	 * @return the lines
	 */
	public static List<String> awaitLines(Path file, int expected) {
		List<String> lines = new ArrayList<>();
		Awaitility.await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20)).until(() -> {
			lines.clear();
			lines.addAll(lines(file));
			return lines.size() >= expected;
		});
		return lines;
	}

	/**
	 * Reads a file's lines; none when it does not exist.
	 * @param file the file
	 * @return its lines
	 */
	public static List<String> lines(Path file) {
		try {
			return Files.exists(file) ? Files.readAllLines(file) : List.of();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
