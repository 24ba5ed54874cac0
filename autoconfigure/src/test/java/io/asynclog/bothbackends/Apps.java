package io.asynclog.bothbackends;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.awaitility.Awaitility;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

import io.asynclog.core.backend.LoggingBackends;
import io.asynclog.core.queue.LogQueue;

/**
 * Starts real Spring Boot applications with the starter's auto-configuration on whichever
 * backend the class path gives, and reads their queues and files through asynclog's
 * backend-neutral view only.
 */
public final class Apps {

	private Apps() {
	}

	/**
	 * Runs an application with the given properties as command-line arguments.
	 * @param properties {@code key=value} pairs
	 * @return the running context; close it to shut the application down
	 */
	public static ConfigurableApplicationContext run(String... properties) {
		return run(Config.class, properties);
	}

	/**
	 * Runs an application from a configuration class, not a web application, with the given
	 * properties as command-line arguments.
	 * @param configuration the configuration class
	 * @param properties {@code key=value} pairs
	 * @return the running context; close it to shut the application down
	 */
	public static ConfigurableApplicationContext run(Class<?> configuration, String... properties) {
		String[] args = Arrays.stream(properties).map((property) -> "--" + property).toArray(String[]::new);
		return new SpringApplicationBuilder(configuration).web(WebApplicationType.NONE).run(args);
	}

	/**
	 * Runs a web application on 127.0.0.1 and a free port, with the given properties as
	 * command-line arguments; {@link #port(ConfigurableApplicationContext)} reads the port.
	 * @param properties {@code key=value} pairs
	 * @return the running context; close it to shut the application down
	 */
	public static ConfigurableApplicationContext runWeb(String... properties) {
		String[] args = Stream.concat(Stream.of("server.address=127.0.0.1", "server.port=0"), Stream.of(properties))
			.map((property) -> "--" + property)
			.toArray(String[]::new);
		return new SpringApplicationBuilder(Config.class).web(WebApplicationType.SERVLET).run(args);
	}

	/**
	 * Returns the port a web application listens on.
	 * @param context the application
	 * @return the port
	 */
	public static int port(ConfigurableApplicationContext context) {
		return Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
	}

	/**
	 * Runs an application whose root logger writes to the recording appender (see
	 * {@link BackendUnderTest#recordingConfig()}), after giving that appender a fresh
	 * {@link Recorder}.
	 * @param backend the backend under test
	 * @param properties more {@code key=value} pairs
	 * @return the running context
	 */
	public static ConfigurableApplicationContext runRecording(BackendUnderTest backend, String... properties) {
		Recorder.fresh(Recorder.RECORDING);
		return run(Stream.concat(Stream.of(backend.recordingConfig()), Stream.of(properties)).toArray(String[]::new));
	}

	/**
	 * Reads every queue of the running backend now.
	 * @return the queues
	 */
	public static List<LogQueue> queues() {
		return LoggingBackends.running(Apps.class.getClassLoader()).queues();
	}

	/**
	 * Reads one queue of the running backend now.
	 * @param name the queue's name
	 * @return the queue
	 */
	public static LogQueue queue(String name) {
		return queues().stream()
			.filter((queue) -> queue.name().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no queue '" + name + "' in " + queues()));
	}

	/**
	 * Waits until every queue has handed all its events to the appenders.
	 */
	public static void awaitQueuesEmpty() {
		Awaitility.await("every queue empty")
			.atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(10))
			.until(() -> queues().stream().allMatch((queue) -> queue.used() == 0));
	}

	/**
	 * Reads a file's lines; none when it does not exist.
	 * @param file the file
	 * @return its lines
	 */
	public static List<String> lines(Path file) {
		try {
			return Files.exists(file) ? Files.readAllLines(file) : new ArrayList<>();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class Config {

	}

}
